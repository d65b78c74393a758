import type { ReturnedPayment } from '../../../machines/purchase/purchase.types';
import { purchaseStorage } from '../../lib/purchase-storage';

/** The query parameter of Bit's return address that carries the one-time token of the redirect. */
export const BIT_RETURN_PARAM = 'bit_return';

/**
 * The address without any `bit_return`: the rest of its query stays the text it was (a payment link's
 * query is the one its merchant signed), and nothing else changes.
 */
export function withoutBitReturn(href: string): URL {
  const url = new URL(href);
  url.search = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !new URLSearchParams(pair).has(BIT_RETURN_PARAM))
    .join('&');
  return url;
}

/**
 * Where Bit's page sends the visitor back: the very page they paid from (its path and its own query,
 * without a stale token), with a new one-time token of this browser's redirect. The page's route reads
 * the token (useReturnedBitPayment), so the purchase ends there as after any other method.
 */
export function bitReturnAddress(page: string, token: string): string {
  const back = withoutBitReturn(page);
  back.hash = '';
  back.search = [back.search.slice(1), `${BIT_RETURN_PARAM}=${encodeURIComponent(token)}`]
    .filter((part) => part !== '')
    .join('&');
  return back.href;
}

/**
 * The Bit payment this browser sent away and is now back from: the address carries the one-time token
 * of that redirect, the pay status is pending and the machine is the same. It holds no verdict (the
 * purchase asks the operator for one); any other address (replayed, shared or made up) shows nothing.
 */
export function returnedBitPayment(machineId: string, bitReturn: string | undefined): ReturnedPayment | undefined {
  if (!bitReturn) return undefined;
  const receipt = purchaseStorage.rememberedPurchase();
  const expectedReturn = purchaseStorage.takeReturnToken();
  const transactionId = purchaseStorage.returnedTransaction();
  if (
    !expectedReturn ||
    bitReturn !== expectedReturn ||
    !transactionId ||
    purchaseStorage.payStatus() !== 'pending' ||
    receipt?.machineId !== machineId
  ) {
    return undefined;
  }
  return { transactionId, receipt };
}

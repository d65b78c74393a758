import type { ReturnedPayment } from '../../../machines/purchase/purchase.types';
import { purchaseStorage } from '../../lib/purchase-storage';

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

import type { BitPayment } from '../../../machines/payment/bit.machine';
import type { PaymentOrder } from '../../../machines/payment/payment.types';
import { parseUrl } from '../../../machines/shared/web-address';
import { PROVIDER_URLS } from '../../config';
import { purchaseStorage } from '../../lib/purchase-storage';
import { bitReturnAddress } from './bit-return';

/**
 * Where Bit's page sends the visitor back: the page they pay from (/pay, /vacuum or a payment link, with
 * its own query), with a new one-time token of this browser's redirect.
 */
export function bitReturnUrl(page: string = window.location.href): string {
  // Only this redirect's return is checked: a replayed or hand-made address lacks the token.
  return bitReturnAddress(page, purchaseStorage.newReturnToken());
}

/** Keeps the pay status pending with the transaction, and sends the browser to the processor's Bit page. */
export function redirectToBit({ order, payment }: { order: PaymentOrder; payment: BitPayment }): Promise<void> {
  const page = parseUrl(payment.paymentUrl);
  // A top-level navigation leaves the app: only to the Bit processor the build names.
  if (!page || page.origin !== PROVIDER_URLS.bitOrigin) {
    return Promise.reject(new Error(`payment_url is not on ${PROVIDER_URLS.bitOrigin}: ${payment.paymentUrl}`));
  }
  purchaseStorage.setPayStatus('pending');
  purchaseStorage.rememberReturnedTransaction(payment.transactionId, order.visitorUuid);
  window.location.assign(page.href);
  return Promise.resolve();
}

import type { BitPayment } from '../../../machines/payment/methods/bit/bit.machine';
import { parseUrl } from '../../../machines/shared/web-address';
import { PROVIDER_URLS } from '../../config';
import { bitReturnAddress } from './bit-return';

/**
 * Where Bit's page sends the visitor back: the page they pay from (/pay, /vacuum or a payment link, with
 * its own query). The page asks the operator about the payment this browser has underway.
 */
export function bitReturnUrl(page: string = window.location.href): string {
  return bitReturnAddress(page);
}

/** Sends the browser to the processor's Bit page (the purchase remembered its payment as underway). */
export function redirectToBit({ payment }: { payment: BitPayment }): Promise<void> {
  const page = parseUrl(payment.paymentUrl);
  // A top-level navigation leaves the app: only to the Bit processor the build names.
  if (!page || page.origin !== PROVIDER_URLS.bitOrigin) {
    return Promise.reject(new Error(`payment_url is not on ${PROVIDER_URLS.bitOrigin}: ${payment.paymentUrl}`));
  }
  window.location.assign(page.href);
  return Promise.resolve();
}

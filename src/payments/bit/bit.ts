import type { PaymentOrder } from '../../../machines/payment/payment.types';
import { PROVIDER_URLS } from '../../config';
import { purchaseStorage } from '../../lib/purchase-storage';

/** Keeps the pay status pending and sends the browser to Bit, which brings it back to this machine's /pay. */
export function redirectToBit({ order }: { order: PaymentOrder }): Promise<void> {
  if (!order.visitorUuid) return Promise.reject(new Error('no session to pay'));
  purchaseStorage.setPayStatus('pending');
  const back = new URL('/pay', window.location.origin);
  back.searchParams.set('machine_id', order.machineId);
  // Only this redirect's return is believed: a replayed or hand-made address lacks the token.
  back.searchParams.set('bit_return', purchaseStorage.newReturnToken());
  const bit = new URL(PROVIDER_URLS.bitPay, window.location.href);
  bit.searchParams.set('session_id', order.visitorUuid);
  bit.searchParams.set('amount', order.total.toFixed(2));
  bit.searchParams.set('return_url', back.href);
  window.location.assign(bit.href);
  return Promise.resolve();
}

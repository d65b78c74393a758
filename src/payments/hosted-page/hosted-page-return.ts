import type { PaymentOrder } from '../../../machines/payment/payment.types';
import type { ReturnedPayment } from '../../../machines/purchase/purchase.types';
import { purchaseStorage } from '../../lib/purchase-storage';

/**
 * Before the hosted page is framed: a one-time return marker and the purchase's session, in case Hyp's
 * return loads at the top level (a redirect display mode, a 3-D Secure page that leaves the frame).
 * public/payment-return.js then carries the payer to /pay with the marker, as Bit's return does.
 */
export function prepareHostedPageReturn(order: PaymentOrder): void {
  purchaseStorage.forgetHostedPageReturn();
  purchaseStorage.newReturnToken();
  purchaseStorage.rememberReturnedSession(order.visitorUuid);
}

/**
 * The hosted-page payment this browser framed and whose return loaded at the top level: the address
 * carries the one-time marker, the pay status is pending, the machine is the same, and the return page
 * kept Hyp's parameters. It holds no verdict: the purchase asks the operator to verify those parameters
 * (src/actors/payments.ts, checkReturnedPayment). Any other address (replayed, shared, made up) shows
 * nothing, and forgets what was kept.
 */
export function returnedHostedPayment(machineId: string, marker: string | undefined): ReturnedPayment | undefined {
  if (!marker) return undefined;
  const receipt = purchaseStorage.rememberedPurchase();
  const expected = purchaseStorage.takeReturnToken();
  const transactionId = purchaseStorage.hostedPageReturn()?.get('Id');
  if (
    !expected ||
    marker !== expected ||
    !transactionId ||
    purchaseStorage.payStatus() !== 'pending' ||
    receipt?.machineId !== machineId
  ) {
    purchaseStorage.forgetHostedPageReturn();
    return undefined;
  }
  return { transactionId, receipt };
}

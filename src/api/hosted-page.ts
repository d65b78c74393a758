import type { ReturnedPayment } from '../../machines/payment/hosted-page.machine';
import { PAY_STATUS_OK, type AttemptInput } from '../../machines/payment/payment.types';
import type { ReturnedPaymentStatus } from '../../machines/purchase/purchase.types';
import { fetchJson, type ApiClient } from './client';
import { payResponseSchema } from './payment';

/**
 * POST /api/payment/post/hosted_page/verify: the operator verifies what the hosted page (Hyp) sent the
 * payer back with (Id, CCode, Amount, ACode, Order, Fild1..3, Sign, in Hyp's order) and answers the
 * pay response: status 0 is a verified approved payment.
 */
export function verifyHostedPayment(client: ApiClient, { order, attemptKey }: AttemptInput, returned: ReturnedPayment) {
  return fetchJson(client, payResponseSchema, 'api/payment/post/hosted_page/verify', {
    method: 'post',
    searchParams: { machine_id: order.machineId },
    json: returned,
    attemptKey,
  });
}

/**
 * The same verification for a return that loaded at the top level (public/payment-return.js), asked from
 * a new page: under the purchase's session (the new page has started another one), with Hyp's parameters
 * in their order. Its Idempotency-Key is the return's own, so asking again is answered the same. Answers
 * the returned payment's status: approved on status 0; otherwise declined with the operator's words (a
 * decline, or a return that does not verify).
 */
export async function verifyReturnedHostedPayment(
  client: ApiClient,
  {
    machineId,
    sessionUuid,
    returned,
  }: { machineId: string; sessionUuid: string | undefined; returned: URLSearchParams },
): Promise<ReturnedPaymentStatus> {
  const transactionId = returned.get('Id') ?? '';
  const answer = await fetchJson(client, payResponseSchema, 'api/payment/post/hosted_page/verify', {
    method: 'post',
    searchParams: { machine_id: machineId },
    json: Object.fromEntries(returned),
    sessionUuid,
    attemptKey: `hosted-page-return-${transactionId}`,
  });
  return {
    status: answer.status === PAY_STATUS_OK ? 'approved' : 'declined',
    msg: answer.msg,
    transactionId: answer.transactionId ?? transactionId,
  };
}

import type { ReturnedPayment } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { AttemptInput } from '../../machines/payment/payment.types';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';
import { payResponseSchema } from './payment';

/**
 * POST /api/payment/post/hosted_page/verify: the operator verifies what the hosted page (Hyp) sent the
 * payer back with (Id, CCode, Amount, ACode, Order, Fild1..3, Sign, in Hyp's order) and answers the
 * pay response: status 0 is a verified approved payment.
 */
export function verifyHostedPayment(client: ApiClient, { order, attemptKey }: AttemptInput, returned: ReturnedPayment) {
  const schema = readsAnswer<Answer<'verifyHostedPayment'>>()(payResponseSchema);
  return fetchJson(client, schema, 'api/payment/post/hosted_page/verify', {
    method: 'post',
    searchParams: { machine_id: order.machineId },
    json: returned,
    attemptKey,
  });
}

/**
 * The operator's Bit call. Bit goes through a processor: the operator's server initialises the payment
 * and is notified of its verdict server-to-server, so the app asks the operator for it (payment-status.ts).
 * - POST /api/payment/pre/bit/init?machine_id body `{ return_url }`
 *   answers `{ status, msg, data: { transaction_id, payment_url } }` (status 0: the payment is ready).
 */
import * as v from 'valibot';
import type { BitInitAnswer } from '../../machines/payment/methods/bit/bit.machine';
import type { AttemptInput } from '../../machines/payment/payment.types';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';

const transactionId = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.nonEmpty());

const initSchema = readsAnswer<Answer<'initBitPayment'>>()(
  v.object({
    status: v.number(),
    msg: v.optional(v.nullable(v.string())),
    data: v.optional(v.nullable(v.object({ transaction_id: transactionId, payment_url: v.pipe(v.string(), v.url()) }))),
  }),
);

/** POST /api/payment/pre/bit/init: the processor's Bit page for this purchase, returning to returnUrl. */
export async function initBitPayment(
  client: ApiClient,
  { order, attemptKey }: AttemptInput,
  returnUrl: string,
): Promise<BitInitAnswer> {
  const answer = await fetchJson(client, initSchema, 'api/payment/pre/bit/init', {
    method: 'post',
    searchParams: { machine_id: order.machineId },
    json: { return_url: returnUrl },
    attemptKey,
  });
  const { data } = answer;
  return {
    status: answer.status,
    msg: answer.msg ?? '',
    payment: data ? { transactionId: data.transaction_id, paymentUrl: data.payment_url } : undefined,
  };
}

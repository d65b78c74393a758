/**
 * The operator's Bit calls. Bit goes through a processor: the operator's server initialises the payment
 * and is notified of its verdict server-to-server, so the app asks the operator for it.
 * - POST /api/payment/pre/bit/init?machine_id body `{ return_url }`
 *   answers `{ status, msg, data: { transaction_id, payment_url } }` (status 0: the payment is ready);
 * - GET /api/payment/bit/status?machine_id&transaction_id
 *   answers `{ status: 'pending' | 'approved' | 'declined' | 'expired', msg, data: { transaction_id } }`.
 */
import * as v from 'valibot';
import type { BitInitAnswer } from '../../machines/payment/bit.machine';
import type { AttemptInput } from '../../machines/payment/payment.types';
import type { ReturnedPaymentStatus } from '../../machines/purchase/purchase.types';
import { fetchJson, type ApiClient } from './client';

const transactionId = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.nonEmpty());

const initSchema = v.object({
  status: v.number(),
  msg: v.optional(v.nullable(v.string())),
  data: v.optional(v.nullable(v.object({ transaction_id: transactionId, payment_url: v.pipe(v.string(), v.url()) }))),
});

const statusSchema = v.object({
  status: v.picklist(['pending', 'approved', 'declined', 'expired']),
  msg: v.optional(v.nullable(v.string())),
  data: v.object({ transaction_id: transactionId }),
});

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

/** GET /api/payment/bit/status: the verdict the processor notified to the operator. */
export async function bitPaymentStatus(
  client: ApiClient,
  { machineId, transactionId: id, sessionUuid }: { machineId: string; transactionId: string; sessionUuid?: string },
): Promise<ReturnedPaymentStatus> {
  // Asked under the purchase's session: the page Bit returned to has started another one (menu/get).
  const answer = await fetchJson(client, statusSchema, 'api/payment/bit/status', {
    searchParams: { machine_id: machineId, transaction_id: id },
    sessionUuid,
  });
  return { status: answer.status, msg: answer.msg ?? '', transactionId: answer.data.transaction_id };
}

/**
 * GET /api/payment/status?machine_id, under the purchase's session uuid: what the operator knows of the
 * purchase's payment, from the providers' notifications and its own questions to them. Answers
 * `{ status: 'paid' | 'not_charged' | 'pending', msg, data: { transaction_id, method } }`.
 */
import * as v from 'valibot';
import type { PaymentMethod, ReturnedPaymentStatus } from '../../machines/purchase/purchase.types';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';

/** The operator's charge methods, as the app names the method the visitor chose. */
const METHOD_OF_CHARGE: Record<string, PaymentMethod> = {
  google_pay: 'google_pay',
  apple_pay: 'apple_pay',
  tranzila: 'credit_card',
  yaad_sarig: 'credit_card',
  stripe: 'stripe',
  card_scan: 'card_scan',
  bit: 'bit',
};

const statusSchema = readsAnswer<Answer<'paymentStatus'>>()(
  v.object({
    status: v.picklist(['paid', 'not_charged', 'pending']),
    msg: v.optional(v.nullable(v.string())),
    data: v.object({
      transaction_id: v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
      method: v.nullish(v.string()),
      decline_message: v.nullish(v.string()),
    }),
  }),
);

export async function paymentStatus(
  client: ApiClient,
  { machineId, sessionId }: { machineId: string; sessionId: string },
): Promise<ReturnedPaymentStatus> {
  // Asked under the purchase's session: a page loaded since has started another one (menu/get).
  const answer = await fetchJson(client, statusSchema, 'api/payment/status', {
    searchParams: { machine_id: machineId },
    sessionUuid: sessionId,
  });
  const { transaction_id, method, decline_message } = answer.data;
  return {
    status: answer.status,
    msg: answer.msg ?? '',
    transactionId: transaction_id ?? undefined,
    method: method ? METHOD_OF_CHARGE[method] : undefined,
    declineMessage: decline_message ?? undefined,
  };
}

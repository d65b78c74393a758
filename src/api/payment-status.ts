/**
 * GET /api/payment/status?machine_id, under the purchase's session uuid: what the operator knows of the
 * purchase's payment, from the providers' notifications and its own questions to them. Answers
 * `{ status: 'paid' | 'not_charged' | 'pending', msg, data: { transaction_id, method } }`.
 */
import * as v from 'valibot';
import type { DeliveryStatus } from '../../machines/delivery/delivery.types';
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

const amount = v.pipe(v.number(), v.finite(), v.minValue(0));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The contract's Delivery: what the machine delivered and what went back to the payer. */
const deliverySchema = v.object({
  state: v.picklist(['delivering', 'delivered', 'partly_delivered', 'not_delivered']),
  kind: v.picklist(['vend', 'start']),
  items: v.array(
    v.object({
      product_id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
      name: v.string(),
      ordered: count,
      delivered: v.nullable(count),
    }),
  ),
  given_back: v.nullable(
    v.object({
      way: v.picklist(['released', 'refund_pending', 'refunded']),
      amount,
      refund_id: v.nullable(v.string()),
      arrives_within_days: v.nullable(count),
    }),
  ),
});

function toDelivery(answer: v.InferOutput<typeof deliverySchema>): DeliveryStatus {
  const { given_back: givenBack } = answer;
  return {
    state: answer.state,
    kind: answer.kind,
    items: answer.items.map((item) => ({
      productId: item.product_id,
      name: item.name,
      ordered: item.ordered,
      delivered: item.delivered ?? undefined,
    })),
    givenBack: givenBack
      ? {
          way: givenBack.way,
          amount: givenBack.amount,
          refundId: givenBack.refund_id ?? undefined,
          arrivesWithinDays: givenBack.arrives_within_days ?? undefined,
        }
      : undefined,
  };
}

const statusSchema = readsAnswer<Answer<'paymentStatus'>>()(
  v.object({
    status: v.picklist(['paid', 'not_charged', 'pending']),
    msg: v.optional(v.nullable(v.string())),
    data: v.object({
      transaction_id: v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
      method: v.nullish(v.string()),
      decline_message: v.nullish(v.string()),
      // Older operators do not say: nothing to follow.
      delivery: v.nullish(deliverySchema),
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
  const { transaction_id, method, decline_message, delivery } = answer.data;
  return {
    status: answer.status,
    msg: answer.msg ?? '',
    transactionId: transaction_id ?? undefined,
    method: method ? METHOD_OF_CHARGE[method] : undefined,
    declineMessage: decline_message ?? undefined,
    delivery: delivery ? toDelivery(delivery) : undefined,
  };
}

import * as v from 'valibot';
import type { Booking } from '../../machines/purchase/purchase.types';
import type { PurchaseLineRequest } from '../../machines/shared/pricing';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';

export const setPurchaseAnswerSchema = v.object({ session_id: v.pipe(v.string(), v.nonEmpty()) });

const money = v.pipe(v.number(), v.finite(), v.minValue(0));

/** set_purchase's and book_link's answer (each call ties it to its own operation's): the purchase's id and pricing. */
export const bookedPurchaseSchema = v.object({
  ...setPurchaseAnswerSchema.entries,
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  lines: v.pipe(
    v.array(
      v.object({
        product_id: v.union([v.number(), v.pipe(v.string(), v.nonEmpty())]),
        name: v.string(),
        count: v.pipe(v.number(), v.integer(), v.minValue(1)),
        unit_price: money,
        unit_fee: money,
        line_total: money,
      }),
    ),
    v.nonEmpty(),
  ),
  subtotal: money,
  fees: money,
  total: v.pipe(money, v.gtValue(0)),
});

/** Reads a booked purchase's answer; its session_id becomes the session uuid of every later call. */
export function adoptBooking(client: ApiClient, answer: v.InferOutput<typeof bookedPurchaseSchema>): Booking {
  client.setSessionUuid(answer.session_id);
  const { subtotal, fees, total } = answer;
  return {
    sessionId: answer.session_id,
    currency: answer.currency,
    lines: answer.lines.map((line) => ({
      productId: line.product_id,
      name: line.name,
      count: line.count,
      unitPrice: line.unit_price,
      unitFee: line.unit_fee,
      lineTotal: line.line_total,
    })),
    totals: { subtotal, fees, total },
  };
}

/** POST /api/menu/set_purchase: stores the lines; answers them as the operator priced them. */
export async function setPurchase(
  client: ApiClient,
  machineId: string,
  lines: readonly PurchaseLineRequest[],
): Promise<Booking> {
  const schema = readsAnswer<Answer<'setPurchase'>>()(bookedPurchaseSchema);
  const answer = await fetchJson(client, schema, 'api/menu/set_purchase', {
    method: 'post',
    searchParams: { machine_id: machineId },
    json: lines,
  });
  return adoptBooking(client, answer);
}

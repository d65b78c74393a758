import * as v from 'valibot';
import type { PaymentIntent } from '../../machines/custom-payment/payment-intent.machine';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';
import { adoptBooking, bookedPurchaseSchema } from './purchase';
import type { Booking } from '../../machines/purchase/purchase.types';

/** The answer of GET /api/merchants/custom/get_iframe (requirements.md §7): the page to pay on and its visitor uuid. */
export const iframeAnswerSchema = readsAnswer<Answer<'getPaymentIframe'>>()(
  v.object({
    iframe_url: v.pipe(v.string(), v.nonEmpty()),
    payment: v.object({ visitor_uuid: v.pipe(v.string(), v.nonEmpty()) }),
  }),
);

/**
 * GET /api/merchants/custom/get_iframe with the page's query string passed on as it is (each
 * parameter once: a repeated one keeps its last value).
 */
export async function getPaymentIframe(client: ApiClient, query: string): Promise<PaymentIntent> {
  const answer = await fetchJson(client, iframeAnswerSchema, 'api/merchants/custom/get_iframe', {
    searchParams: Object.fromEntries(new URLSearchParams(query)),
  });
  return { iframeUrl: answer.iframe_url, visitorUuid: answer.payment.visitor_uuid };
}

/**
 * POST /api/merchants/custom/book_link: the operator books the payment page's signed query (a link opened
 * without the visitor uuid /genPaymentIntend kept), answering it priced like set_purchase.
 */
export async function bookPaymentLink(client: ApiClient, machineId: string, query: string): Promise<Booking> {
  const schema = readsAnswer<Answer<'bookPaymentLink'>>()(bookedPurchaseSchema);
  const answer = await fetchJson(client, schema, 'api/merchants/custom/book_link', {
    method: 'post',
    searchParams: { machine_id: machineId },
    json: { query },
  });
  return adoptBooking(client, answer);
}

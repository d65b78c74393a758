/**
 * The wheelshare station's calls (requirements.md §7). The calls after set_purchase carry the rental's
 * session (its session_id) as their session uuid: the operator takes no bare phone number. The spec gives neither the set_purchase body nor the
 * pay and return answers; this app sends and reads:
 * - set_purchase body: `{ rental_option: 'hourly' | 'daily', start_time, end_time }` (ISO 8601);
 * - pay answer: `{ status, msg, data: { payment_url } }`, status 0 meaning the link is ready;
 * - return answer: `{ status, msg }`, status 0 meaning the rental is closed.
 */
import * as v from 'valibot';
import {
  NoRentalHere,
  type DeferredPayment,
  type OperatorAnswer,
  type SetPurchaseInput,
  type StationCallInput,
} from '../../machines/wheelshare/wheelshare.types';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';
import { setPurchaseAnswerSchema } from './purchase';

/** A poll that has not answered by then counts as failed; the machine's next tick is the retry. */
export const POLL_TIMEOUT_MS = 5_000;

const operatorAnswerSchema = readsAnswer<Answer<'returnRental'>>()(
  v.object({ status: v.number(), msg: v.optional(v.nullable(v.string())) }),
);

const deferredPaymentSchema = readsAnswer<Answer<'requestDeferredPayment'>>()(
  v.object({
    ...operatorAnswerSchema.entries,
    data: v.optional(v.nullable(v.object({ payment_url: v.optional(v.nullable(v.string())) }))),
  }),
);

const waitingSchema = readsAnswer<Answer<'isWaitingForCard'>>()(v.object({ status: v.boolean() }));

const toAnswer = ({ status, msg }: v.InferOutput<typeof operatorAnswerSchema>): OperatorAnswer => ({
  status,
  message: msg ?? '',
});

const stationQuery = ({ machineId, phone }: Pick<StationCallInput, 'machineId' | 'phone'>) => ({
  phone_number: phone,
  machine_id: machineId,
});

/** POST /api/merchants/wheelshare/set_purchase: records the rental; answers its session_id. */
export async function setWheelsharePurchase(
  client: ApiClient,
  { machineId, phone, rental }: SetPurchaseInput,
): Promise<string> {
  const schema = readsAnswer<Answer<'setWheelsharePurchase'>>()(setPurchaseAnswerSchema);
  const answer = await fetchJson(client, schema, 'api/merchants/wheelshare/set_purchase', {
    method: 'post',
    searchParams: stationQuery({ machineId, phone }),
    json: rental,
  });
  return answer.session_id;
}

/** POST /api/merchants/wheelshare/pay?payment_type=deferred: the link the visitor pays with on their phone. */
export async function requestDeferredPayment(client: ApiClient, call: StationCallInput): Promise<DeferredPayment> {
  const answer = await fetchJson(client, deferredPaymentSchema, 'api/merchants/wheelshare/pay', {
    method: 'post',
    searchParams: { payment_type: 'deferred', ...stationQuery(call) },
    sessionUuid: call.session,
  });
  return { ...toAnswer(answer), paymentUrl: answer.data?.payment_url ?? undefined };
}

/**
 * GET /api/merchants/wheelshare/is_waiting_for_creditcard: true until the visitor's card has gone
 * through. Tried once, within POLL_TIMEOUT_MS: the station polls every second anyway.
 */
export function isWaitingForCard(client: ApiClient, call: StationCallInput): Promise<boolean> {
  // Never longer than the client's own time-out (tests shorten it).
  const timeout = Math.min(POLL_TIMEOUT_MS, client.timeoutMs);
  const once: ApiClient = { ...client, http: client.http.extend({ retry: 0, timeout }) };
  return fetchJson(once, waitingSchema, 'api/merchants/wheelshare/is_waiting_for_creditcard', {
    searchParams: stationQuery(call),
    sessionUuid: call.session,
  }).then((answer) => answer.status);
}

/**
 * POST /api/integration/wheelshare/return: closes the phone number's rental, with the session it was rented
 * under. Without one the operator refuses the call (400: a phone number alone is no proof), so it is not
 * sent: NoRentalHere says this station holds no rental for the phone.
 */
export async function returnRental(
  client: ApiClient,
  { phone, session }: { phone: string; session: string | undefined },
): Promise<OperatorAnswer> {
  if (session === undefined) throw new NoRentalHere();
  const answer = await fetchJson(client, operatorAnswerSchema, 'api/integration/wheelshare/return', {
    method: 'post',
    searchParams: { phone_number: phone },
    sessionUuid: session,
  });
  return toAnswer(answer);
}

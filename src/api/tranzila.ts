import * as v from 'valibot';
import type { AttemptInput } from '../../machines/payment/payment.types';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';

/**
 * POST /api/payment/pre/tranzila/handshake: the operator's server makes a Tranzila handshake for the
 * purchase's total (its password never reaches the page) and answers the token the charge must carry.
 * A payment POST: never retried.
 */
export async function createTranzilaHandshake(client: ApiClient, { order, attemptKey }: AttemptInput): Promise<string> {
  const answer = await fetchJson(
    client,
    readsAnswer<Answer<'createTranzilaHandshake'>>()(v.object({ thtk: v.pipe(v.string(), v.nonEmpty()) })),
    'api/payment/pre/tranzila/handshake',
    { method: 'post', searchParams: { machine_id: order.machineId }, attemptKey },
  );
  return answer.thtk;
}

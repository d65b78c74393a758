import * as v from 'valibot';
import { fetchJson, type ApiClient } from './client';

/** The answer of POST /sandbox/sign-link: the query signed, its `expires` and `signature` added. */
const signedQuerySchema = v.object({ query: v.pipe(v.string(), v.nonEmpty()) });

/**
 * POST /sandbox/sign-link {query}: the sandbox signs a payment link's query as the merchant does, with an
 * expiry. A sandbox tool, not an operator call: it is served on the app's own origin (not the API's), and
 * belongs to no visitor's session. It moves no money, so it carries no idempotency key, and as a POST it is
 * never retried on its own.
 */
export async function signLinkQuery(client: ApiClient, origin: string, query: string): Promise<string> {
  const sandboxTools: ApiClient = {
    ...client,
    http: client.http.extend({ prefixUrl: origin }),
    sessionUuid: () => null,
  };
  const answer = await fetchJson(sandboxTools, signedQuerySchema, 'sandbox/sign-link', {
    method: 'post',
    json: { query },
  });
  return answer.query;
}

import { Hono } from 'hono';
import * as v from 'valibot';
import { EXPIRES_PARAM, expiresIn, signLink } from '../payment-links';
import { fail, jsonBody, parseOrFail, type SandboxEnv, type SandboxState } from './shared';

/** How long a link signed here lives: long enough to open it from /test, short enough to be a test. */
export const SIGNED_HERE_LIFETIME_S = 10 * 60;

const signSchema = v.object({ query: v.pipe(v.string(), v.nonEmpty()) });

/**
 * POST /sandbox/sign-link {query} (the sandbox's own tool, on the app's origin; never in production, which
 * has no merchant key to sign with): the link's query signed as the merchant signs its payment links,
 * with the key of the machine it names (`machine_id` or `machineId`) and an expiry
 * SIGNED_HERE_LIFETIME_S ahead (any given one replaced). Answers {query}. /test builds its links with it.
 */
export function signLinkRoutes(state: SandboxState) {
  return new Hono<SandboxEnv>().post('/', async (c) => {
    const params = new URLSearchParams(parseOrFail(signSchema, await jsonBody(c)).query);
    const machineId = params.get('machine_id') ?? params.get('machineId');
    if (!machineId) fail(400, 'query: names no machine_id or machineId');
    const machine = state.catalogue.get(machineId) ?? fail(404, 'machine not found');
    params.set(EXPIRES_PARAM, expiresIn(SIGNED_HERE_LIFETIME_S));
    return c.json({ query: signLink(machine.paymentLinkKey, params).toString() });
  });
}

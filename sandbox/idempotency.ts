import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SandboxEnv } from './api/shared';

/**
 * Idempotency-Key on the calls that move money (design.md §10, the contract's `IdempotencyKey`), with
 * Stripe's semantics (docs.stripe.com/api/idempotent_requests) and the IETF draft's status codes
 * (draft-ietf-httpapi-idempotency-key-header, §2.7):
 * - the key is required (400 without one), 1–255 characters (Stripe's limit);
 * - the first request with a key runs, and its answer, whatever its status, is kept for 24 hours;
 * - the same key with the same request (method, path, query without the session uuid, body) answers the
 *   kept answer again, with `Idempotent-Replayed: true`, and runs nothing: no second charge;
 * - the same key with another request is refused with 422 (Stripe answers 400 there);
 * - the same key while its first request is still running is refused with 409.
 * A key belongs to the session and the call that sent it: another visitor's key, or the same attempt's
 * key on its next call (Tranzila's confirmation after its handshake), is another key.
 *
 * The store is no sink for strangers: a key is kept only for a session that names a booked purchase,
 * a request the operator refused as malformed (4xx other than 409) keeps nothing, the request is kept
 * as a hash (its fingerprint), and a session keeps at most MAX_KEYS_PER_SESSION keys (429 past that).
 */
export const MONEY_CALLS: readonly string[] = [
  'POST /v4/api/payment/pay/wallet',
  'POST /v4/api/payment/pre/stripe',
  'POST /v4/api/payment/pre/tranzila/handshake',
  'POST /v4/api/payment/post/payment_succeeded_callback',
  'GET /v4/api/payment/pay/pay_ajax',
  'POST /v4/api/payment/post/hosted_page/verify',
  'POST /v4/api/payment/pre/bit/init',
  'POST /v4/api/payment/pre/card_scan/start',
];

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** Keys one session may hold at once: a visitor's attempts, many times over. */
export const MAX_KEYS_PER_SESSION = 32;

interface KeptAnswer {
  session: string;
  /** What the first request was (a SHA-256 of it): a later one with the key must be the same. */
  fingerprint: string;
  keptAt: number;
  /** Undefined while the first request still runs. */
  answer?: { status: number; contentType: string; body: string };
}

const refuse = (c: Context, status: ContentfulStatusCode, message: string) => c.json({ message }, status);

async function fingerprintOf(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  url.searchParams.delete('session_uuid');
  url.searchParams.sort();
  const request = `${c.req.method} ${url.pathname}?${url.searchParams.toString()}\n${await c.req.text()}`;
  return createHash('sha256').update(request).digest('base64');
}

/** An answer worth keeping: what the operator did with the request, not a refusal of its form. */
const isKept = (status: number) => status < 400 || status === 409 || status >= 500;

/** `isBookedSession`: whether a session uuid names a purchase the operator booked. */
export function idempotency(
  isBookedSession: (sessionUuid: string) => boolean,
  now: () => number = Date.now,
): MiddlewareHandler<SandboxEnv> {
  const kept = new Map<string, KeptAnswer>();
  const forget = () => {
    for (const [key, entry] of kept) if (now() - entry.keptAt > KEPT_FOR_MS) kept.delete(key);
  };

  return async (c, next) => {
    if (!MONEY_CALLS.includes(`${c.req.method} ${c.req.path}`)) return next();
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return refuse(c, 400, 'Idempotency-Key: required on a call that moves money');
    if (!KEY_FORMAT.test(key)) return refuse(c, 400, 'Idempotency-Key: 1 to 255 visible ASCII characters');
    forget();
    const session = c.get('sessionUuid') ?? '';
    // No purchase, nothing to keep: the route refuses the call itself (400, unknown session).
    if (!isBookedSession(session)) return next();
    // One attempt's calls share its key: a key is the attempt's on each call (IETF draft §2.2: per resource).
    const scoped = `${session} ${c.req.method} ${c.req.path} ${key}`;
    const fingerprint = await fingerprintOf(c);
    const entry = kept.get(scoped);
    if (entry) {
      if (entry.fingerprint !== fingerprint)
        return refuse(c, 422, 'Idempotency-Key: this key was used with another request');
      if (!entry.answer) return refuse(c, 409, 'Idempotency-Key: the first request with this key is still running');
      c.header('Idempotent-Replayed', 'true');
      c.header('Content-Type', entry.answer.contentType);
      return c.body(entry.answer.body, entry.answer.status as ContentfulStatusCode);
    }

    if ([...kept.values()].filter((each) => each.session === session).length >= MAX_KEYS_PER_SESSION)
      return refuse(c, 429, `Idempotency-Key: at most ${String(MAX_KEYS_PER_SESSION)} keys a session`);
    const running: KeptAnswer = { session, fingerprint, keptAt: now() };
    kept.set(scoped, running);
    try {
      await next();
    } catch (error) {
      kept.delete(scoped); // nothing ran to its end: the key is free again
      throw error;
    }
    if (!isKept(c.res.status)) {
      kept.delete(scoped);
      return;
    }
    running.answer = {
      status: c.res.status,
      contentType: c.res.headers.get('content-type') ?? 'application/json',
      body: await c.res.clone().text(),
    };
  };
}

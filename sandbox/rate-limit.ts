import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './api/shared';

/** At most `limit` calls in any `windowMs`: a sliding window over the calls' own times. */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

/** Counts calls per key over a sliding window; the clock is injectable so tests never sleep. */
export interface SlidingWindow {
  /** Counts a call for the key when the window has room; otherwise the seconds until it has (Retry-After). */
  take(key: string): { allowed: true } | { allowed: false; retryAfterS: number };
}

export function createSlidingWindow({ limit, windowMs }: WindowLimit, now: () => number = Date.now): SlidingWindow {
  const callsByKey = new Map<string, number[]>();
  return {
    take(key) {
      const at = now();
      // Only the calls still inside the window count; a key with none left is forgotten.
      const recent = (callsByKey.get(key) ?? []).filter((time) => at - time < windowMs);
      const [oldest] = recent;
      if (recent.length >= limit && oldest !== undefined) {
        callsByKey.set(key, recent);
        return { allowed: false, retryAfterS: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      callsByKey.set(key, [...recent, at]);
      return { allowed: true };
    },
  };
}

/**
 * Answers 429 `{message}` with `Retry-After` (seconds, RFC 9110 §10.2.3) once a key's window is full; the
 * call goes on otherwise. A call without a key (`keyOf` answers undefined) is not counted here.
 */
export function rateLimited(
  window: SlidingWindow,
  keyOf: (c: Context<SandboxEnv>) => string | undefined,
  what: string,
): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const key = keyOf(c);
    const verdict = key === undefined ? { allowed: true as const } : window.take(key);
    if (verdict.allowed) return next();
    c.header('Retry-After', String(verdict.retryAfterS));
    return c.json({ message: `too many ${what}; try again in ${String(verdict.retryAfterS)} s` }, 429);
  };
}

/** The operator's limits against card testing (docs/payments.md, "Rate limits", says why these figures). */
export interface RateLimits {
  /** New sessions (menu/get) per client address. */
  menusPerAddress: WindowLimit;
  /** Payment attempts opened per client address. */
  attemptsPerAddress: WindowLimit;
  /** Payment attempts opened per purchase session. */
  attemptsPerSession: WindowLimit;
  /** Purchases booked per visitor session (the menu's uuid): else each attempt limit restarts on a new purchase. */
  bookingsPerSession: WindowLimit;
  /** Purchases booked per client address. */
  bookingsPerAddress: WindowLimit;
}

const MINUTE_MS = 60_000;

export const RATE_LIMITS: RateLimits = {
  menusPerAddress: { limit: 300, windowMs: MINUTE_MS },
  attemptsPerAddress: { limit: 200, windowMs: MINUTE_MS },
  attemptsPerSession: { limit: 10, windowMs: 10 * MINUTE_MS },
  bookingsPerSession: { limit: 20, windowMs: 10 * MINUTE_MS },
  bookingsPerAddress: { limit: 200, windowMs: MINUTE_MS },
};

/** The calls that open a payment attempt with a provider (docs/payments.md, "At most one open attempt"). */
export const ATTEMPT_CALLS: readonly string[] = [
  'POST /v4/api/payment/pay/wallet',
  'POST /v4/api/payment/pre/stripe',
  'GET /v4/api/payment/pay/pay_ajax',
  'POST /v4/api/payment/pre/tranzila/handshake',
  'POST /v4/api/payment/pre/bit/init',
  'POST /v4/api/payment/pre/card_scan/start',
];

/** The calls that book a purchase (a link's first opening books one too). */
export const BOOKING_CALLS: readonly string[] = [
  'POST /v4/api/menu/set_purchase',
  'POST /v4/api/merchants/custom/book_link',
  'GET /v4/api/merchants/custom/get_iframe',
  'POST /v4/api/merchants/wheelshare/set_purchase',
];

const isOneOf = (calls: readonly string[]) => (c: Context) => calls.includes(`${c.req.method} ${c.req.path}`);
export const isAttemptCall = isOneOf(ATTEMPT_CALLS);
export const isBookingCall = isOneOf(BOOKING_CALLS);

/** The caller's address as the socket has it (the sandbox trusts no forwarding header); in-process, one for all. */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket.remoteAddress ?? 'in-process';
}

/**
 * Two limits on the calls `isCall` picks: one per session uuid (the purchase's, or the visitor's) and one
 * per client address, each with its own window; `what` names what each counts in the 429's message.
 */
export function limitedPerSessionAndAddress(
  isCall: (c: Context) => boolean,
  perSession: WindowLimit,
  perAddress: WindowLimit,
  now: (() => number) | undefined,
  what: { session: string; address: string },
): MiddlewareHandler<SandboxEnv>[] {
  return [
    rateLimited(
      createSlidingWindow(perSession, now),
      (c) => (isCall(c) ? c.get('sessionUuid') : undefined),
      what.session,
    ),
    rateLimited(createSlidingWindow(perAddress, now), (c) => (isCall(c) ? clientAddress(c) : undefined), what.address),
  ];
}

/** The operator's rate limits against card testing (sandbox/rate-limit.ts), on a fake clock. */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { createSlidingWindow, RATE_LIMITS, type RateLimits } from '../../sandbox/rate-limit';
import { menuCall } from '../fixtures/machine-pages';

describe('sliding window', () => {
  it('takes 3 calls a minute per key, refuses the 4th until the oldest leaves the window', () => {
    let now = 0;
    const window = createSlidingWindow({ limit: 3, windowMs: 60_000 }, () => now);
    expect([window.take('a'), window.take('a'), window.take('a')]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    now = 20_000;
    expect(window.take('a')).toEqual({ allowed: false, retryAfterS: 40 });
    // Another key has a window of its own.
    expect(window.take('b')).toEqual({ allowed: true });
    now = 59_999;
    expect(window.take('a')).toEqual({ allowed: false, retryAfterS: 1 });
    now = 60_000;
    expect(window.take('a')).toEqual({ allowed: true });
    // At 60 s the calls made at 0 have left the window (refused ones never counted): three more fit.
    expect(window.take('a')).toEqual({ allowed: true });
    expect(window.take('a')).toEqual({ allowed: true });
    expect(window.take('a')).toEqual({ allowed: false, retryAfterS: 60 });
  });
});

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));

/** A sandbox whose rate limits run on a clock the test moves. */
function sandboxAt(limits?: RateLimits) {
  const clock = { now: 0 };
  const app = createSandboxApp({
    catalogue,
    rateLimitClock: () => clock.now,
    ...(limits ? { rateLimits: limits } : {}),
  });
  return { app, clock };
}

/** Books a purchase, under a visitor's session when one is given. */
const book = (app: SandboxApp, visitor?: string) =>
  app.request('/v4/api/menu/set_purchase?machine_id=1005', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(visitor ? { 'session-uuid': visitor } : {}) },
    body: JSON.stringify([{ product_id: 501, count: 1 }]),
  });

async function newPurchase(app: SandboxApp): Promise<string> {
  return ((await (await book(app)).json()) as { session_id: string }).session_id;
}

/** Opens a Tranzila handshake (an attempt) on the purchase. */
const handshake = (app: SandboxApp, session: string) =>
  app.request('/v4/api/payment/pre/tranzila/handshake?machine_id=1005', {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID(), 'session-uuid': session },
  });

describe('the operator’s rate limits (429 with Retry-After)', () => {
  it('opens at most 10 attempts on one purchase in 10 minutes; the 11th waits, another purchase does not', async () => {
    const { app, clock } = sandboxAt();
    const session = await newPurchase(app);
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await handshake(app, session)).status).toBe(200);
    clock.now = 4 * 60_000;
    const refused = await handshake(app, session);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('360');
    expect(await refused.json()).toEqual({ message: 'too many payment attempts on this purchase; try again in 360 s' });
    expect((await handshake(app, await newPurchase(app))).status).toBe(200);
    clock.now = 10 * 60_000;
    expect((await handshake(app, session)).status).toBe(200);
  });

  it('books at most 20 purchases in 10 minutes for one visitor session, so a new purchase never restarts the attempts', async () => {
    const { app, clock } = sandboxAt();
    const { session_uuid: visitor } = (await (await app.request(menuCall(1005))).json()) as {
      session_uuid: string;
    };
    for (let booking = 1; booking <= 20; booking += 1) expect((await book(app, visitor)).status).toBe(200);
    clock.now = 60_000;
    const refused = await book(app, visitor);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('540');
    expect(await refused.json()).toEqual({ message: 'too many purchases booked in this session; try again in 540 s' });
    clock.now = 10 * 60_000;
    expect((await book(app, visitor)).status).toBe(200);
  });

  it('counts bookings per address across sessions (a limit of 2 here)', async () => {
    const { app } = sandboxAt({ ...RATE_LIMITS, bookingsPerAddress: { limit: 2, windowMs: 60_000 } });
    expect([(await book(app)).status, (await book(app)).status, (await book(app)).status]).toEqual([200, 200, 429]);
  });

  it('counts a card scan start as an attempt (a limit of 1 here)', async () => {
    const { app } = sandboxAt({ ...RATE_LIMITS, attemptsPerSession: { limit: 1, windowMs: 60_000 } });
    const session = await newPurchase(app);
    const start = () =>
      app.request('/v4/api/payment/pre/card_scan/start?machine_id=1005', {
        method: 'POST',
        headers: { 'session-uuid': session, 'idempotency-key': randomUUID() },
      });
    expect((await handshake(app, session)).status).toBe(200);
    expect((await start()).status).toBe(429);
  });

  it('answers at most 300 menus (new sessions) a minute to one address', async () => {
    const { app, clock } = sandboxAt();
    const menu = () => app.request(menuCall(1005));
    for (let call = 1; call <= 300; call += 1) expect((await menu()).status).toBe(200);
    clock.now = 30_000;
    const refused = await menu();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    clock.now = 60_000;
    expect((await menu()).status).toBe(200);
  });

  it('counts attempts per address across purchases (a limit of 3 here)', async () => {
    const { app } = sandboxAt({ ...RATE_LIMITS, attemptsPerAddress: { limit: 3, windowMs: 60_000 } });
    for (let purchase = 1; purchase <= 3; purchase += 1)
      expect((await handshake(app, await newPurchase(app))).status).toBe(200);
    const refused = await handshake(app, await newPurchase(app));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('a replayed attempt (same Idempotency-Key) opens nothing and is not counted', async () => {
    const { app } = sandboxAt({ ...RATE_LIMITS, attemptsPerSession: { limit: 1, windowMs: 60_000 } });
    const session = await newPurchase(app);
    const key = randomUUID();
    const open = () =>
      app.request('/v4/api/payment/pre/tranzila/handshake?machine_id=1005', {
        method: 'POST',
        headers: { 'idempotency-key': key, 'session-uuid': session },
      });
    expect((await open()).status).toBe(200);
    const replay = await open();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});

/**
 * Product in hand (docs/payments.md "From payment to product in hand"), against the sandbox in-process: the
 * machine answers before anything is booked, and once paid the money taken follows what it delivered.
 * Google Pay is a sale here (the operator's Israeli processor cannot hold a wallet payment): what was not
 * delivered is refunded.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../sandbox/app';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { catalogue, read } from './sandbox-payments-harness';

/**
 * Short timings, so the machine's answers and reports come within a test; refunds settle at once, or
 * (`refundSettleMs` a minute) not within a test.
 */
const quick = (refundSettleMs = 0) =>
  createSandboxApp({
    catalogue,
    machineTimings: { slowAnswerMs: 40, deliveryMs: 10 },
    machineAnswerLimitMs: 300,
    refundSettleMs,
  });

type App = ReturnType<typeof quick>;

/** set_purchase on a machine, with the machine fault the request carries. */
const book = (
  app: App,
  machineFault: string | undefined,
  machineId = '1005',
  lines: unknown = [{ product_id: 501, count: 1 }],
) =>
  app.request(`/v4/api/menu/set_purchase?machine_id=${machineId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(machineFault ? { 'x-sandbox-machine-fault': machineFault } : {}),
    },
    body: JSON.stringify(lines),
  });

const googlePay = (amount: number) => ({
  paymentData: { paymentMethodData: { tokenizationData: { token: '{"sandbox":"approve"}' } } },
  amount,
  currencyCode: 'ILS',
});

async function payWithGooglePay(app: App, session: string, machineId: string, amount: number) {
  const path = `/pay/wallet?machine_id=${machineId}&payment_method=google_pay`;
  expect(await read(await payment(app, session, path, googlePay(amount)))).toMatchObject({ status: 0 });
}

interface Delivery {
  state: string;
  items: { product_id: string; ordered: number; delivered: number | null }[];
  given_back: { way: string; amount: number; refund_id: string | null; arrives_within_days: number | null } | null;
}

const deliveryOf = async (app: App, session: string, machineId = '1005') =>
  (
    (await read(await payment(app, session, `/status?machine_id=${machineId}`))) as {
      data: { delivery: Delivery | null };
    }
  ).data.delivery;

describe('the machine answers before anything is booked', () => {
  it('an offline machine: 504 machine_not_responding after the operator’s bound, and no purchase booked', async () => {
    const app = quick();
    const started = Date.now();
    const answer = await book(app, 'offline');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer.status).toBe(504);
    expect(await answer.json()).toEqual({
      code: 'machine_not_responding',
      message: 'This machine is not responding: nothing was booked.',
    });
    expect(app.purchases.size).toBe(0);
  });

  it('a machine slow to answer, within the bound, books the purchase', async () => {
    const app = quick();
    const answer = await book(app, 'slow-answer');
    expect(answer.status).toBe(200);
    expect(app.purchases.size).toBe(1);
  });

  it('a machine fault is armed through /sandbox/faults for the next purchases on that machine', async () => {
    const app = quick();
    const arm = await app.request('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ call: 'machine/1005', fault: 'offline', times: 1 }),
    });
    expect(arm.status).toBe(201);
    expect((await book(app, undefined)).status).toBe(504);
    expect((await book(app, undefined)).status).toBe(200);
    const mixed = await app.request('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ call: 'menu/get', fault: 'vend-fails' }),
    });
    expect(mixed.status).toBe(400);
  });

  it('refuses a machine fault header that names none', async () => {
    expect((await book(quick(), 'on-fire')).status).toBe(400);
  });
});

describe('once paid, the machine delivers and the money follows', () => {
  it('everything delivered: delivering, then delivered; nothing given back', async () => {
    const app = quick();
    const session = ((await (await book(app, undefined)).json()) as { session_id: string }).session_id;
    await payWithGooglePay(app, session, '1005', 5);
    expect(await deliveryOf(app, session)).toEqual({
      state: 'delivering',
      kind: 'vend',
      items: [{ product_id: '501', name: 'Laundry token', ordered: 1, delivered: null }],
      given_back: null,
    });
    await expect.poll(async () => (await deliveryOf(app, session))?.state).toBe('delivered');
    expect(app.charges.list()).toMatchObject([{ status: 'approved', amount: 5, refunds: [] }]);
  });

  it('nothing delivered from a sale: the whole 5 ILS refunded, pending until the provider settles it, with its reference', async () => {
    const app = quick(60_000);
    const session = ((await (await book(app, 'vend-fails')).json()) as { session_id: string }).session_id;
    await payWithGooglePay(app, session, '1005', 5);
    await expect.poll(async () => (await deliveryOf(app, session))?.state).toBe('not_delivered');
    const [charge] = app.charges.list();
    expect(await deliveryOf(app, session)).toMatchObject({
      items: [{ product_id: '501', ordered: 1, delivered: 0 }],
      given_back: { way: 'refund_pending', amount: 5, refund_id: `RF-${charge?.id ?? ''}-1`, arrives_within_days: 7 },
    });
    expect(app.charges.list()).toMatchObject([{ refunds: [{ amount: 5, status: 'pending' }] }]);
  });

  it('nothing delivered, the refund settled by the provider: refunded', async () => {
    const app = quick(0);
    const session = ((await (await book(app, 'vend-fails')).json()) as { session_id: string }).session_id;
    await payWithGooglePay(app, session, '1005', 5);
    await expect.poll(async () => (await deliveryOf(app, session))?.given_back?.way).toBe('refunded');
    expect(app.charges.list()).toMatchObject([{ refunds: [{ amount: 5, status: 'succeeded' }] }]);
  });

  it('a partial vend: one of two delivered, the other’s 5 ILS refunded', async () => {
    const app = quick(60_000);
    const booked = await book(app, 'vend-partial', '1005', [{ product_id: 501, count: 2 }]);
    const session = ((await booked.json()) as { session_id: string }).session_id;
    await payWithGooglePay(app, session, '1005', 10);
    await expect.poll(async () => (await deliveryOf(app, session))?.state).toBe('partly_delivered');
    expect(await deliveryOf(app, session)).toMatchObject({
      items: [{ product_id: '501', ordered: 2, delivered: 1 }],
      given_back: { way: 'refund_pending', amount: 5 },
    });
  });

  it('a purchase not yet paid has no delivery yet; the operator keeps what its machine is to deliver', async () => {
    const app = quick();
    const session = await newPurchase(app);
    expect(await deliveryOf(app, session)).toBeNull();
    expect(app.purchases.get(session)?.delivery).toEqual({ kind: 'vend', ordered: [{ productId: '501', count: 1 }] });
  });
});

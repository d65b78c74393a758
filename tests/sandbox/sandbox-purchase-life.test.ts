/**
 * One life per purchase on the operator's side (docs/payments.md "One life per purchase"): each finding
 * of the operator's review, repeated from outside through the operator's and the providers' routes.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS } from '../../sandbox/rate-limit';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { MAX_KEYS_PER_SESSION } from '../../sandbox/idempotency';
import { RECONCILE_EVERY_MS } from '../../sandbox/operator/reconcile';
import { HANDSHAKE_TTL_MS } from '../../sandbox/standins/tranzila';
import { STRIPE_WEBHOOK_SECRETS } from '../../sandbox/standins/notification-signing';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { postTranzilaCharge } from '../fixtures/tranzila';
import { catalogue, GOOD_CARD, postForm, postJson, read } from './sandbox-payments-harness';

/** Machine 1001 (Tranzila, Bit, wallets) sells product 102 at 5 + 1 fee: 6 ILS. */
const MACHINE = '1001';
const bought = (app: SandboxApp) => newPurchase(app, MACHINE, [{ product_id: 102, count: 1 }]);
const RETURN = 'http://localhost/pay?machine_id=1001&bit_return=token-1';

const status = async (app: SandboxApp, session: string) =>
  read(await payment(app, session, `/status?machine_id=${MACHINE}`));

const handshake = async (app: SandboxApp, session: string) =>
  (await read(await payment(app, session, `/pre/tranzila/handshake?machine_id=${MACHINE}`, {}))).thtk as string;

/** Tranzila's frame charging a card on a handshake, as its field page posts it. */
const chargeOnHandshake = (app: SandboxApp, thtk: string) =>
  postTranzilaCharge(app, {
    terminal_name: 'sandbox',
    thtk,
    amount: 6,
    credit_card_number: GOOD_CARD.number,
    expiry: GOOD_CARD.expiry,
    cvv: GOOD_CARD.cvv,
  });

const initBit = async (app: SandboxApp, session: string) => {
  const answer = await read(await payment(app, session, `/pre/bit/init?machine_id=${MACHINE}`, { return_url: RETURN }));
  return new URL((answer.data as { payment_url: string }).payment_url);
};
const decideInBit = (app: SandboxApp, page: URL, decision: string) =>
  postForm(app, page.pathname + page.search, { decision });

describe('a purchase is made paid only by the provider', () => {
  it('a Tranzila notice with the handshake token, terminal and sum but a made-up transaction is refused', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bought(app);
    const thtk = await handshake(app, session);
    const forged = await postForm(app, '/v4/api/notify/tranzila', {
      supplier: 'sandbox',
      thtk,
      index: 'made-up-123',
      sum: '6',
      currency: '1',
      Response: '000',
    });
    expect(forged.status).toBe(400);
    expect(await status(app, session)).toMatchObject({ status: 'not_charged' });
    expect(app.payments.list()).toEqual([]);
  });

  it('a notice for an earlier handshake of the purchase (the visitor retried) is still recorded', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bought(app);
    const first = await handshake(app, session);
    await handshake(app, session); // the visitor reopened the card form: a new handshake
    const charged = await read(await chargeOnHandshake(app, first));
    const { transaction_id } = charged.transaction_response as { transaction_id: string };
    expect(app.payments.list()).toMatchObject([{ transaction_id, status: 'approved', source: 'notification' }]);
    expect(await status(app, session)).toMatchObject({ status: 'paid', data: { transaction_id, method: 'tranzila' } });
  });
});

describe('no new attempt once paid; one open attempt at a time', () => {
  it('after Bit paid, every attempt-opening call answers 409 with the status, and nothing is opened', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bought(app);
    await decideInBit(app, await initBit(app, session), 'approve');
    expect(await status(app, session)).toMatchObject({ status: 'paid' });
    const calls = [
      payment(app, session, `/pre/tranzila/handshake?machine_id=${MACHINE}`, {}),
      payment(app, session, `/pay/pay_ajax?machine_id=1002`),
      payment(app, session, `/pre/bit/init?machine_id=${MACHINE}`, { return_url: RETURN }),
      payment(app, session, `/pay/wallet?machine_id=${MACHINE}&payment_method=google_pay`, {
        paymentData: { paymentMethodData: { tokenizationData: { token: 'approve' } } },
        amount: '6.00',
        currencyCode: 'ILS',
      }),
    ];
    const answers = await Promise.all(calls);
    // pay_ajax on another machine is refused for the machine first; the others by the purchase's life.
    expect(answers.map((answer) => answer.status)).toEqual([409, 400, 409, 409]);
    for (const answer of [answers[0], answers[2], answers[3]])
      expect(await read(answer as Response)).toEqual({
        message: 'This purchase is already paid.',
        payment_status: 'paid',
      });
    const purchase = app.purchases.get(session);
    expect(purchase?.tranzila_handshakes).toEqual([]);
    expect(app.charges.list()).toHaveLength(1);
  });

  it('a second Bit request cancels the first at the processor: the first can no longer be approved', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bought(app);
    const first = await initBit(app, session);
    const second = await initBit(app, session);
    expect((await decideInBit(app, first, 'approve')).status).toBe(410);
    expect((await decideInBit(app, second, 'approve')).status).toBe(303);
    expect(app.charges.list()).toMatchObject([{ method: 'bit', status: 'approved' }]);
  });

  it('a Stripe intent a newer attempt superseded is canceled at Stripe', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]);
    const body = { amount: 2040, currency: 'ils' };
    await payment(app, session, '/pre/stripe?machine_id=1004', body);
    await payment(app, session, '/pay/pay_ajax?machine_id=1004');
    const reopened = await read(await payment(app, session, '/pre/stripe?machine_id=1004', body));
    expect(app.purchases.get(session)?.payment_intents.map((intent) => intent.status)).toEqual(['canceled', undefined]);
    expect(reopened.client_secret).toMatch(/^pi_sbx_2_secret_/);
  });

  it('a Stripe intent is never made on a machine with no Stripe', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bought(app);
    const answer = await payment(app, session, `/pre/stripe?machine_id=${MACHINE}`, { amount: 600, currency: 'ils' });
    expect(answer.status).toBe(400);
    expect(app.purchases.get(session)?.payment_intents).toEqual([]);
  });

  it('two handshakes both charged (two tabs): the first J5 pays, the second is released and the status says so', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bought(app);
    const [one, two] = [await handshake(app, session), await handshake(app, session)];
    const ids = [];
    for (const thtk of [one, two]) {
      const charged = await read(await chargeOnHandshake(app, thtk));
      ids.push((charged.transaction_response as { transaction_id: string }).transaction_id);
    }
    // Tranzila's charges are J5 holds: the second is released, nothing was taken to refund.
    const released = app.charges.list().map(({ id, status, released_at, refunds }) => ({
      id,
      status,
      released: released_at !== undefined,
      refunds,
    }));
    expect(released).toEqual([
      { id: ids[0], status: 'approved', released: false, refunds: [] },
      { id: ids[1], status: 'approved', released: true, refunds: [] },
    ]);
    expect(await status(app, session)).toMatchObject({
      status: 'paid',
      data: { transaction_id: ids[0], refunded_transaction_ids: [ids[1]] },
    });
    const confirmSecond = await payment(app, session, `/post/payment_succeeded_callback?machine_id=${MACHINE}`, {
      transaction_response: { transaction_id: ids[1] },
    });
    expect(await read(confirmSecond)).toMatchObject({ status: 4, data: { transaction_id: ids[1] } });
  });
});

describe('Stripe webhooks as Stripe sends them', () => {
  /** A `Stripe-Signature` header as Stripe's libraries make it: t, then one v1 per secret given. */
  const signed = (body: string, secrets: readonly string[], t = Math.floor(Date.now() / 1000)) =>
    [
      `t=${String(t)}`,
      ...secrets.map(
        (secret) =>
          `v1=${createHmac('sha256', secret)
            .update(`${String(t)}.${body}`)
            .digest('hex')}`,
      ),
    ].join(',');
  const event = (type: string, intent: { id: string; amount: number; currency: string }, latest_charge?: string) =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      data: { object: { ...intent, object: 'payment_intent', latest_charge: latest_charge ?? null } },
    });
  const deliver = (app: SandboxApp, body: string, header: string) =>
    app.request('/v4/api/notify/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body,
    });

  it('takes an event whose matching v1 is not the last (a secret being rolled), refuses one signed by neither', async () => {
    const app = createSandboxApp({ catalogue });
    const body = event('payment_intent.created', { id: 'pi_x', amount: 100, currency: 'ils' });
    const [current, previous] = STRIPE_WEBHOOK_SECRETS as [string, string];
    expect((await deliver(app, body, signed(body, [previous, 'whsec_other']))).status).toBe(200);
    expect((await deliver(app, body, signed(body, [current]))).status).toBe(200);
    expect((await deliver(app, body, signed(body, ['whsec_other', 'whsec_another']))).status).toBe(400);
  });

  it('acknowledges (2xx) an event for an intent the operator never made, and records nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const body = event('payment_intent.succeeded', { id: 'pi_elsewhere', amount: 100, currency: 'ils' }, 'ch_1');
    const answer = await deliver(app, body, signed(body, STRIPE_WEBHOOK_SECRETS));
    expect(answer.status).toBe(200);
    expect(app.payments.list()).toEqual([]);
  });

  it('payment_intent.canceled for the paying intent (a hold voided): the status is no longer paid', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]);
    const { client_secret } = await read(
      await payment(app, session, '/pre/stripe?machine_id=1004', { amount: 2040, currency: 'ils' }),
    );
    const method = await read(
      await postJson(app, '/sandbox/stripe/payment_methods', {
        card: { number: '4242424242424242', expiry: GOOD_CARD.expiry, cvc: '123' },
      }),
    );
    await postJson(app, '/sandbox/stripe/confirm', { client_secret, payment_method: method.id });
    const statusOf = async () => read(await payment(app, session, '/status?machine_id=1004'));
    expect(await statusOf()).toMatchObject({ status: 'paid' });
    const [intent] = app.purchases.get(session)?.payment_intents ?? [];
    const body = event('payment_intent.canceled', { id: intent?.id ?? '', amount: 2040, currency: 'ils' });
    expect((await deliver(app, body, signed(body, STRIPE_WEBHOOK_SECRETS))).status).toBe(200);
    expect(await statusOf()).toMatchObject({
      status: 'not_charged',
      msg: expect.stringMatching(/released/) as unknown,
    });
  });
});

/** The idempotency store's own bound is under test: the operator's attempt limits (rate-limit.ts) step aside. */
const WITHOUT_ATTEMPT_LIMITS = {
  ...RATE_LIMITS,
  attemptsPerSession: { limit: 1000, windowMs: 60_000 },
  attemptsPerAddress: { limit: 1000, windowMs: 60_000 },
};

describe('the idempotency store keeps nothing for strangers', () => {
  const handshakeWithKey = (app: SandboxApp, session: string, key: string) =>
    app.request(`/v4/api/payment/pre/tranzila/handshake?machine_id=${MACHINE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, 'session-uuid': session },
      body: '{}',
    });

  it('a session with no purchase is refused by the route, and its keys are not counted', async () => {
    const app = createSandboxApp({ catalogue, rateLimits: WITHOUT_ATTEMPT_LIMITS });
    for (let call = 0; call <= MAX_KEYS_PER_SESSION; call += 1)
      expect((await handshakeWithKey(app, 'stranger', randomUUID())).status).toBe(400);
  });

  it(`a booked session holds at most ${String(MAX_KEYS_PER_SESSION)} keys: the next is refused with 429`, async () => {
    const app = createSandboxApp({ catalogue, rateLimits: WITHOUT_ATTEMPT_LIMITS });
    const session = await bought(app);
    for (let call = 0; call < MAX_KEYS_PER_SESSION; call += 1)
      expect((await handshakeWithKey(app, session, randomUUID())).status).toBe(200);
    expect((await handshakeWithKey(app, session, randomUUID())).status).toBe(429);
  });

  it('a request refused as malformed keeps nothing: the same key with a good request then runs', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bought(app);
    const key = randomUUID();
    const pay = (body: unknown) =>
      app.request(`/v4/api/payment/pay/wallet?machine_id=${MACHINE}&payment_method=google_pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'session-uuid': session },
        body: JSON.stringify(body),
      });
    expect((await pay({ amount: '6.00' })).status).toBe(400);
    const good = { paymentData: { paymentMethodData: { tokenizationData: { token: 'approve' } } } };
    expect(await read(await pay({ ...good, amount: '6.00', currencyCode: 'ILS' }))).toMatchObject({ status: 0 });
  });
});

describe('reconciliation that needs nobody to ask', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('past their providers’ windows, a Bit request nobody answered expires and a charge whose notice was lost is recorded', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const app = createSandboxApp({ catalogue, reconcileEveryMs: RECONCILE_EVERY_MS });
    const waiting = await bought(app);
    const bitPage = await initBit(app, waiting);
    const charged = await bought(app);
    const thtk = await handshake(app, charged);
    // Tranzila charged the handshake, and its notification never reached the operator.
    const purchase = app.purchases.get(charged);
    if (!purchase) throw new Error('no purchase');
    await app.cashier.charge(purchase, 'tranzila', thtk, true);

    await vi.advanceTimersByTimeAsync(HANDSHAKE_TTL_MS);
    expect(app.payments.list(), 'nothing closed inside the windows').toEqual([]);
    await vi.advanceTimersByTimeAsync(RECONCILE_EVERY_MS * 2);

    expect(app.payments.list()).toMatchObject([
      { session_id: charged, method: 'tranzila', status: 'approved', source: 'query' },
    ]);
    expect(app.lives.of(charged).getSnapshot().value).toEqual({ Paid: 'Delivering' });
    expect(app.lives.of(waiting).getSnapshot().value).toBe('Expired');
    // The request was closed at the processor too: the payer can no longer approve it.
    expect((await decideInBit(app, bitPage, 'approve')).status).toBe(410);
    expect(app.charges.list()).toHaveLength(1);
  });
});

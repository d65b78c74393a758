/**
 * Reconciliation (design.md §10.8): each provider's server-to-server notification reaches the operator's
 * /v4/api/notify/* and is recorded there, whether or not the payer's browser ever comes back; the
 * operator believes a notification only when it proves where it comes from and is for the purchase's
 * total; GET /v4/api/payment/status says paid, not charged or pending from what the operator knows.
 */
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { loadCatalogue } from '../../sandbox/catalogue';
import { stripeWebhook } from '../../sandbox/standins/notify';
import type { Charge } from '../../sandbox/stores';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { postTranzilaCharge, tranzilaHandshake } from '../fixtures/tranzila';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));
const FUTURE = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

type Json = Record<string, unknown>;
const read = async (response: Response) => (await response.json()) as Json;
const status = async (app: SandboxApp, session: string, machineId = '1005') =>
  read(await payment(app, session, `/status?machine_id=${machineId}`));
const notify = (app: SandboxApp, path: string, init: RequestInit) => app.request(`/v4/api/notify/${path}`, init);

/** Machine 1004 takes cards through Stripe; product 401 costs 20 + 2% fee: 20.40 ILS, 2040 minor units. */
const STRIPE_MACHINE = '1004';
const STRIPE_TOTAL = 20.4;

async function stripeIntent(app: SandboxApp) {
  const session = await newPurchase(app, STRIPE_MACHINE, [{ product_id: 401, count: 1 }]);
  const body = { amount: 2040, currency: 'ils' };
  const pre = `/pre/stripe?machine_id=${STRIPE_MACHINE}`;
  const { client_secret } = (await read(await payment(app, session, pre, body))) as {
    client_secret: string;
  };
  return { session, clientSecret: client_secret };
}

async function stripeConfirm(app: SandboxApp, clientSecret: string, number: string) {
  const post = (path: string, body: unknown) =>
    app.providers.request(`/sandbox/stripe/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const method = (await read(await post('payment_methods', { card: { number, expiry: FUTURE, cvc: '123' } }))) as {
    id: string;
  };
  return post('confirm', { client_secret: clientSecret, payment_method: method.id });
}

/** A card charged through Tranzila's hosted fields; the browser never calls the operator's confirmation. */
async function tranzilaPaid(app: SandboxApp, number: string = TEST_CARDS.approved) {
  const session = await newPurchase(app);
  const { answer } = await tranzilaHandshake(app, session);
  const response = await postTranzilaCharge(app, {
    terminal_name: 'sandbox',
    thtk: answer.thtk,
    amount: 5,
    credit_card_number: number,
    expiry: FUTURE,
    cvv: '123',
  });
  return { session, thtk: answer.thtk ?? '', charge: await read(response) };
}

describe('GET /v4/api/payment/status', () => {
  it('a purchase with no attempt is not charged', async () => {
    const app = createSandboxApp({ catalogue });
    expect(await status(app, await newPurchase(app))).toEqual({
      status: 'not_charged',
      msg: 'No payment was taken for this purchase.',
      data: { transaction_id: null, method: null, refunded_transaction_ids: [], decline_message: null, delivery: null },
    });
  });

  it('needs the purchase’s session and its machine', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    expect((await payment(app, undefined, '/status?machine_id=1005')).status).toBe(400);
    expect((await payment(app, session, '/status?machine_id=1001')).status).toBe(400);
  });

  it('a Stripe intent left processing is pending, never not charged', async () => {
    const app = createSandboxApp({ catalogue });
    const { session, clientSecret } = await stripeIntent(app);
    await stripeConfirm(app, clientSecret, TEST_CARDS.stripeProcessing);
    expect(await status(app, session, STRIPE_MACHINE)).toMatchObject({ status: 'pending' });
  });

  it('a charge the provider holds but has not notified is found by asking it, and recorded once', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const purchase = app.purchases.get(session);
    if (!purchase) throw new Error('no purchase');
    const opened = await payment(app, session, '/pre/card_scan/start?machine_id=1005', {});
    const { scan_id } = ((await opened.json()) as { data: { scan_id: string } }).data;
    // The provider charged, and its notification is still on its way.
    const result = await app.cashier.charge(purchase, 'card_scan', scan_id, true);
    if (result.status !== 'approved') throw new Error('not charged');
    expect(await status(app, session)).toEqual({
      status: 'paid',
      msg: 'The purchase is paid.',
      data: {
        transaction_id: result.charge.id,
        method: 'card_scan',
        refunded_transaction_ids: [],
        decline_message: null,
        // Paid: the machine was told to deliver, and has not reported yet.
        delivery: {
          state: 'delivering',
          kind: 'vend',
          items: [{ product_id: '501', name: 'Laundry token', ordered: 1, delivered: null }],
          given_back: null,
        },
      },
    });
    await status(app, session);
    expect(app.payments.list()).toMatchObject([{ transaction_id: result.charge.id, source: 'query' }]);
  });

  it('an attempt still with the processor is pending until it ends', async () => {
    const app = createSandboxApp({ catalogue, processingMs: 50 });
    const session = await newPurchase(app);
    const purchase = app.purchases.get(session);
    if (!purchase) throw new Error('no purchase');
    const charging = app.cashier.charge(purchase, 'card_scan', `scan_${session}`, false);
    expect((await status(app, session)).status).toBe('pending');
    await charging;
    expect((await status(app, session)).status).toBe('not_charged');
  });
});

describe('Stripe webhooks: POST /v4/api/notify/stripe', () => {
  it('a confirmed intent is recorded paid by its webhook alone; a decline as declined', async () => {
    const app = createSandboxApp({ catalogue });
    const paid = await stripeIntent(app);
    await stripeConfirm(app, paid.clientSecret, TEST_CARDS.approved);
    const declined = await stripeIntent(app);
    await stripeConfirm(app, declined.clientSecret, TEST_CARDS.declined);
    expect(app.payments.list()).toMatchObject([
      {
        session_id: paid.session,
        method: 'stripe',
        status: 'approved',
        amount: STRIPE_TOTAL,
        source: 'notification',
      },
      { session_id: declined.session, method: 'stripe', status: 'declined', source: 'notification' },
    ]);
    expect(await status(app, paid.session, STRIPE_MACHINE)).toMatchObject({
      status: 'paid',
      data: { method: 'stripe' },
    });
    expect(await status(app, declined.session, STRIPE_MACHINE)).toMatchObject({
      status: 'not_charged',
      msg: 'The payment was declined: no money was taken.',
    });
  });

  it('refuses an unsigned, wrongly signed, stale or altered event, and records nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const { clientSecret } = await stripeIntent(app);
    const intentId = clientSecret.split('_secret_')[0];
    const event = (amount: number) =>
      JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: intentId, object: 'payment_intent', amount, currency: 'ils', latest_charge: 'ch_1' } },
      });
    const now = Math.floor(Date.now() / 1000);
    const forged = `t=${now},v1=${createHmac('sha256', 'guessed')
      .update(`${now}.${event(2040)}`)
      .digest('hex')}`;
    for (const signature of [undefined, forged, 't=1,v1=00']) {
      const headers: Record<string, string> = signature ? { 'stripe-signature': signature } : {};
      expect((await notify(app, 'stripe', { method: 'POST', headers, body: event(2040) })).status).toBe(400);
    }
    expect(app.payments.list()).toEqual([]);
  });

  it('a webhook signed more than 5 minutes ago is refused (Stripe’s tolerance); one signed now is taken', async () => {
    const app = createSandboxApp({ catalogue });
    const { session } = await stripeIntent(app);
    const purchase = app.purchases.get(session);
    const intent = purchase?.payment_intents[0];
    if (!purchase || !intent) throw new Error('no intent');
    // Stripe authorized the intent (its ledger holds the charge); its webhook is what reaches the operator.
    const result = await app.cashier.charge(purchase, 'stripe', intent.id, true, {
      captureMethod: intent.capture_method,
    });
    if (result.status !== 'approved') throw new Error('not charged');
    const charge: Charge = result.charge;
    vi.useFakeTimers({ now: Date.now() - (5 * 60 + 1) * 1000, toFake: ['Date'] });
    const stale = stripeWebhook(intent, charge);
    vi.useRealTimers();
    expect((await app.request(stale)).status).toBe(400);
    expect(app.payments.list()).toEqual([]);
    expect((await app.request(stripeWebhook(intent, charge))).status).toBe(200);
    expect(app.payments.list()).toMatchObject([{ transaction_id: charge.id, status: 'approved' }]);
  });
});

describe('Tranzila notify_url: POST /v4/api/notify/tranzila', () => {
  it('an approved hosted-fields charge is recorded by the notification, before any browser confirms it', async () => {
    const app = createSandboxApp({ catalogue });
    const { session, charge } = await tranzilaPaid(app);
    const transactionId = (charge.transaction_response as Json).transaction_id;
    expect(app.payments.list()).toMatchObject([
      { session_id: session, method: 'tranzila', transaction_id: transactionId, source: 'notification' },
    ]);
    expect(await status(app, session)).toMatchObject({ status: 'paid', data: { transaction_id: transactionId } });
  });

  it('is believed only for the purchase’s handshake, supplier, sum and a transaction Tranzila made; a resent one is recorded once', async () => {
    const app = createSandboxApp({ catalogue });
    const { thtk, charge } = await tranzilaPaid(app);
    const index = String((charge.transaction_response as Json).transaction_id);
    const form = (fields: Record<string, string>) =>
      notify(app, 'tranzila', {
        method: 'POST',
        body: new URLSearchParams({ supplier: 'sandbox', thtk, index, sum: '5', Response: '000', ...fields }),
      });
    expect((await form({ thtk: 'made-up' })).status).toBe(404);
    expect((await form({ supplier: 'another' })).status).toBe(400);
    expect((await form({ sum: '0.01' })).status).toBe(400);
    // A made-up index: Tranzila's query knows no such transaction, so nothing is recorded.
    expect((await form({ index: 'X-1' })).status).toBe(400);
    expect(app.payments.list().filter((each) => each.transaction_id === 'X-1')).toEqual([]);
    expect((await form({})).status).toBe(200);
    expect((await form({})).status).toBe(200);
    expect(app.payments.list().filter((each) => each.transaction_id === index)).toHaveLength(1);
  });
});

describe('Hyp server-to-server result: POST /v4/api/notify/hyp', () => {
  it('refuses a result the terminal did not sign, or whose amount was changed', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const fields = {
      Id: 'SBX-000001',
      CCode: '0',
      Amount: '5',
      ACode: '0000001',
      Order: session,
      Sign: 'f'.repeat(64),
    };
    expect((await notify(app, 'hyp', { method: 'POST', body: new URLSearchParams(fields) })).status).toBe(400);
    expect(app.payments.list()).toEqual([]);
  });
});

describe('the Bit processor’s notification: POST /v4/api/notify/bit', () => {
  it('refuses an unsigned notification', async () => {
    const app = createSandboxApp({ catalogue });
    const body = JSON.stringify({ transaction_id: 'BIT-1', status: 'approved', amount: 6, currency: 'ILS' });
    const response = await notify(app, 'bit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(app.payments.list()).toEqual([]);
  });
});

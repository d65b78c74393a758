/**
 * Hold where the provider can, sell where it cannot (docs/payments.md): the operator opens a card
 * attempt as an authorization (Stripe's manual capture, a Tranzila or Hyp J5, a card scan), so the
 * provider records a hold; wallets and Bit are sold. Each method is paid here as the app pays it,
 * through its stand-in.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { payResponseOf } from '../../sandbox/operator/attempts';
import { HOLDS_FUNDS } from '../../sandbox/operator/settlement';
import { createPurchaseLives } from '../../sandbox/operator/purchase-lives';
import type { BitProcessor, CardScanner } from '../../sandbox/standins/processors';
import { applePayPaymentData } from '../../sandbox/standins/apple-pay-token';
import { stripeWebhook } from '../../sandbox/standins/notify';
import { createChargeStore, type CaptureMethod, type ChargeMethod } from '../../sandbox/stores';
import type { MachineControllers } from '../../sandbox/standins/machine-controller';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { postTranzilaCharge, tranzilaHandshake } from '../fixtures/tranzila';
import { catalogue, FUTURE, GOOD_CARD, postForm, postJson, read, type Json } from './sandbox-payments-harness';

/** Pays a new purchase with the method through its stand-in, as the app does; answers the purchase. */
const PAY: Record<ChargeMethod, (app: SandboxApp) => Promise<string>> = {
  async stripe(app) {
    // Machine 1004 takes cards through Stripe: product 401 costs 20.40 ILS, 2040 minor units.
    const session = await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]);
    const pre = await read(
      await payment(app, session, '/pre/stripe?machine_id=1004', { amount: 2040, currency: 'ils' }),
    );
    const card = { number: GOOD_CARD.number, expiry: FUTURE, cvc: '123' };
    const method = await read(await postJson(app, '/sandbox/stripe/payment_methods', { card }));
    await postJson(app, '/sandbox/stripe/confirm', { client_secret: pre.client_secret, payment_method: method.id });
    return session;
  },
  async tranzila(app) {
    const session = await newPurchase(app);
    const { answer } = await tranzilaHandshake(app, session);
    await postTranzilaCharge(app, { terminal_name: 'sandbox', thtk: answer.thtk, amount: 5, ...tranzilaCard });
    return session;
  },
  async yaad_sarig(app) {
    const session = await newPurchase(app);
    const answer = (await read(await payment(app, session, '/pay/pay_ajax?machine_id=1005'))) as {
      data: { data: { payment_url: string } };
    };
    const page = new URL(answer.data.data.payment_url);
    await postForm(app, page.pathname + page.search, { ...GOOD_CARD });
    return session;
  },
  async card_scan(app) {
    const session = await newPurchase(app);
    const started = await read(await payment(app, session, '/pre/card_scan/start?machine_id=1005', {}));
    const { scan_id } = started.data as { scan_id: string };
    await postJson(app, '/sandbox/card-scan/charge', { scan: scan_id, number: GOOD_CARD.number, expiry: FUTURE });
    return session;
  },
  async google_pay(app) {
    const session = await newPurchase(app);
    const tokenizationData = { type: 'PAYMENT_GATEWAY', token: '{"sandbox":"approve"}' };
    const paymentData = { apiVersion: 2, paymentMethodData: { type: 'CARD', tokenizationData } };
    await payment(app, session, '/pay/wallet?machine_id=1005&payment_method=google_pay', {
      paymentData,
      amount: '5.00',
      currencyCode: 'ILS',
    });
    return session;
  },
  async apple_pay(app) {
    const session = await newPurchase(app);
    const paymentData = { version: 'EC_v1', data: applePayPaymentData(5, 'ILS', 'approve') };
    await payment(app, session, '/pay/wallet?machine_id=1005&payment_method=apple_pay', { paymentData });
    return session;
  },
  async bit(app) {
    // Machine 1001 has Bit; product 102 costs 5 + 1 fee.
    const session = await newPurchase(app, '1001', [{ product_id: 102, count: 1 }]);
    const init = await read(await payment(app, session, '/pre/bit/init?machine_id=1001', { return_url: BIT_RETURN }));
    const page = new URL((init.data as { payment_url: string }).payment_url);
    await postForm(app, page.pathname + page.search, { decision: 'approve' });
    return session;
  },
};
const tranzilaCard = {
  currency_code: 'ILS',
  credit_card_number: GOOD_CARD.number,
  expiry: GOOD_CARD.expiry,
  cvv: GOOD_CARD.cvv,
};
const BIT_RETURN = 'http://localhost/pay?machine_id=1001&bit_return=token-1';

describe('which methods hold the funds', () => {
  it('the card methods hold; the wallets and Bit, sold through Israeli processors, do not', () => {
    expect(HOLDS_FUNDS).toEqual({
      stripe: true,
      tranzila: true,
      yaad_sarig: true,
      card_scan: true,
      google_pay: false,
      apple_pay: false,
      bit: false,
    });
  });

  it.each([
    ['stripe', 'manual'],
    ['tranzila', 'manual'],
    ['yaad_sarig', 'manual'],
    ['card_scan', 'manual'],
    ['google_pay', 'automatic'],
    ['apple_pay', 'automatic'],
    ['bit', 'automatic'],
  ] as const)(
    '%s: the approved charge is recorded with capture_method %s, and pays the purchase',
    async (method, capture) => {
      const app = createSandboxApp({ catalogue });
      const session = await PAY[method](app);
      expect(app.charges.list()).toMatchObject([{ method, status: 'approved', capture_method: capture, refunds: [] }]);
      const machine = { stripe: '1004', bit: '1001' }[method as string] ?? '1005';
      expect(await read(await payment(app, session, `/status?machine_id=${machine}`))).toMatchObject({
        status: 'paid',
        data: { method },
      });
    },
  );

  it('the operator asks for the hold itself: the Stripe intent, the Tranzila handshake, the Hyp page and the scan say manual', async () => {
    const app = createSandboxApp({ catalogue });
    const stripe = await PAY.stripe(app);
    const tranzila = await PAY.tranzila(app);
    expect(app.purchases.get(stripe)?.payment_intents).toMatchObject([
      { capture_method: 'manual', status: 'requires_capture' },
    ]);
    expect(app.purchases.get(tranzila)?.tranzila_handshakes).toMatchObject([{ capture_method: 'manual' }]);
    const hyp = await PAY.yaad_sarig(app);
    const [page] = app.lives.of(hyp).getSnapshot().context.attempts;
    expect(app.hyp.page(page?.reference ?? '')).toMatchObject({ captureMethod: 'manual' });
    const scan = await PAY.card_scan(app);
    const [opened] = app.lives.of(scan).getSnapshot().context.attempts;
    expect(app.cardScanner.find(opened?.reference)).toMatchObject({ captureMethod: 'manual' });
  });
});

describe('Stripe’s word for a hold', () => {
  it('the webhook of an authorized intent is payment_intent.amount_capturable_updated, and the operator takes it as paid', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await PAY.stripe(app);
    const [intent] = app.purchases.get(session)?.payment_intents ?? [];
    const [charge] = app.charges.list();
    if (!intent || !charge) throw new Error('not authorized');
    const event = (await stripeWebhook(intent, charge).json()) as Json;
    expect(event).toMatchObject({
      type: 'payment_intent.amount_capturable_updated',
      data: {
        object: {
          id: intent.id,
          status: 'requires_capture',
          capture_method: 'manual',
          amount: 2040,
          amount_capturable: 2040,
          latest_charge: charge.id,
        },
      },
    });
    expect(app.payments.list()).toMatchObject([
      { session_id: session, transaction_id: charge.id, status: 'approved', source: 'notification' },
    ]);
  });
});

describe('a second approval of a paid purchase', () => {
  /** The operator's charts over a ledger of their own; no Bit request or scan is cancelled, nothing delivered here. */
  function operator() {
    const charges = createChargeStore();
    const lives = createPurchaseLives({
      purchases: new Map(),
      charges,
      bit: { cancel: () => undefined } as unknown as BitProcessor,
      cardScanner: { cancel: () => undefined } as unknown as CardScanner,
      machines: { deliver: () => undefined } as unknown as MachineControllers,
    });
    return { charges, life: lives.of('purchase-1') };
  }
  const approvedOn = (reference: string, transactionId: string, capture: CaptureMethod) =>
    ({
      type: 'provider.approved',
      charge: { method: 'tranzila', reference, transactionId, hold: capture === 'manual' },
    }) as const;
  const record = (charges: ReturnType<typeof createChargeStore>, reference: string, capture_method: CaptureMethod) =>
    charges.recordCharge({
      ...{ machine_id: '1005', session_id: 'purchase-1', method: 'tranzila', reference, amount: 5, currency: 'ILS' },
      status: 'approved',
      capture_method,
    }).id;

  it.each([
    ['a hold is released: nothing was taken', 'manual', { released: true, refunds: [] }],
    ['a sale is refunded in full', 'automatic', { released: false, refunds: [{ amount: 5, status: 'pending' }] }],
  ] as const)('%s', (_case, capture, expected) => {
    const { charges, life } = operator();
    for (const reference of ['thtk-1', 'thtk-2'])
      life.send({ type: 'attempt.open', attempt: { method: 'tranzila', sum: 5, reference, openedAt: 0 } });
    const paying = record(charges, 'thtk-1', capture);
    const second = record(charges, 'thtk-2', capture);
    life.send(approvedOn('thtk-1', paying, capture));
    life.send(approvedOn('thtk-2', second, capture));
    const shown = (id: string) => {
      const charge = charges.find(id);
      return { released: charge?.released_at !== undefined, refunds: charge?.refunds };
    };
    expect(shown(second)).toMatchObject(expected);
    expect(shown(paying)).toEqual({ released: false, refunds: [] });
  });

  it.each([
    ['a released hold is told released', '2026-11-30T12:00:00.000Z', 'the hold for this second payment is released.'],
    ['a refunded charge is told refunded', undefined, 'this second charge is being refunded.'],
  ] as const)('%s in the pay response', (_case, released_at, words) => {
    expect(payResponseOf('refunded', { id: 'charge-2', released_at })).toEqual({
      status: 4,
      msg: `This purchase was already paid: ${words}`,
      data: { transaction_id: 'charge-2' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { catalogue, LAST_YEAR, type Card, GOOD_CARD, read, postJson } from './sandbox-payments-harness';

describe('POST /v4/api/payment/pre/stripe', () => {
  // Machine 1004 (Stripe) sells product 401 at 20 + 2 %: 20.40 ILS, 2040 minor units.
  const productToBuy = { totalPrice: 20.4, currencyCode: 'ILS', countryCode: 'IL', label: 'Pass', machine_id: '1004' };
  const intent = (app: SandboxApp, session: string, body: unknown) =>
    payment(app, session, '/pre/stripe?machine_id=1004', body);

  it('answers a client secret, the same one again for the same purchase', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]);
    const first = await read(await intent(app, session, { ...productToBuy, amount: 2040, currency: 'ils' }));
    expect(first.client_secret).toMatch(/^pi_sbx_1_secret_[0-9a-f]+$/);
    expect(await read(await intent(app, session, { ...productToBuy, amount: 2040, currency: 'ils' }))).toEqual(first);
    expect(app.purchases.get(session)?.payment_intents).toMatchObject([
      { id: 'pi_sbx_1', amount: 2040, currency: 'ils' },
    ]);
  });

  it.each([
    ['major units', { amount: 20.4, currency: 'ils' }, /whole number/],
    ['another amount', { amount: 2000, currency: 'ils' }, /amount must be 2040/],
    ['an uppercase currency', { amount: 2040, currency: 'ILS' }, /currency must be ils/],
  ])('answers 400 {message} for %s', async (_case, fields, message) => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]);
    const response = await intent(app, session, { ...productToBuy, ...fields });
    expect(response.status).toBe(400);
    expect((await read(response)).message).toMatch(message);
  });
});

describe('Stripe: POST /sandbox/stripe/payment_methods and /sandbox/stripe/confirm', () => {
  /** Machine 1004 takes cards through Stripe: product 401 costs 20.40 ILS, 2040 minor units. */
  async function intent(app: SandboxApp) {
    const session = await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]);
    const body = { totalPrice: 20.4, currencyCode: 'ILS', amount: 2040, currency: 'ils' };
    const { client_secret } = (await read(await payment(app, session, '/pre/stripe?machine_id=1004', body))) as {
      client_secret: string;
    };
    return client_secret;
  }
  const paymentMethod = async (app: SandboxApp, card: Partial<Card> = {}) => {
    const { number, expiry, cvv } = { ...GOOD_CARD, ...card };
    return postJson(app, '/sandbox/stripe/payment_methods', { type: 'card', card: { number, expiry, cvc: cvv } });
  };
  const confirm = async (app: SandboxApp, clientSecret: string, card: Partial<Card> = {}) => {
    const { id } = (await read(await paymentMethod(app, card))) as { id: string };
    return postJson(app, '/sandbox/stripe/confirm', { client_secret: clientSecret, payment_method: id });
  };

  it('makes a PaymentMethod of a good card', async () => {
    const app = createSandboxApp({ catalogue });
    expect(await read(await paymentMethod(app))).toMatchObject({
      id: 'pm_sbx_1',
      type: 'card',
      card: { brand: 'visa', last4: '4580', exp_month: 12 },
    });
  });

  it.each([
    ['a non-Luhn number', { number: '4242424242424241' }, 'invalid_number'],
    ['a past expiry', { expiry: LAST_YEAR }, 'expired_card'],
    ['an empty cvc', { cvv: '' }, 'invalid_cvc'],
    ['the cvv-error card', { number: TEST_CARDS.cvvError }, 'incorrect_cvc'],
  ])('answers a validation_error for %s', async (_case, card, code) => {
    const response = await paymentMethod(createSandboxApp({ catalogue }), card);
    expect(response.status).toBe(400);
    expect(await read(response)).toEqual({
      error: { type: 'validation_error', code, message: expect.any(String) as unknown },
    });
  });

  it('confirms a manual-capture intent to requires_capture, recorded as a hold; a second confirm is refused and records nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const clientSecret = await intent(app);
    expect(await read(await confirm(app, clientSecret))).toMatchObject({
      id: 'pi_sbx_1',
      status: 'requires_capture',
      capture_method: 'manual',
      amount: 2040,
      amount_capturable: 2040,
      currency: 'ils',
    });
    const again = await confirm(app, clientSecret);
    expect(again.status).toBe(400);
    expect(await read(again)).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent could not be confirmed because it has a status of requires_capture.',
        payment_intent: { id: 'pi_sbx_1', status: 'requires_capture' },
      },
    });
    expect(app.charges.list()).toMatchObject([
      { method: 'stripe', status: 'approved', amount: 20.4, capture_method: 'manual', refunds: [] },
    ]);
  });

  it('declines 4000000000000002 as a card_error and records the attempt', async () => {
    const app = createSandboxApp({ catalogue });
    const response = await confirm(app, await intent(app), { number: TEST_CARDS.declined });
    expect(response.status).toBe(402);
    expect(await read(response)).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(app.charges.list()).toMatchObject([{ method: 'stripe', status: 'declined' }]);
  });

  it('leaves the intent processing for the processing test card, and charges nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const response = await confirm(app, await intent(app), { number: TEST_CARDS.stripeProcessing });
    expect(response.status).toBe(200);
    expect(await read(response)).toMatchObject({ object: 'payment_intent', id: 'pi_sbx_1', status: 'processing' });
    expect(app.charges.list()).toEqual([]);
  });

  it('answers an error for an unknown client secret or payment method', async () => {
    const app = createSandboxApp({ catalogue });
    expect((await confirm(app, 'pi_nope_secret_x')).status).toBe(404);
    const unknownMethod = await postJson(app, '/sandbox/stripe/confirm', {
      client_secret: await intent(app),
      payment_method: 'pm_nope',
    });
    expect(await read(unknownMethod)).toMatchObject({ error: { code: 'resource_missing' } });
    expect(app.charges.list()).toEqual([]);
  });
});

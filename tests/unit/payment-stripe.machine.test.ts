import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PaymentOrder, AttemptInput } from '../../machines/payment/payment.types';
import {
  stripeAmount,
  stripeMachine,
  type ConfirmedIntent,
  type StripeCardHandle,
  type StripeConfirmInput,
  type StripeErrorLike,
} from '../../machines/payment/methods/stripe/stripe.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';

/** The loaded Stripe.js instance (opaque to the machine). */
const STRIPE = { elements: 'stripe-instance' };
/** What the view hands over once Stripe's card element is mounted. */
const CARD = { elementType: 'card', id: 'card-element-1' };
const CLIENT_SECRET = 'pi_123_secret_456';

/** The PaymentIntent confirmCardPayment resolves with. */
const intent = (status: string): ConfirmedIntent => ({ id: 'pi_123', status });

const never = <T>() => new Promise<T>(() => {});
/** How Stripe.js reports an error (a StripeError object, carried by an Error as lint wants). */
const stripeError = (message: string): Error & StripeErrorLike =>
  Object.assign(new Error(message), { type: 'card_error' });

interface Fakes {
  loadStripe?: (input: { publishableKey: string }) => Promise<unknown>;
  createPaymentMethod?: (input: { card: StripeCardHandle }) => Promise<string>;
  createPaymentIntent?: (input: { order: PaymentOrder }) => Promise<string>;
  confirmCardPayment?: (input: StripeConfirmInput) => Promise<ConfirmedIntent>;
}

function startStripe(order: PaymentOrder = singleLineOrder, fakes: Fakes = {}) {
  const loadStripe = vi.fn(fakes.loadStripe ?? (() => Promise.resolve(STRIPE)));
  const createPaymentMethod = vi.fn(fakes.createPaymentMethod ?? (() => Promise.resolve('pm_1')));
  const createPaymentIntent = vi.fn(fakes.createPaymentIntent ?? (() => Promise.resolve(CLIENT_SECRET)));
  const confirmCardPayment = vi.fn(fakes.confirmCardPayment ?? (() => Promise.resolve(intent('succeeded'))));
  const actor = createActor(
    stripeMachine.provide({
      actors: {
        loadStripe: fromPromise<unknown, { publishableKey: string }>(({ input }) => loadStripe(input)),
        createPaymentMethod: fromPromise<string, { card: StripeCardHandle }>(({ input }) => createPaymentMethod(input)),
        createPaymentIntent: fromPromise<string, AttemptInput>(({ input }) => createPaymentIntent(input)),
        confirmCardPayment: fromPromise<ConfirmedIntent, StripeConfirmInput>(({ input }) => confirmCardPayment(input)),
      },
    }),
    { input: { order } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  /** Stripe.js loaded, the view mounted the card element and handed it over. */
  const toEnteringCard = async () => {
    await waitFor(actor, (s) => !s.matches({ Idle: 'LoadingStripe' }));
    actor.send({ type: 'stripe.cardReady', card: CARD });
    expect(snapshot().value).toEqual({ Idle: 'EnteringCard' });
  };
  /** The visitor taps Pay (once the card is there). */
  const submit = async () => {
    if (!snapshot().matches({ Idle: 'EnteringCard' })) await toEnteringCard();
    actor.send({ type: 'payment.start' });
  };
  const settled = () => waitFor(actor, (s) => !s.hasTag('processing'));
  return {
    actor,
    snapshot,
    toEnteringCard,
    submit,
    settled,
    loadStripe,
    createPaymentMethod,
    createPaymentIntent,
    confirmCardPayment,
  };
}

describe('stripeMachine', () => {
  describe("stripeAmount (requirements.md §5: the currency's minor units as Stripe counts them, lowercase currency)", () => {
    const amountOf = (total: number, currency = 'ILS') => stripeAmount({ ...singleLineOrder, total, currency });

    it('multiplies by 100 and rounds', () => {
      expect(amountOf(12.5)).toEqual({ amount: 1250, currency: 'ils' });
      expect(amountOf(10.1).amount).toBe(1010); // 10.1 × 100 is 1010.0000000000001 in binary
      expect(amountOf(12.345).amount).toBe(1235);
      expect(amountOf(25.22).amount).toBe(2522);
      expect(amountOf(0.29).amount).toBe(29); // 28.999999999999996
    });

    // docs.stripe.com/currencies: zero-decimal currencies are not multiplied; three-decimal ones are
    // in thousandths with a last digit of 0 (rounded to the nearest ten).
    it.each([
      ['JPY', 500, 500],
      ['KRW', 12000, 12000],
      ['XOF', 1500.4, 1500],
      ['CLP', 999.5, 1000],
    ])('a zero-decimal currency (%s) is the amount itself: %d -> %d', (currency, total, amount) => {
      expect(amountOf(total, currency).amount).toBe(amount);
    });

    it.each([
      ['KWD', 5.12, 5120],
      ['BHD', 5.124, 5120],
      ['JOD', 5.125, 5130],
      ['OMR', 0.1, 100],
      ['TND', 12.349, 12350],
    ])('a three-decimal currency (%s) is in thousandths ending in 0: %d -> %d', (currency, total, amount) => {
      expect(amountOf(total, currency).amount).toBe(amount);
    });

    it('reads the currency code in any case', () => {
      expect(amountOf(500, 'jpy').amount).toBe(500);
      expect(amountOf(5.12, 'kwd').amount).toBe(5120);
      expect(amountOf(5.12, 'usd').amount).toBe(512);
    });

    it('lowercases the currency', () => {
      expect(amountOf(1, 'USD').currency).toBe('usd');
    });

    it('matches the order total of the fixtures', () => {
      expect(stripeAmount(singleLineOrder)).toEqual({ amount: 1250, currency: 'ils' });
    });
  });

  describe('loading Stripe.js and the card element', () => {
    it('loads Stripe.js with the publishable key of the config, tagged loading', () => {
      const stripe = startStripe(singleLineOrder, { loadStripe: () => never() });
      expect(stripe.snapshot().value).toEqual({ Idle: 'LoadingStripe' });
      expect(stripe.snapshot().hasTag('loading')).toBe(true);
      expect(stripe.loadStripe).toHaveBeenCalledWith({ publishableKey: 'pk_test_123' });
    });

    it('keeps the loaded instance and stays loading until stripe.cardReady hands over the card', async () => {
      const stripe = startStripe();
      await waitFor(stripe.actor, (s) => s.matches({ Idle: 'MountingCard' }));
      expect(stripe.snapshot().context.stripe).toBe(STRIPE);
      expect(stripe.snapshot().hasTag('loading')).toBe(true);
      stripe.actor.send({ type: 'stripe.cardReady', card: CARD });
      expect(stripe.snapshot().value).toEqual({ Idle: 'EnteringCard' });
      expect(stripe.snapshot().hasTag('loading')).toBe(false);
      expect(stripe.snapshot().context.card).toBe(CARD);
    });

    it('payment.start before the card is ready is not handled', async () => {
      const stripe = startStripe();
      stripe.actor.send({ type: 'payment.start' });
      expect(stripe.snapshot().value).toEqual({ Idle: 'LoadingStripe' });
      await waitFor(stripe.actor, (s) => s.matches({ Idle: 'MountingCard' }));
      stripe.actor.send({ type: 'payment.start' });
      expect(stripe.snapshot().value).toEqual({ Idle: 'MountingCard' });
      expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    });

    it('Stripe.js failing to load fails the payment as unavailable', async () => {
      const stripe = startStripe(singleLineOrder, { loadStripe: () => Promise.reject(new Error('js.stripe.com')) });
      await waitFor(stripe.actor, (s) => s.status === 'done');
      expect(stripe.snapshot().value).toBe('Failed');
      expect(stripe.snapshot().output).toEqual({ outcome: 'failed', reason: 'unavailable' });
    });

    it('without a stripe config the key is empty', () => {
      const { stripe: _dropped, ...config } = singleLineOrder.config;
      const stripe = startStripe({ ...singleLineOrder, config }, { loadStripe: () => never() });
      expect(stripe.loadStripe).toHaveBeenCalledWith({ publishableKey: '' });
    });
  });

  describe('paying (requirements.md §4 Stripe)', () => {
    it('creates the payment method from the card, the intent for the order, then confirms; success has the intent id', async () => {
      const stripe = startStripe();
      await stripe.toEnteringCard();
      stripe.actor.send({ type: 'payment.start' });
      expect(stripe.snapshot().value).toEqual({ Processing: 'ValidatingCard' });
      expect(stripe.snapshot().hasTag('processing')).toBe(true);
      await stripe.settled();
      expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ card: CARD });
      expect(stripe.createPaymentIntent).toHaveBeenCalledWith({
        order: singleLineOrder,
        attemptKey: expect.any(String) as unknown,
      });
      expect(stripe.confirmCardPayment).toHaveBeenCalledWith({
        card: CARD,
        clientSecret: CLIENT_SECRET,
        paymentMethodId: 'pm_1',
      });
      expect(stripe.snapshot().value).toBe('Success');
      expect(stripe.snapshot().output).toEqual({ outcome: 'succeeded', transactionId: 'pi_123' });
    });

    it('a validation error stops: back to the form with its message, no intent created', async () => {
      const stripe = startStripe(singleLineOrder, {
        createPaymentMethod: () => Promise.reject(stripeError('Your card number is incomplete.')),
      });
      await stripe.submit();
      await stripe.settled();
      expect(stripe.snapshot().value).toEqual({ Idle: 'EnteringCard' });
      expect(stripe.snapshot().context.error).toEqual({ kind: 'stripe', message: 'Your card number is incomplete.' });
      expect(stripe.createPaymentIntent).not.toHaveBeenCalled();
      expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    });

    it('a backend error on the intent is a server error with its details (requirements.md §8)', async () => {
      const stripe = startStripe(singleLineOrder, {
        createPaymentIntent: () => Promise.reject(new ApiError({ kind: 'http', status: 500, message: 'boom' })),
      });
      await stripe.submit();
      await stripe.settled();
      expect(stripe.snapshot().value).toEqual({ Idle: 'EnteringCard' });
      expect(stripe.snapshot().context.error).toEqual({ kind: 'server', details: 'boom' });
      expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    });

    it('an intent call failing without an http message is a server error without details', async () => {
      const stripe = startStripe(singleLineOrder, {
        createPaymentIntent: () => Promise.reject(new ApiError({ kind: 'timeout' })),
      });
      await stripe.submit();
      await stripe.settled();
      expect(stripe.snapshot().context.error).toEqual({ kind: 'server', details: undefined });
    });

    it('an intent held for capture (requires_capture, manual capture) is paid: the funds are held, so success', async () => {
      const stripe = startStripe(singleLineOrder, {
        confirmCardPayment: () => Promise.resolve(intent('requires_capture')),
      });
      await stripe.submit();
      await waitFor(stripe.actor, (s) => s.status === 'done');
      expect(stripe.snapshot().value).toBe('Success');
      expect(stripe.snapshot().output).toEqual({ outcome: 'succeeded', transactionId: 'pi_123' });
    });

    it('a processing intent is never success: it fails as unconfirmed, so the visitor checks before paying again', async () => {
      const stripe = startStripe(singleLineOrder, { confirmCardPayment: () => Promise.resolve(intent('processing')) });
      await stripe.submit();
      await waitFor(stripe.actor, (s) => s.status === 'done');
      expect(stripe.snapshot().value).toBe('Failed');
      expect(stripe.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed', transactionId: 'pi_123' });
    });

    it.each(['requires_action', 'requires_payment_method', 'requires_confirmation', 'canceled'])(
      'an intent confirmed without an error but %s is not paid: back to the form',
      async (status) => {
        const stripe = startStripe(singleLineOrder, { confirmCardPayment: () => Promise.resolve(intent(status)) });
        await stripe.submit();
        await stripe.settled();
        expect(stripe.snapshot().value).toEqual({ Idle: 'EnteringCard' });
        expect(stripe.snapshot().context.error).toEqual({ kind: 'notPaid' });
        expect(stripe.snapshot().context.result).not.toMatchObject({ outcome: 'succeeded' });
      },
    );

    it('a confirmation error goes back to the form with Stripe’s message', async () => {
      const stripe = startStripe(singleLineOrder, {
        confirmCardPayment: () => Promise.reject(stripeError('Your card was declined.')),
      });
      await stripe.submit();
      await stripe.settled();
      expect(stripe.snapshot().value).toEqual({ Idle: 'EnteringCard' });
      expect(stripe.snapshot().context.error).toEqual({ kind: 'stripe', message: 'Your card was declined.' });
      expect(stripe.snapshot().status).toBe('active');
    });

    it('submitting again clears the error and can succeed', async () => {
      let attempt = 0;
      const stripe = startStripe(singleLineOrder, {
        createPaymentMethod: () =>
          ++attempt === 1 ? Promise.reject(stripeError('Your card number is incomplete.')) : Promise.resolve('pm_2'),
      });
      await stripe.submit();
      await stripe.settled();
      expect(stripe.snapshot().context.error).toBeDefined();

      await stripe.submit();
      expect(stripe.snapshot().context.error).toBeUndefined();
      await stripe.settled();
      expect(stripe.snapshot().value).toBe('Success');
      expect(stripe.confirmCardPayment).toHaveBeenCalledWith(expect.objectContaining({ paymentMethodId: 'pm_2' }));
    });

    it('each attempt has its own Idempotency-Key: paying again after a refusal asks for the intent with a new one (design.md §10)', async () => {
      let attempt = 0;
      const stripe = startStripe(singleLineOrder, {
        confirmCardPayment: () =>
          ++attempt === 1
            ? Promise.reject(stripeError('Your card was declined.'))
            : Promise.resolve(intent('succeeded')),
      });
      await stripe.submit();
      await stripe.settled();
      await stripe.submit();
      await stripe.settled();

      expect(stripe.snapshot().value).toBe('Success');
      const [first, second] = stripe.createPaymentIntent.mock.calls.map(
        ([input]) => (input as AttemptInput).attemptKey,
      );
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(second).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(second).not.toBe(first);
    });

    it('a second payment.start while processing creates one payment method', async () => {
      const stripe = startStripe(singleLineOrder, { confirmCardPayment: () => never() });
      await stripe.submit();
      stripe.actor.send({ type: 'payment.start' });
      await waitFor(stripe.actor, (s) => s.matches({ Processing: 'Confirming' }));
      stripe.actor.send({ type: 'payment.start' });
      expect(stripe.snapshot().value).toEqual({ Processing: 'Confirming' });
      expect(stripe.createPaymentMethod).toHaveBeenCalledTimes(1);
      expect(stripe.createPaymentIntent).toHaveBeenCalledTimes(1);
      expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
    });
  });

  describe('closing the drawer', () => {
    it('abandons while loading, mounting or entering the card', async () => {
      const loading = startStripe(singleLineOrder, { loadStripe: () => never() });
      loading.actor.send({ type: 'drawer.close' });
      expect(loading.snapshot().value).toBe('Abandoned');
      expect(loading.snapshot().output).toEqual({ outcome: 'abandoned' });

      const mounting = startStripe();
      await waitFor(mounting.actor, (s) => s.matches({ Idle: 'MountingCard' }));
      mounting.actor.send({ type: 'drawer.close' });
      expect(mounting.snapshot().output).toEqual({ outcome: 'abandoned' });

      const entering = startStripe();
      await entering.toEnteringCard();
      entering.actor.send({ type: 'drawer.close' });
      expect(entering.snapshot().output).toEqual({ outcome: 'abandoned' });
    });

    it('is ignored while processing', async () => {
      const stripe = startStripe(singleLineOrder, { createPaymentMethod: () => never() });
      await stripe.submit();
      stripe.actor.send({ type: 'drawer.close' });
      expect(stripe.snapshot().value).toEqual({ Processing: 'ValidatingCard' });
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  googlePayMachine,
  type GooglePayError,
  type WalletPayInput,
} from '../../machines/payment/methods/google-pay/google-pay.machine';
import {
  googlePaymentRequest,
  isGooglePayConfigured,
  type GooglePaymentRequest,
} from '../../machines/payment/methods/google-pay/google-pay.request';
import type { PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { anonymousOrder, singleLineOrder, TOKENIZABLE_CARD, withTokenizableCard } from '../fixtures/orders';

/** What PaymentsClient.loadPaymentData resolves with once the visitor approves in the sheet. */
const PAYMENT_DATA = { apiVersion: 2, paymentMethodData: { tokenizationData: { token: 'google-token-1' } } };
const APPROVED: PayResponse = { status: 0, msg: 'Approved', transactionId: 'tx-100' };
const DECLINED: PayResponse = { status: 1, msg: 'Insufficient funds', transactionId: 'tx-101' };

const never = <T>() => new Promise<T>(() => {});

/** requirements.md §9: the Google Pay loader shows for 1 s; written here, never imported from the chart it checks. */
const GOOGLE_PAY_LOADER_MS = 1_000;

interface Fakes {
  loadGooglePay?: (input: { order: PaymentOrder }) => Promise<unknown>;
  requestGooglePayment?: (request: GooglePaymentRequest) => Promise<unknown>;
  payWithWallet?: (input: WalletPayInput) => Promise<PayResponse>;
}

function startGooglePay(order: PaymentOrder = singleLineOrder, fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const loadGooglePay = vi.fn(fakes.loadGooglePay ?? (() => Promise.resolve()));
  const requestGooglePayment = vi.fn(fakes.requestGooglePayment ?? (() => Promise.resolve(PAYMENT_DATA)));
  const payWithWallet = vi.fn(fakes.payWithWallet ?? (() => Promise.resolve(APPROVED)));
  const actor = createActor(
    googlePayMachine.provide({
      actors: {
        loadGooglePay: fromPromise<unknown, { order: PaymentOrder }>(({ input }) => loadGooglePay(input)),
        requestGooglePayment: fromPromise<unknown, GooglePaymentRequest>(({ input }) => requestGooglePayment(input)),
        payWithWallet: fromPromise<PayResponse, WalletPayInput>(({ input }) => payWithWallet(input)),
      },
    }),
    { input: { order }, clock },
  ).start();
  const snapshot = () => actor.getSnapshot();
  /** SDK loaded, then the 1 s loader: the Google Pay button can be tapped. */
  const toAwaitingTap = async () => {
    await waitFor(actor, (s) => !s.matches({ Idle: 'LoadingSdk' }));
    clock.increment(GOOGLE_PAY_LOADER_MS);
    expect(snapshot().value).toEqual({ Idle: 'AwaitingTap' });
  };
  const finished = () => waitFor(actor, (s) => s.status === 'done');
  return { actor, clock, snapshot, toAwaitingTap, finished, loadGooglePay, requestGooglePayment, payWithWallet };
}

describe('googlePayMachine', () => {
  describe('the 1 s loader (requirements.md §9)', () => {
    it('loads the SDK with the order, tagged loading', () => {
      const pay = startGooglePay(singleLineOrder, { loadGooglePay: () => never() });
      expect(pay.snapshot().value).toEqual({ Idle: 'LoadingSdk' });
      expect(pay.snapshot().hasTag('loading')).toBe(true);
      expect(pay.loadGooglePay).toHaveBeenCalledWith({ order: singleLineOrder });
    });

    it('stays loading until 1000 ms after the SDK loaded, however long the SDK took', async () => {
      let sdkLoaded: () => void = () => {};
      const pay = startGooglePay(singleLineOrder, {
        loadGooglePay: () => new Promise<void>((resolve) => (sdkLoaded = resolve)),
      });
      pay.clock.increment(5000); // the loader's second does not start before the SDK is there
      expect(pay.snapshot().value).toEqual({ Idle: 'LoadingSdk' });

      sdkLoaded();
      await waitFor(pay.actor, (s) => s.matches({ Idle: 'ShowingLoader' }));
      expect(pay.snapshot().hasTag('loading')).toBe(true);
      pay.clock.increment(GOOGLE_PAY_LOADER_MS - 1);
      expect(pay.snapshot().value).toEqual({ Idle: 'ShowingLoader' });
      expect(pay.snapshot().hasTag('loading')).toBe(true);
      pay.clock.increment(1);
      expect(pay.snapshot().value).toEqual({ Idle: 'AwaitingTap' });
      expect(pay.snapshot().hasTag('loading')).toBe(false);
    });

    it('payment.start is not handled while loading', async () => {
      const pay = startGooglePay();
      await waitFor(pay.actor, (s) => s.matches({ Idle: 'ShowingLoader' }));
      pay.actor.send({ type: 'payment.start' });
      expect(pay.snapshot().value).toEqual({ Idle: 'ShowingLoader' });
      expect(pay.requestGooglePayment).not.toHaveBeenCalled();
    });

    it('an SDK that fails to load fails the payment as unavailable', async () => {
      const pay = startGooglePay(singleLineOrder, { loadGooglePay: () => Promise.reject(new Error('pay.js 404')) });
      await pay.finished();
      expect(pay.snapshot().value).toBe('Failed');
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'unavailable' });
    });
  });

  describe('the payment request (requirements.md §9)', () => {
    it('payment.start shows the sheet with API 2.0, FINAL price, 2-decimal amount, currency and country', async () => {
      const order = withTokenizableCard(singleLineOrder);
      const pay = startGooglePay(order, { requestGooglePayment: () => never() });
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });

      expect(pay.snapshot().value).toEqual({ Processing: 'RequestingPayment' });
      expect(pay.snapshot().hasTag('processing')).toBe(true);
      expect(pay.requestGooglePayment).toHaveBeenCalledTimes(1);
      expect(pay.requestGooglePayment).toHaveBeenCalledWith({
        apiVersion: 2,
        apiVersionMinor: 0,
        allowedPaymentMethods: [TOKENIZABLE_CARD],
        merchantInfo: { merchantName: 'Test' },
        transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '12.50', currencyCode: 'ILS', countryCode: 'IL' },
      });
    });

    it('the total price is a string with exactly 2 decimals', () => {
      const price = (total: number) => googlePaymentRequest({ ...singleLineOrder, total }).transactionInfo.totalPrice;
      expect(price(12.5)).toBe('12.50');
      expect(price(7)).toBe('7.00');
      expect(price(25.22)).toBe('25.22');
    });

    it('configured payment methods and merchant info are passed as they are', () => {
      const request = googlePaymentRequest(singleLineOrder);
      expect(request.allowedPaymentMethods).toEqual([TOKENIZABLE_CARD]);
      expect(request.merchantInfo).toEqual({ merchantName: 'Test' });
    });

    it('without any google_pay config nothing is invented: no method and no merchant (Google refuses it)', () => {
      const { google_pay: _dropped, ...config } = singleLineOrder.config;
      const request = googlePaymentRequest({ ...singleLineOrder, config });
      expect(request.allowedPaymentMethods).toEqual([]);
      expect(request.merchantInfo).toEqual({});
    });
  });

  describe('what a menu must give before Google Pay is offered (Google’s request objects)', () => {
    const card = withTokenizableCard(singleLineOrder).config.google_pay;
    if (!card) throw new Error('the fixture has a Google Pay config');
    const [method] = card.allowedPaymentMethods as Record<string, unknown>[];

    it('a TEST config with a tokenizable CARD method is enough', () => {
      expect(isGooglePayConfigured(card)).toBe(true);
    });

    it('no config, no methods, or a method without tokenizationSpecification is not', () => {
      expect(isGooglePayConfigured(undefined)).toBe(false);
      expect(isGooglePayConfigured({ ...card, allowedPaymentMethods: [] })).toBe(false);
      const { tokenizationSpecification: _dropped, ...untokenized } = method ?? {};
      expect(isGooglePayConfigured({ ...card, allowedPaymentMethods: [untokenized] })).toBe(false);
      expect(isGooglePayConfigured({ ...card, allowedPaymentMethods: [{ type: 'CARD' }] })).toBe(false);
    });

    it('PRODUCTION needs the merchantId Google issued; an unknown environment is refused, never taken for TEST', () => {
      expect(isGooglePayConfigured({ ...card, environment: 'PRODUCTION' })).toBe(false);
      expect(
        isGooglePayConfigured({ ...card, environment: 'PRODUCTION', merchantInfo: { merchantId: 'BCR2DN4T' } }),
      ).toBe(true);
      expect(isGooglePayConfigured({ ...card, environment: '' })).toBe(false);
      expect(isGooglePayConfigured({ ...card, environment: 'production' })).toBe(false);
    });
  });

  describe('the outcome (requirements.md §4)', () => {
    /** Fails the sheet's request the way PaymentsClient.loadPaymentData rejects (an Error, as lint wants). */
    async function failSheet(shape: GooglePayError) {
      const pay = startGooglePay(singleLineOrder, {
        requestGooglePayment: () => Promise.reject(Object.assign(new Error(shape.statusCode), shape)),
      });
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      await pay.finished();
      return pay;
    }

    it('a cancelled sheet fails as the visitor closing it, with the status code, without a pay call', async () => {
      const pay = await failSheet({ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' });
      expect(pay.snapshot().value).toBe('Failed');
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'sheetClosed', code: 'CANCELED' });
      expect(pay.payWithWallet).not.toHaveBeenCalled();
    });

    it("Google's statusMessage is for developers: the visitor gets the generic failure, the code stays", async () => {
      const pay = await failSheet({ statusCode: 'DEVELOPER_ERROR', statusMessage: 'Invalid parameter: merchantId' });
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'paymentFailed', code: 'DEVELOPER_ERROR' });
      expect(JSON.stringify(pay.snapshot().output)).not.toContain('merchantId');
    });

    it('approved with wallet status 0 succeeds with the message and transaction id', async () => {
      const pay = startGooglePay();
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      await pay.finished();
      expect(pay.payWithWallet).toHaveBeenCalledTimes(1);
      expect(pay.payWithWallet).toHaveBeenCalledWith({
        order: singleLineOrder,
        payment: PAYMENT_DATA,
        attemptKey: expect.any(String) as unknown,
      });
      expect(pay.snapshot().value).toBe('Success');
      expect(pay.snapshot().output).toEqual({ outcome: 'succeeded', message: 'Approved', transactionId: 'tx-100' });
    });

    it('the sheet stays processing while the wallet call is in flight', async () => {
      const pay = startGooglePay(singleLineOrder, { payWithWallet: () => never() });
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      await waitFor(pay.actor, (s) => s.matches({ Processing: 'Paying' }));
      expect(pay.snapshot().hasTag('processing')).toBe(true);
      expect(pay.snapshot().context.paymentData).toBe(PAYMENT_DATA);
    });

    it('the operator’s decline (status 1) fails with its message, code and transaction id', async () => {
      const pay = startGooglePay(singleLineOrder, { payWithWallet: () => Promise.resolve(DECLINED) });
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      await pay.finished();
      expect(pay.snapshot().value).toBe('Failed');
      expect(pay.snapshot().output).toEqual({
        outcome: 'failed',
        message: 'Insufficient funds',
        code: 1,
        transactionId: 'tx-101',
      });
    });

    it('any other wallet status is no verdict: unconfirmed, so the purchase asks the operator', async () => {
      const refused = { status: 4, msg: 'Refunded', transactionId: 'tx-102' };
      const pay = startGooglePay(singleLineOrder, { payWithWallet: () => Promise.resolve(refused) });
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      await pay.finished();
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed', transactionId: 'tx-102' });
    });

    it('a failed wallet call, with or without an answer, is unconfirmed: the charge may have gone through', async () => {
      const withMessage = startGooglePay(singleLineOrder, {
        payWithWallet: () => Promise.reject(new ApiError({ kind: 'http', status: 502, message: 'Gateway down' })),
      });
      await withMessage.toAwaitingTap();
      withMessage.actor.send({ type: 'payment.start' });
      await withMessage.finished();
      expect(withMessage.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed' });

      const offline = startGooglePay(singleLineOrder, {
        payWithWallet: () => Promise.reject(new ApiError({ kind: 'offline' })),
      });
      await offline.toAwaitingTap();
      offline.actor.send({ type: 'payment.start' });
      await offline.finished();
      // No answer: the charge may have gone through, so the visitor must check before paying again.
      expect(offline.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed' });
    });

    it('without a visitor uuid it fails as internal and never calls the wallet (requirements.md §8)', async () => {
      const pay = startGooglePay(anonymousOrder);
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      await pay.finished();
      expect(pay.snapshot().value).toBe('Failed');
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'internal' });
      expect(pay.payWithWallet).not.toHaveBeenCalled();
    });
  });

  describe('one pay action in flight at a time', () => {
    it('a second payment.start while the sheet is open is ignored', async () => {
      const pay = startGooglePay(singleLineOrder, { requestGooglePayment: () => never() });
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'payment.start' });
      expect(pay.snapshot().value).toEqual({ Processing: 'RequestingPayment' });
      expect(pay.requestGooglePayment).toHaveBeenCalledTimes(1);
    });

    it('a second payment.start while the wallet call is in flight is ignored', async () => {
      const pay = startGooglePay(singleLineOrder, { payWithWallet: () => never() });
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      await waitFor(pay.actor, (s) => s.matches({ Processing: 'Paying' }));
      pay.actor.send({ type: 'payment.start' });
      await Promise.resolve();
      expect(pay.snapshot().value).toEqual({ Processing: 'Paying' });
      expect(pay.requestGooglePayment).toHaveBeenCalledTimes(1);
      expect(pay.payWithWallet).toHaveBeenCalledTimes(1);
    });
  });

  describe('closing the drawer', () => {
    it('before paying abandons, from every Idle step', async () => {
      const loading = startGooglePay(singleLineOrder, { loadGooglePay: () => never() });
      loading.actor.send({ type: 'drawer.close' });
      expect(loading.snapshot().value).toBe('Abandoned');
      expect(loading.snapshot().output).toEqual({ outcome: 'abandoned' });

      const loader = startGooglePay();
      await waitFor(loader.actor, (s) => s.matches({ Idle: 'ShowingLoader' }));
      loader.actor.send({ type: 'drawer.close' });
      expect(loader.snapshot().output).toEqual({ outcome: 'abandoned' });

      const button = startGooglePay();
      await button.toAwaitingTap();
      button.actor.send({ type: 'drawer.close' });
      expect(button.snapshot().status).toBe('done');
      expect(button.snapshot().output).toEqual({ outcome: 'abandoned' });
    });

    it('is ignored while processing', async () => {
      const pay = startGooglePay(singleLineOrder, { payWithWallet: () => never() });
      await pay.toAwaitingTap();
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'drawer.close' });
      expect(pay.snapshot().value).toEqual({ Processing: 'RequestingPayment' });
      await waitFor(pay.actor, (s) => s.matches({ Processing: 'Paying' }));
      pay.actor.send({ type: 'drawer.close' });
      expect(pay.snapshot().value).toEqual({ Processing: 'Paying' });
      expect(pay.snapshot().status).toBe('active');
    });
  });
});

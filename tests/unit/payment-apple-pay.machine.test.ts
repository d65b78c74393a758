import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  applePayMachine,
  type ApplePaySessionCommand,
  type ApplePaySessionEvent,
} from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import {
  APPLE_PAY_VERSION,
  applePaymentRequest,
  isApplePayConfigured,
  type ApplePaymentRequest,
} from '../../machines/payment/methods/apple-pay/apple-pay.request';
import type { WalletPayInput } from '../../machines/payment/methods/google-pay/google-pay.machine';
import type { PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { APPLE_PAY_CONFIG } from '../fixtures/menus';
import { singleLineOrder, twoLineOrder } from '../fixtures/orders';
import { standInFor } from '../fixtures/stand-ins';

const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
const MERCHANT_SESSION = { merchantSessionIdentifier: 'ms-1', signature: 'sig' };
const TOKEN = { paymentData: { version: 'EC_v1', data: 'apple-token' } };
const APPROVED: PayResponse = { status: 0, msg: 'Approved', transactionId: 'tx-200' };
const DECLINED: PayResponse = { status: 1, msg: 'Do not honour', transactionId: 'tx-201' };

const never = <T>() => new Promise<T>(() => {});

/** One ApplePaySession as the fake session actor saw it. */
interface RecordedSession {
  request: ApplePaymentRequest;
  commands: ApplePaySessionCommand[];
  stopped: boolean;
}

/** Apple Pay's code is already there: the preparation ends as the machine starts (a promise would end a tick later). */
const preparedAtOnce = standInFor(
  fromPromise<unknown, { order: PaymentOrder }>(() => Promise.resolve()),
  createMachine({ initial: 'Done', states: { Done: { type: 'final' } } }),
);

interface Fakes {
  prepareApplePay?: () => Promise<unknown>;
  validateMerchant?: (input: { validationURL: string }) => Promise<unknown>;
  payWithWallet?: (input: WalletPayInput) => Promise<PayResponse>;
}

function startApplePay(order: PaymentOrder = singleLineOrder, fakes: Fakes = {}) {
  const sessions: RecordedSession[] = [];
  const validateMerchant = vi.fn(fakes.validateMerchant ?? (() => Promise.resolve(MERCHANT_SESSION)));
  const payWithWallet = vi.fn(fakes.payWithWallet ?? (() => Promise.resolve(APPROVED)));
  const actor = createActor(
    applePayMachine.provide({
      actors: {
        prepareApplePay: fakes.prepareApplePay
          ? fromPromise<unknown, { order: PaymentOrder }>(() => fakes.prepareApplePay?.() ?? Promise.resolve())
          : preparedAtOnce,
        applePaySession: fromCallback<ApplePaySessionCommand, ApplePaymentRequest, ApplePaySessionEvent>(
          ({ input, receive }) => {
            const session: RecordedSession = { request: input, commands: [], stopped: false };
            sessions.push(session);
            receive((command) => session.commands.push(command));
            return () => {
              session.stopped = true;
            };
          },
        ),
        validateMerchant: fromPromise<unknown, { validationURL: string }>(({ input }) => validateMerchant(input)),
        payWithWallet: fromPromise<PayResponse, WalletPayInput>(({ input }) => payWithWallet(input)),
      },
    }),
    { input: { order } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const lastSession = () => {
    const session = sessions.at(-1);
    if (!session) throw new Error('no Apple Pay session was started');
    return session;
  };
  /** Tap, merchant validation, then the visitor authorises with Touch ID / Face ID. */
  const authorize = async () => {
    actor.send({ type: 'payment.start' });
    actor.send({ type: 'applePay.validateMerchant', validationURL: VALIDATION_URL });
    await waitFor(actor, (s) => s.matches({ Processing: 'AwaitingAuthorization' }));
    actor.send({ type: 'applePay.authorized', token: TOKEN });
    await waitFor(actor, (s) => s.matches({ Processing: 'ClosingSheet' }));
  };
  return { actor, snapshot, sessions, lastSession, authorize, validateMerchant, payWithWallet };
}

describe('applePayMachine', () => {
  describe('the payment request (requirements.md §9, from the menu’s apple_pay)', () => {
    /** The fixtures' apple_pay config: visa, masterCard, amex, discover; supports3DS; merchant "Test Vending". */
    const appleConfig = APPLE_PAY_CONFIG;
    const withApplePay = (changes: Partial<typeof appleConfig>): PaymentOrder => ({
      ...singleLineOrder,
      config: { ...singleLineOrder.config, apple_pay: { ...appleConfig, ...changes } },
    });

    it('is a session version 1', () => {
      expect(APPLE_PAY_VERSION).toBe(1);
    });

    it('the session gets the amount with 2 decimals, currency, country, the menu’s networks and capabilities, and the merchant’s name as label', () => {
      const pay = startApplePay();
      pay.actor.send({ type: 'payment.start' });
      expect(pay.lastSession().request).toEqual({
        countryCode: 'IL',
        currencyCode: 'ILS',
        supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
        merchantCapabilities: ['supports3DS'],
        total: { label: 'Test Vending', amount: '12.50' },
      });
    });

    it('the total is labelled with the merchant’s name, never a product’s', () => {
      expect(applePaymentRequest(twoLineOrder).total).toEqual({ label: 'Test Vending', amount: '25.22' });
    });

    it('takes the networks and capabilities the menu names, not constants', () => {
      const request = applePaymentRequest(
        withApplePay({ supportedNetworks: ['visa'], merchantCapabilities: ['supports3DS', 'supportsDebit'] }),
      );
      expect(request.supportedNetworks).toEqual(['visa']);
      expect(request.merchantCapabilities).toEqual(['supports3DS', 'supportsDebit']);
    });

    it('drops what a version 1 session does not know (Safari would refuse the whole session)', () => {
      const request = applePaymentRequest(
        withApplePay({
          supportedNetworks: ['jcb', 'visa', 'VISA', 'maestro'],
          merchantCapabilities: ['supports3DS', '3DS'],
        }),
      );
      expect(request.supportedNetworks).toEqual(['visa']);
      expect(request.merchantCapabilities).toEqual(['supports3DS']);
    });

    it('keeps every network and capability a version 1 session knows (Apple’s supported-networks list)', () => {
      const networks = ['amex', 'chinaUnionPay', 'discover', 'interac', 'masterCard', 'privateLabel', 'visa'];
      const capabilities = ['supports3DS', 'supportsEMV', 'supportsCredit', 'supportsDebit'];
      const request = applePaymentRequest(
        withApplePay({ supportedNetworks: networks, merchantCapabilities: capabilities }),
      );
      expect(request.supportedNetworks).toEqual(networks);
      expect(request.merchantCapabilities).toEqual(capabilities);
    });

    it('without usable settings the request is empty (it is never offered so), not a crash', () => {
      expect(applePaymentRequest(withApplePay({ supportedNetworks: [] }))).toEqual({
        countryCode: 'IL',
        currencyCode: 'ILS',
        supportedNetworks: [],
        merchantCapabilities: [],
        total: { label: '', amount: '12.50' },
      });
    });

    it('is configured only with a usable network, supports3DS and the merchant’s name', () => {
      expect(isApplePayConfigured(appleConfig)).toBe(true);
      expect(isApplePayConfigured(undefined)).toBe(false);
      expect(isApplePayConfigured({ ...appleConfig, supportedNetworks: [] })).toBe(false);
      expect(isApplePayConfigured({ ...appleConfig, supportedNetworks: ['jcb', 'mada'] })).toBe(false);
      expect(isApplePayConfigured({ ...appleConfig, merchantCapabilities: [] })).toBe(false);
      expect(isApplePayConfigured({ ...appleConfig, merchantCapabilities: ['supportsCredit'] })).toBe(false);
      expect(isApplePayConfigured({ ...appleConfig, displayName: undefined })).toBe(false);
      expect(isApplePayConfigured({ ...appleConfig, displayName: '  ' })).toBe(false);
    });
  });

  describe('one session at a time (requirements.md §4)', () => {
    it('waits in Idle with no session until the visitor taps', () => {
      const pay = startApplePay();
      expect(pay.snapshot().value).toEqual({ Idle: 'AwaitingTap' });
      expect(pay.sessions).toEqual([]);
      expect(pay.snapshot().children.session).toBeUndefined();
    });

    it('payment.start starts exactly one session', () => {
      const pay = startApplePay();
      pay.actor.send({ type: 'payment.start' });
      expect(pay.snapshot().value).toEqual({ Processing: 'AwaitingMerchantValidation' });
      expect(pay.snapshot().hasTag('processing')).toBe(true);
      expect(pay.sessions).toHaveLength(1);
      expect(pay.snapshot().children.session).toBeDefined();
    });

    it('a second payment.start while a session is active starts no new session', async () => {
      const pay = startApplePay(singleLineOrder, { payWithWallet: () => never() });
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'payment.start' });
      expect(pay.sessions).toHaveLength(1);

      pay.actor.send({ type: 'applePay.validateMerchant', validationURL: VALIDATION_URL });
      await waitFor(pay.actor, (s) => s.matches({ Processing: 'AwaitingAuthorization' }));
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'applePay.authorized', token: TOKEN });
      pay.actor.send({ type: 'payment.start' });
      expect(pay.snapshot().value).toEqual({ Processing: 'Paying' });
      expect(pay.sessions).toHaveLength(1);
      expect(pay.lastSession().stopped).toBe(false);
      expect(pay.payWithWallet).toHaveBeenCalledTimes(1);
    });

    it('applePay.cancelled returns to Idle and stops the session; a new tap starts a new one', () => {
      const pay = startApplePay();
      pay.actor.send({ type: 'payment.start' });
      const first = pay.lastSession();

      pay.actor.send({ type: 'applePay.cancelled' });
      expect(pay.snapshot().value).toEqual({ Idle: 'AwaitingTap' });
      expect(first.stopped).toBe(true);
      expect(pay.snapshot().children.session).toBeUndefined();

      pay.actor.send({ type: 'payment.start' });
      expect(pay.sessions).toHaveLength(2);
      expect(pay.lastSession()).not.toBe(first);
      expect(pay.lastSession().stopped).toBe(false);
    });

    it('cancelling after authorisation also ends the session', async () => {
      const pay = startApplePay(singleLineOrder, { payWithWallet: () => never() });
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'applePay.validateMerchant', validationURL: VALIDATION_URL });
      await waitFor(pay.actor, (s) => s.matches({ Processing: 'AwaitingAuthorization' }));
      pay.actor.send({ type: 'applePay.cancelled' });
      expect(pay.snapshot().value).toEqual({ Idle: 'AwaitingTap' });
      expect(pay.lastSession().stopped).toBe(true);
    });

    it('the session ends when the machine finishes', async () => {
      const pay = startApplePay();
      await pay.authorize();
      pay.actor.send({ type: 'applePay.sheetClosed' });
      expect(pay.snapshot().status).toBe('done');
      expect(pay.lastSession().stopped).toBe(true);
    });
  });

  describe('merchant validation', () => {
    it('calls validateMerchant with the URL and hands the merchant session to the session', async () => {
      const pay = startApplePay();
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'applePay.validateMerchant', validationURL: VALIDATION_URL });
      expect(pay.snapshot().value).toEqual({ Processing: 'ValidatingMerchant' });
      expect(pay.validateMerchant).toHaveBeenCalledWith({ validationURL: VALIDATION_URL });

      await waitFor(pay.actor, (s) => s.matches({ Processing: 'AwaitingAuthorization' }));
      expect(pay.lastSession().commands).toEqual([
        { type: 'session.completeMerchantValidation', merchantSession: MERCHANT_SESSION },
      ]);
    });

    it('a failed validation fails the payment', async () => {
      const pay = startApplePay(singleLineOrder, {
        validateMerchant: () => Promise.reject(new ApiError({ kind: 'http', status: 400, message: 'Bad merchant' })),
      });
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'applePay.validateMerchant', validationURL: VALIDATION_URL });
      await waitFor(pay.actor, (s) => s.status === 'done');
      expect(pay.snapshot().value).toBe('Failed');
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', message: 'Bad merchant', code: 400 });
      expect(pay.payWithWallet).not.toHaveBeenCalled();
      expect(pay.lastSession().stopped).toBe(true);
    });

    it('authorisation before validation is not handled', () => {
      const pay = startApplePay();
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'applePay.authorized', token: TOKEN });
      expect(pay.snapshot().value).toEqual({ Processing: 'AwaitingMerchantValidation' });
      expect(pay.payWithWallet).not.toHaveBeenCalled();
    });
  });

  describe('authorisation and the pay call (requirements.md §4)', () => {
    it('pays with the token; status 0 completes the session approved, then the sheet closing succeeds', async () => {
      const pay = startApplePay();
      await pay.authorize();
      expect(pay.payWithWallet).toHaveBeenCalledTimes(1);
      expect(pay.payWithWallet).toHaveBeenCalledWith({
        order: singleLineOrder,
        payment: TOKEN,
        attemptKey: expect.any(String) as unknown,
      });
      expect(pay.lastSession().commands.at(-1)).toEqual({ type: 'session.completePayment', approved: true });
      // still processing until Apple's sheet has closed
      expect(pay.snapshot().status).toBe('active');
      expect(pay.snapshot().hasTag('processing')).toBe(true);

      pay.actor.send({ type: 'applePay.sheetClosed' });
      expect(pay.snapshot().value).toBe('Success');
      expect(pay.snapshot().output).toEqual({ outcome: 'succeeded', message: 'Approved', transactionId: 'tx-200' });
    });

    it('the operator’s decline (status 1) completes the session not approved, then fails with message, code and id', async () => {
      const pay = startApplePay(singleLineOrder, { payWithWallet: () => Promise.resolve(DECLINED) });
      await pay.authorize();
      expect(pay.lastSession().commands.at(-1)).toEqual({ type: 'session.completePayment', approved: false });
      pay.actor.send({ type: 'applePay.sheetClosed' });
      expect(pay.snapshot().value).toBe('Failed');
      expect(pay.snapshot().output).toEqual({
        outcome: 'failed',
        message: 'Do not honour',
        code: 1,
        transactionId: 'tx-201',
      });
    });

    it('another status completes the session not approved, then is unconfirmed: the operator is asked', async () => {
      const refused = { status: 5, msg: 'Refused', transactionId: 'tx-202' };
      const pay = startApplePay(singleLineOrder, { payWithWallet: () => Promise.resolve(refused) });
      await pay.authorize();
      expect(pay.lastSession().commands.at(-1)).toEqual({ type: 'session.completePayment', approved: false });
      pay.actor.send({ type: 'applePay.sheetClosed' });
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed', transactionId: 'tx-202' });
    });

    it('a failed pay call completes the session not approved, then is unconfirmed: it may have charged', async () => {
      const pay = startApplePay(singleLineOrder, { payWithWallet: () => Promise.reject(new Error('network')) });
      await pay.authorize();
      expect(pay.lastSession().commands.at(-1)).toEqual({ type: 'session.completePayment', approved: false });
      pay.actor.send({ type: 'applePay.sheetClosed' });
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed' });
    });

    it('the session receives exactly the two completions, in order', async () => {
      const pay = startApplePay();
      await pay.authorize();
      expect(pay.lastSession().commands).toEqual([
        { type: 'session.completeMerchantValidation', merchantSession: MERCHANT_SESSION },
        { type: 'session.completePayment', approved: true },
      ]);
    });
  });

  describe('closing the drawer', () => {
    it('in Idle abandons', () => {
      const pay = startApplePay();
      pay.actor.send({ type: 'drawer.close' });
      expect(pay.snapshot().value).toBe('Abandoned');
      expect(pay.snapshot().output).toEqual({ outcome: 'abandoned' });
    });

    // Was ignored: a sheet that never asked for the merchant left the visitor on a busy button.
    it('abandons a session whose pay call is not out yet, and aborts the session', async () => {
      for (const stage of ['AwaitingMerchantValidation', 'ValidatingMerchant', 'AwaitingAuthorization'] as const) {
        const pay = startApplePay(singleLineOrder, {
          validateMerchant: stage === 'ValidatingMerchant' ? never : undefined,
        });
        pay.actor.send({ type: 'payment.start' });
        if (stage !== 'AwaitingMerchantValidation')
          pay.actor.send({ type: 'applePay.validateMerchant', validationURL: VALIDATION_URL });
        await waitFor(pay.actor, (s) => s.matches({ Processing: stage }));
        pay.actor.send({ type: 'drawer.close' });
        expect(pay.snapshot().output, stage).toEqual({ outcome: 'abandoned' });
        expect(pay.lastSession().stopped, stage).toBe(true);
      }
    });

    it('is ignored once the pay call is out: its answer decides', async () => {
      const pay = startApplePay(singleLineOrder, { payWithWallet: () => never() });
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'applePay.validateMerchant', validationURL: VALIDATION_URL });
      await waitFor(pay.actor, (s) => s.matches({ Processing: 'AwaitingAuthorization' }));
      pay.actor.send({ type: 'applePay.authorized', token: TOKEN });
      pay.actor.send({ type: 'drawer.close' });
      expect(pay.snapshot().value).toEqual({ Processing: 'Paying' });
      expect(pay.lastSession().stopped).toBe(false);
    });
  });

  describe('before the tap: Safari creates a session only inside the tap’s handler', () => {
    it('loads Apple Pay’s code first, and a tap meanwhile starts no session', async () => {
      let prepared = () => {};
      const pay = startApplePay(singleLineOrder, {
        prepareApplePay: () => new Promise<unknown>((resolve) => (prepared = () => resolve(undefined))),
      });
      expect(pay.snapshot().value).toEqual({ Idle: 'Preparing' });
      expect(pay.snapshot().hasTag('loading')).toBe(true);
      pay.actor.send({ type: 'payment.start' });
      expect(pay.sessions).toEqual([]);
      prepared();
      await waitFor(pay.actor, (s) => s.matches({ Idle: 'AwaitingTap' }));
      pay.actor.send({ type: 'payment.start' });
      expect(pay.sessions).toHaveLength(1);
    });

    it('code that cannot be loaded fails the method as unavailable', async () => {
      const pay = startApplePay(singleLineOrder, { prepareApplePay: () => Promise.reject(new Error('offline')) });
      await waitFor(pay.actor, (s) => s.status === 'done');
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'unavailable' });
    });

    it('a session Safari refuses (InvalidAccessError) fails the method as unavailable, never a busy button; Safari’s developer message is not the visitor’s', () => {
      const pay = startApplePay();
      pay.actor.send({ type: 'payment.start' });
      pay.actor.send({ type: 'applePay.refused', code: 'InvalidAccessError' });
      expect(pay.snapshot().output).toEqual({ outcome: 'failed', reason: 'unavailable', code: 'InvalidAccessError' });
      expect(pay.lastSession().stopped).toBe(true);
    });
  });
});

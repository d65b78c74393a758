/**
 * src/actors/payments.ts: each payment method's effects as the app provides them. The provider adapters and
 * the API calls are stood in for (their own tests are tests/unit/api-*.test.ts and the providers' tests);
 * what is checked here is which of them each effect calls, with what, and that provider code loads only
 * when its method starts.
 */
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, toPromise, type AnyActorLogic, type AnyEventObject } from 'xstate';
import {
  confirmCardCharge,
  createStripeIntent,
  getPaymentPage,
  payWithWallet,
  validateApplePayMerchant,
} from '../../src/api/payment';
import { initBitPayment } from '../../src/api/bit';
import { verifyHostedPayment } from '../../src/api/hosted-page';
import { paymentStatus } from '../../src/api/payment-status';
import { createTranzilaHandshake } from '../../src/api/tranzila';
import { providePayments } from '../../src/actors/payments';
import { loadApplePayButton } from '../../src/payments/apple-pay/apple-pay-button';
import { runApplePaySession } from '../../src/payments/apple-pay/apple-pay-session';
import { redirectToBit } from '../../src/payments/bit/bit';
import { listenForScanResult } from '../../src/payments/card-scan/card-scan';
import { isGooglePayReady, loadGooglePay, requestGooglePayment } from '../../src/payments/google-pay/google-pay';
import { confirmCardPayment, createPaymentMethod, loadStripeJs } from '../../src/payments/stripe/stripe';
import { chargeCard, mountCardFields } from '../../src/payments/card-fields/hosted-fields';
import { fakeApi } from '../fixtures/fake-api';
import { singleLineOrder, withTokenizableCard } from '../fixtures/orders';
import { stubLocalStorage } from '../fixtures/local-storage';

vi.mock('../../src/payments/google-pay/google-pay', () => ({
  isGooglePayReady: vi.fn(() => Promise.resolve(true)),
  loadGooglePay: vi.fn(() => Promise.resolve()),
  requestGooglePayment: vi.fn(() => Promise.resolve({ token: 'google-token' })),
}));
vi.mock('../../src/payments/apple-pay/apple-pay-session', () => ({ runApplePaySession: vi.fn() }));
vi.mock('../../src/payments/apple-pay/apple-pay-button', () => ({
  loadApplePayButton: vi.fn(() => Promise.resolve()),
}));
vi.mock('../../src/payments/card-fields/hosted-fields', () => ({
  mountCardFields: vi.fn(() => Promise.resolve()),
  chargeCard: vi.fn(() => Promise.resolve({ charged: true })),
}));
vi.mock('../../src/payments/stripe/stripe', () => ({
  loadStripeJs: vi.fn(() => Promise.resolve({ stripe: true })),
  createPaymentMethod: vi.fn(() => Promise.resolve('pm_1')),
  confirmCardPayment: vi.fn(() => Promise.resolve({ status: 'succeeded' })),
}));
vi.mock('../../src/payments/card-scan/card-scan', () => ({ listenForScanResult: vi.fn() }));
vi.mock('../../src/payments/bit/bit', () => ({
  bitReturnUrl: vi.fn(() => 'https://app.test/pay?machine_id=machine-7&bit_return=1'),
  redirectToBit: vi.fn(() => Promise.resolve()),
}));
vi.mock('../../src/api/payment', () => ({
  payWithWallet: vi.fn(() => Promise.resolve({ transactionId: 'tx-wallet' })),
  validateApplePayMerchant: vi.fn(() => Promise.resolve({ merchantSessionIdentifier: 'ms-1' })),
  confirmCardCharge: vi.fn(() => Promise.resolve({ transactionId: 'tx-card' })),
  getPaymentPage: vi.fn(() => Promise.resolve('https://pay.hyp.test/page')),
  createStripeIntent: vi.fn(() => Promise.resolve({ clientSecret: 'secret-1' })),
}));
vi.mock('../../src/api/tranzila', () => ({ createTranzilaHandshake: vi.fn(() => Promise.resolve('thtk-1')) }));
vi.mock('../../src/api/hosted-page', () => ({ verifyHostedPayment: vi.fn(() => Promise.resolve({ ok: true })) }));
vi.mock('../../src/api/bit', () => ({ initBitPayment: vi.fn(() => Promise.resolve({ status: true })) }));
vi.mock('../../src/api/payment-status', () => ({
  paymentStatus: vi.fn(() => Promise.resolve({ status: 'paid', msg: '', transactionId: 'tx-1', method: 'bit' })),
}));

const { client: api } = fakeApi({});
const store = new Map<string, string>();

beforeEach(() => {
  vi.clearAllMocks();
  store.clear();
  stubLocalStorage(store);
});
afterEach(() => vi.unstubAllGlobals());

/** An actor of a machine as the app provides it (its input unchecked: each test gives what the chart would). */
const logicOf = (machine: { implementations: { actors: object } }, id: string) =>
  (machine.implementations.actors as Record<string, AnyActorLogic>)[id] as AnyActorLogic;

/** Runs a promise actor to its end. */
const run = (logic: AnyActorLogic, input: unknown): Promise<unknown> =>
  toPromise(createActor(logic, { input }).start());

/** Lets every started import and promise settle. */
async function settle() {
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A callback actor invoked by a parent that records what it sends back. */
function invoke(logic: AnyActorLogic, input: unknown) {
  const received: AnyEventObject[] = [];
  const parent = createActor(
    setup({ actors: { child: logic } }).createMachine({
      invoke: { id: 'child', src: 'child', input: () => input as never },
      on: { '*': { actions: ({ event }) => void received.push(event) } },
    }),
  ).start();
  const child = () => {
    const ref = parent.getSnapshot().children.child;
    if (!ref) throw new Error('the callback actor is not running');
    return ref;
  };
  return { parent, received, child };
}

const googleOrder = withTokenizableCard(singleLineOrder);
const withoutGooglePay = { ...singleLineOrder, config: { ...singleLineOrder.config, google_pay: undefined } };
const attempt = { order: singleLineOrder, attemptKey: 'attempt-1' };

describe('Google Pay', () => {
  it('is not ready on a machine that does not configure it, and pay.js is never loaded', async () => {
    const payments = providePayments(api);
    await expect(run(payments.checkGooglePay, { order: withoutGooglePay })).resolves.toBe(false);
    await expect(run(logicOf(payments.googlePay, 'loadGooglePay'), { order: withoutGooglePay })).rejects.toThrow(
      'Google Pay is not configured for this machine',
    );
    expect(isGooglePayReady).not.toHaveBeenCalled();
    expect(loadGooglePay).not.toHaveBeenCalled();
  });

  it("asks Google whether it is ready, and loads it, in the machine's environment", async () => {
    const payments = providePayments(api);
    vi.mocked(isGooglePayReady).mockResolvedValueOnce(false);
    await expect(run(payments.checkGooglePay, { order: googleOrder })).resolves.toBe(false);
    await expect(run(payments.checkGooglePay, { order: googleOrder })).resolves.toBe(true);
    expect(vi.mocked(isGooglePayReady).mock.calls.map(([, environment]) => environment)).toEqual(['TEST', 'TEST']);
    expect(vi.mocked(isGooglePayReady).mock.calls[0]?.[0]).toMatchObject({
      transactionInfo: { currencyCode: 'ILS', countryCode: 'IL' },
    });

    await expect(run(logicOf(payments.googlePay, 'loadGooglePay'), { order: googleOrder })).resolves.toBeUndefined();
    expect(loadGooglePay).toHaveBeenCalledWith(
      expect.objectContaining({ transactionInfo: expect.anything() as unknown }),
      'TEST',
    );
  });

  it('requests the payment, then pays it as google_pay', async () => {
    const payments = providePayments(api);
    const request = { apiVersion: 2 };
    await expect(run(logicOf(payments.googlePay, 'requestGooglePayment'), request)).resolves.toEqual({
      token: 'google-token',
    });
    expect(requestGooglePayment).toHaveBeenCalledWith(request);

    const input = { ...attempt, payment: { token: 'google-token' } };
    await expect(run(logicOf(payments.googlePay, 'payWithWallet'), input)).resolves.toEqual({
      transactionId: 'tx-wallet',
    });
    expect(payWithWallet).toHaveBeenCalledWith(api, input, 'google_pay', { token: 'google-token' });
  });
});

describe('Apple Pay', () => {
  it('a tap before the session code has loaded is refused: NotLoaded', () => {
    const payments = providePayments(api);
    const { received } = invoke(logicOf(payments.applePay, 'applePaySession'), { total: 1 });
    expect(received).toEqual([{ type: 'applePay.refused', code: 'NotLoaded' }]);
    expect(runApplePaySession).not.toHaveBeenCalled();
  });

  it("loads the session code and Apple's button first; the session then runs, until stopped", async () => {
    const payments = providePayments(api);
    await run(logicOf(payments.applePay, 'prepareApplePay'), { order: singleLineOrder });
    expect(loadApplePayButton).toHaveBeenCalledTimes(1);

    const commands: AnyEventObject[] = [];
    const endSession = vi.fn();
    vi.mocked(runApplePaySession).mockImplementation((_input, sendBack, receive) => {
      receive((command) => void commands.push(command));
      sendBack({ type: 'applePay.cancelled' });
      return endSession;
    });
    const input = { total: 1 };
    const { parent, received, child } = invoke(logicOf(payments.applePay, 'applePaySession'), input);
    expect(runApplePaySession).toHaveBeenCalledWith(input, expect.any(Function), expect.any(Function));
    expect(received).toEqual([{ type: 'applePay.cancelled' }]);
    child().send({ type: 'applePay.abort' });
    expect(commands).toEqual([{ type: 'applePay.abort' }]);

    expect(endSession).not.toHaveBeenCalled();
    parent.stop();
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('a second preparation keeps the code loaded', async () => {
    const payments = providePayments(api);
    await run(logicOf(payments.applePay, 'prepareApplePay'), { order: singleLineOrder });
    await run(logicOf(payments.applePay, 'prepareApplePay'), { order: singleLineOrder });
    vi.mocked(runApplePaySession).mockReturnValue(() => {});
    invoke(logicOf(payments.applePay, 'applePaySession'), {});
    expect(runApplePaySession).toHaveBeenCalledTimes(1);
  });

  it('validates the merchant with the validation URL, and pays as apple_pay', async () => {
    const payments = providePayments(api);
    await expect(
      run(logicOf(payments.applePay, 'validateMerchant'), { validationURL: 'https://apple-pay-gateway.apple.com/x' }),
    ).resolves.toEqual({ merchantSessionIdentifier: 'ms-1' });
    expect(validateApplePayMerchant).toHaveBeenCalledWith(api, 'https://apple-pay-gateway.apple.com/x');

    const input = { ...attempt, payment: { token: 'apple-token' } };
    await run(logicOf(payments.applePay, 'payWithWallet'), input);
    expect(payWithWallet).toHaveBeenCalledWith(api, input, 'apple_pay', { token: 'apple-token' });
  });
});

describe('card fields (Tranzila)', () => {
  afterEach(() => {
    i18next.language = '';
  });

  it("mounts the fields, makes the handshake, charges in the page's language, confirms the charge", async () => {
    const payments = providePayments(api);
    i18next.language = 'he';
    await run(logicOf(payments.cardFields, 'mountCardFields'), { terminal: 'term-1' });
    expect(mountCardFields).toHaveBeenCalledTimes(1);

    await expect(run(logicOf(payments.cardFields, 'createHandshake'), attempt)).resolves.toBe('thtk-1');
    expect(createTranzilaHandshake).toHaveBeenCalledWith(api, attempt);

    const charge = { order: singleLineOrder, terminal: 'term-1', thtk: 'thtk-1' };
    await expect(run(logicOf(payments.cardFields, 'chargeCard'), charge)).resolves.toEqual({ charged: true });
    expect(chargeCard).toHaveBeenCalledWith(charge, 'he');

    const confirm = { ...attempt, chargeResponse: { charged: true } };
    await expect(run(logicOf(payments.cardFields, 'confirmCharge'), confirm)).resolves.toEqual({
      transactionId: 'tx-card',
    });
    expect(confirmCardCharge).toHaveBeenCalledWith(api, confirm, { charged: true });
  });
});

describe('the hosted payment page (Yaad Sarig)', () => {
  it('fetches the page, verifies the payment that came back, and stores the pay status', async () => {
    const payments = providePayments(api);
    await expect(run(logicOf(payments.hostedPage, 'fetchPaymentPage'), attempt)).resolves.toBe(
      'https://pay.hyp.test/page',
    );
    expect(getPaymentPage).toHaveBeenCalledWith(api, attempt);

    const returned = { ...attempt, returned: { CCode: '0' } };
    await run(logicOf(payments.hostedPage, 'verifyHostedPayment'), returned);
    expect(verifyHostedPayment).toHaveBeenCalledWith(api, returned, { CCode: '0' });

    const storePayStatus = payments.hostedPage.implementations.actions.storePayStatus as (
      args: unknown,
      status: string,
    ) => void;
    storePayStatus({}, 'failed');
    expect(Object.fromEntries(store)).toEqual({ payStatus: 'failed' });
  });
});

describe('Stripe', () => {
  afterEach(() => {
    i18next.language = '';
  });

  it("loads Stripe.js with the machine's key, creates the method and the intent, confirms the payment", async () => {
    const payments = providePayments(api);
    i18next.language = 'fr';
    await run(logicOf(payments.stripe, 'loadStripe'), { publishableKey: 'pk_test_123' });
    expect(loadStripeJs).toHaveBeenCalledWith('pk_test_123');

    const card = { card: { element: 'card' } };
    await expect(run(logicOf(payments.stripe, 'createPaymentMethod'), card)).resolves.toBe('pm_1');
    expect(createPaymentMethod).toHaveBeenCalledWith(card);

    await expect(run(logicOf(payments.stripe, 'createPaymentIntent'), attempt)).resolves.toEqual({
      clientSecret: 'secret-1',
    });
    expect(createStripeIntent).toHaveBeenCalledWith(api, attempt, 'fr');

    const confirm = { stripe: {}, clientSecret: 'secret-1', paymentMethodId: 'pm_1' };
    await expect(run(logicOf(payments.stripe, 'confirmCardPayment'), confirm)).resolves.toEqual({
      status: 'succeeded',
    });
    expect(confirmCardPayment).toHaveBeenCalledWith(confirm);
  });
});

describe('card scan: listening runs from code loaded when the method starts', () => {
  it('events that come while it loads wait for it; later ones go straight to it; what it sends reaches the chart', async () => {
    const heard: AnyEventObject[] = [];
    const stopListening = vi.fn();
    vi.mocked(listenForScanResult).mockImplementation((_input, sendBack, ...rest: unknown[]) => {
      const receive = rest[0] as (listener: (event: AnyEventObject) => void) => void;
      receive((event) => void heard.push(event));
      sendBack({ type: 'cardScan.cancelled' } as never);
      return stopListening;
    });
    const input = { order: singleLineOrder };
    const { parent, received, child } = invoke(logicOf(providePayments(api).cardScan, 'listenForScanResult'), input);
    child().send({ type: 'first' });
    child().send({ type: 'second' });
    expect(listenForScanResult).not.toHaveBeenCalled();

    await settle();
    expect(listenForScanResult).toHaveBeenCalledWith(input, expect.any(Function), expect.any(Function));
    expect(heard).toEqual([{ type: 'first' }, { type: 'second' }]);
    expect(received).toEqual([{ type: 'cardScan.cancelled' }]);
    child().send({ type: 'third' });
    expect(heard).toEqual([{ type: 'first' }, { type: 'second' }, { type: 'third' }]);

    expect(stopListening).not.toHaveBeenCalled();
    parent.stop();
    expect(stopListening).toHaveBeenCalledTimes(1);
  });

  it('stopped before the code has loaded, it starts nothing', async () => {
    const { parent } = invoke(logicOf(providePayments(api).cardScan, 'listenForScanResult'), {
      order: singleLineOrder,
    });
    parent.stop();
    await settle();
    expect(listenForScanResult).not.toHaveBeenCalled();
  });
});

describe('Bit', () => {
  it('starts the payment with the return address of this page, then sends the browser to Bit', async () => {
    const payments = providePayments(api);
    await expect(run(logicOf(payments.bit, 'initBitPayment'), attempt)).resolves.toEqual({ status: true });
    expect(initBitPayment).toHaveBeenCalledWith(api, attempt, 'https://app.test/pay?machine_id=machine-7&bit_return=1');

    const redirect = { payment: { transactionId: 'bit-1', paymentUrl: 'https://bit.processor.example/p/1' } };
    await run(logicOf(payments.bit, 'redirectToBit'), redirect);
    expect(redirectToBit).toHaveBeenCalledWith(redirect);
  });

  it("closed while Bit's code loads, the browser stays", async () => {
    const actor = createActor(logicOf(providePayments(api).bit, 'redirectToBit'), {
      input: { payment: { transactionId: 'bit-1', paymentUrl: 'https://bit.processor.example/p/1' } },
    }).start();
    actor.stop();
    await settle();
    expect(redirectToBit).not.toHaveBeenCalled();
  });
});

describe('a payment whose end the page did not see', () => {
  it('asks the operator for its status', async () => {
    const input = { machineId: 'machine-7', sessionId: 'session-cola' };
    await expect(run(providePayments(api).checkReturnedPayment, input)).resolves.toEqual({
      status: 'paid',
      msg: '',
      transactionId: 'tx-1',
      method: 'bit',
    });
    expect(paymentStatus).toHaveBeenCalledWith(api, input);
  });
});

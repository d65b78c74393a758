import i18next from 'i18next';
import { fromCallback, fromPromise } from 'xstate';
import { applePayMachine } from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import { bitMachine } from '../../machines/payment/methods/bit/bit.machine';
import { cardFieldsMachine } from '../../machines/payment/methods/card-fields/card-fields.machine';
import { cardScanMachine } from '../../machines/payment/methods/card-scan/card-scan.machine';
import { googlePayMachine } from '../../machines/payment/methods/google-pay/google-pay.machine';
import {
  googlePaymentRequest,
  isGooglePayConfigured,
} from '../../machines/payment/methods/google-pay/google-pay.request';
import { hostedPageMachine } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import { stripeMachine } from '../../machines/payment/methods/stripe/stripe.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import type { ReturnedPaymentStatus } from '../../machines/purchase/purchase.types';
import type { ApiClient } from '../api/client';
import { purchaseStorage } from '../lib/purchase-storage';

// Provider code loads when its method starts, never with the page.
const googlePay = () => import('../payments/google-pay/google-pay');
const applePay = () => import('../payments/apple-pay/apple-pay-session');
const applePayButton = () => import('../payments/apple-pay/apple-pay-button');
const tranzila = () => import('../payments/tranzila/hosted-fields');
const stripe = () => import('../payments/stripe/stripe');
const cardScan = () => import('../payments/card-scan/card-scan');
const bit = () => import('../payments/bit/bit');
const paymentApi = () => import('../api/payment');
const tranzilaApi = () => import('../api/tranzila');
const hostedPageApi = () => import('../api/hosted-page');
const bitApi = () => import('../api/bit');
const cardScanApi = () => import('../api/card-scan');
const paymentStatusApi = () => import('../api/payment-status');

/**
 * Runs a callback actor from a module loaded on demand: events that arrive while it loads wait
 * for it, and stopping before it has loaded starts nothing.
 */
function lazyCallback<TEvent extends { type: string }, TInput, TEmitted extends { type: string }>(
  load: () => Promise<{
    run: (
      input: TInput,
      sendBack: (event: TEmitted) => void,
      receive: (listener: (event: TEvent) => void) => void,
    ) => () => void;
  }>,
) {
  return fromCallback<TEvent, TInput, TEmitted>(({ input, sendBack, receive }) => {
    let stopped = false;
    let cleanup = () => {};
    const waiting: TEvent[] = [];
    let listener: (event: TEvent) => void = (event) => waiting.push(event);
    receive((event) => listener(event));
    void load().then(({ run }) => {
      if (stopped) return;
      cleanup = run(input, sendBack, (next) => {
        listener = next;
        waiting.splice(0).forEach(next);
      });
    });
    return () => {
      stopped = true;
      cleanup();
    };
  });
}

/** A module loaded on demand that can then be used synchronously (inside a user gesture). */
function preloadable<TModule>(load: () => Promise<TModule>) {
  let module: TModule | undefined;
  return {
    load: async () => {
      module ??= await load();
    },
    loaded: () => module,
  };
}

/** Every payment method's machine with its real effects: the provider adapters and the operator's API. */
export function providePayments(api: ApiClient) {
  const applePaySession = preloadable(applePay);
  return {
    /** A machine that does not configure Google Pay as Google requires never loads pay.js: not ready. */
    checkGooglePay: fromPromise<boolean, { order: PaymentOrder }>(async ({ input }) => {
      const config = input.order.config.google_pay;
      if (!isGooglePayConfigured(config)) return false;
      return (await googlePay()).isGooglePayReady(googlePaymentRequest(input.order), config.environment);
    }),
    googlePay: googlePayMachine.provide({
      actors: {
        loadGooglePay: fromPromise(async ({ input }) => {
          const config = input.order.config.google_pay;
          // Only a menu that configures Google Pay as Google requires offers it; never a silent TEST.
          if (!isGooglePayConfigured(config)) throw new Error('Google Pay is not configured for this machine');
          await (await googlePay()).loadGooglePay(googlePaymentRequest(input.order), config.environment);
        }),
        requestGooglePayment: fromPromise(async ({ input }) => (await googlePay()).requestGooglePayment(input)),
        payWithWallet: fromPromise(async ({ input }) =>
          (await paymentApi()).payWithWallet(api, input, 'google_pay', input.payment),
        ),
      },
    }),
    applePay: applePayMachine.provide({
      actors: {
        // The session's code and Apple's button, both before the button can be tapped.
        prepareApplePay: fromPromise<unknown, { order: PaymentOrder }>(() =>
          Promise.all([
            applePaySession.load(),
            applePayButton().then(({ loadApplePayButton }) => loadApplePayButton()),
          ]),
        ),
        // Synchronous from the tap on: Safari refuses a session created after anything was awaited.
        applePaySession: fromCallback(({ input, sendBack, receive }) => {
          const loaded = applePaySession.loaded();
          if (!loaded) {
            sendBack({ type: 'applePay.refused', code: 'NotLoaded' });
            return () => {};
          }
          return loaded.runApplePaySession(input, sendBack, receive);
        }),
        validateMerchant: fromPromise(async ({ input }) =>
          (await paymentApi()).validateApplePayMerchant(api, input.validationURL),
        ),
        payWithWallet: fromPromise(async ({ input }) =>
          (await paymentApi()).payWithWallet(api, input, 'apple_pay', input.payment),
        ),
      },
    }),
    cardFields: cardFieldsMachine.provide({
      actors: {
        mountCardFields: fromPromise<unknown, { terminal: string }>(async () => (await tranzila()).mountCardFields()),
        createHandshake: fromPromise(async ({ input }) => (await tranzilaApi()).createTranzilaHandshake(api, input)),
        chargeCard: fromPromise(async ({ input }) => (await tranzila()).chargeCard(input, i18next.language)),
        confirmCharge: fromPromise(async ({ input }) =>
          (await paymentApi()).confirmCardCharge(api, input, input.chargeResponse),
        ),
      },
    }),
    hostedPage: hostedPageMachine.provide({
      actors: {
        fetchPaymentPage: fromPromise(async ({ input }) => (await paymentApi()).getPaymentPage(api, input)),
        verifyHostedPayment: fromPromise(async ({ input }) =>
          (await hostedPageApi()).verifyHostedPayment(api, input, input.returned),
        ),
      },
      actions: { storePayStatus: (_, status) => purchaseStorage.setPayStatus(status) },
    }),
    stripe: stripeMachine.provide({
      actors: {
        loadStripe: fromPromise(async ({ input }) => (await stripe()).loadStripeJs(input.publishableKey)),
        createPaymentMethod: fromPromise(async ({ input }) => (await stripe()).createPaymentMethod(input)),
        createPaymentIntent: fromPromise(async ({ input }) =>
          (await paymentApi()).createStripeIntent(api, input, i18next.language),
        ),
        confirmCardPayment: fromPromise(async ({ input }) => (await stripe()).confirmCardPayment(input)),
      },
    }),
    cardScan: cardScanMachine.provide({
      actors: {
        startCardScan: fromPromise(async ({ input }) => (await cardScanApi()).startCardScan(api, input)),
        listenForScanResult: lazyCallback(async () => ({ run: (await cardScan()).listenForScanResult })),
      },
      actions: { storePayStatus: (_, status) => purchaseStorage.setPayStatus(status) },
    }),
    bit: bitMachine.provide({
      actors: {
        initBitPayment: fromPromise(async ({ input }) =>
          (await bitApi()).initBitPayment(api, input, (await bit()).bitReturnUrl()),
        ),
        redirectToBit: fromPromise(async ({ input, signal }) => {
          const { redirectToBit } = await bit();
          // Closing the drawer while Bit's code loads stops the actor: the browser must then stay.
          if (!signal.aborted) await redirectToBit(input);
        }),
      },
    }),
    /** The purchase asks the operator what became of a payment whose end the page did not see. */
    checkReturnedPayment: fromPromise<ReturnedPaymentStatus, { machineId: string; sessionId: string }>(
      async ({ input }) => (await paymentStatusApi()).paymentStatus(api, input),
    ),
  };
}

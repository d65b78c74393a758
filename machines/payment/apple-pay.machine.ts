import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { WalletPayInput } from './google-pay.machine';
import { formatWalletAmount } from './google-pay.request';
import {
  ABANDONED,
  initialPaymentContext,
  isPayApproved,
  paymentOutput,
  resultOfCallError,
  resultOfPayCallError,
  resultOfPayResponse,
  type PaymentContext,
} from './payment.shared';
import type { PaymentOrder, PaymentResult, PayResponse } from './payment.types';

/** Spec §9: Apple Pay JS session version 1, these networks, 3-D Secure. */
export const APPLE_PAY_VERSION = 1;
export const APPLE_PAY_NETWORKS = ['visa', 'masterCard', 'amex', 'discover'] as const;
export const APPLE_PAY_CAPABILITIES = ['supports3DS'] as const;

export function applePaymentRequest(order: PaymentOrder) {
  return {
    countryCode: order.countryCode,
    currencyCode: order.currency,
    supportedNetworks: [...APPLE_PAY_NETWORKS],
    merchantCapabilities: [...APPLE_PAY_CAPABILITIES],
    total: { label: order.lines[0]?.product.name ?? order.machineId, amount: formatWalletAmount(order.total) },
  };
}

export type ApplePaymentRequest = ReturnType<typeof applePaymentRequest>;

/** What the session actor tells the machine (from ApplePaySession's callbacks). */
export type ApplePaySessionEvent =
  | { type: 'applePay.validateMerchant'; validationURL: string }
  | { type: 'applePay.authorized'; token: unknown }
  | { type: 'applePay.cancelled' }
  | { type: 'applePay.sheetClosed' };

/** What the machine tells the session actor. */
export type ApplePaySessionCommand =
  | { type: 'session.completeMerchantValidation'; merchantSession: unknown }
  | { type: 'session.completePayment'; approved: boolean };

type ApplePayEvent = { type: 'payment.start' } | { type: 'drawer.close' } | ApplePaySessionEvent;

/**
 * Apple Pay (spec §4): one session at a time — the session lives exactly as long as `Processing`,
 * and a second tap there is not handled. Cancelling before the pay call returns to `Idle`, which
 * ends the session (the flag is cleared).
 */
export const applePayMachine = setup({
  types: {
    context: {} as PaymentContext & { token: unknown },
    events: {} as ApplePayEvent,
    input: {} as { order: PaymentOrder },
    output: {} as PaymentResult,
  },
  actors: {
    /** new ApplePaySession(1, request).begin(); forwards its callbacks, obeys the commands. */
    applePaySession: fromCallback<ApplePaySessionCommand, ApplePaymentRequest, ApplePaySessionEvent>(() => undefined),
    /** POST /api/payment/pre/apple_pay/validate_merchant */
    validateMerchant: fromPromise<unknown, { validationURL: string }>(() => Promise.reject(new Error('not provided'))),
    /** POST /api/payment/pay/wallet?payment_method=apple_pay */
    payWithWallet: fromPromise<PayResponse, WalletPayInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    resultSucceeded: ({ context }) => context.result.outcome === 'succeeded',
  },
}).createMachine({
  id: 'applePay',
  context: ({ input }) => ({ ...initialPaymentContext({ input }), token: undefined }),
  output: paymentOutput,
  initial: 'Idle',
  states: {
    Idle: {
      on: {
        'payment.start': 'Processing',
        'drawer.close': { target: 'Abandoned', actions: assign({ result: ABANDONED }) },
      },
    },
    Processing: {
      tags: ['processing'],
      invoke: {
        id: 'session',
        src: 'applePaySession',
        input: ({ context }) => applePaymentRequest(context.order),
      },
      initial: 'AwaitingMerchantValidation',
      states: {
        AwaitingMerchantValidation: {
          on: { 'applePay.validateMerchant': 'ValidatingMerchant', 'applePay.cancelled': '#applePay.Idle' },
        },
        ValidatingMerchant: {
          on: { 'applePay.cancelled': '#applePay.Idle' },
          invoke: {
            id: 'validateMerchant',
            src: 'validateMerchant',
            input: ({ event }) => ({
              validationURL: event.type === 'applePay.validateMerchant' ? event.validationURL : '',
            }),
            onDone: {
              target: 'AwaitingAuthorization',
              actions: sendTo('session', ({ event }) => ({
                type: 'session.completeMerchantValidation' as const,
                merchantSession: event.output,
              })),
            },
            onError: {
              target: '#applePay.Failed',
              actions: assign({ result: ({ event }) => resultOfCallError(event.error) }),
            },
          },
        },
        AwaitingAuthorization: {
          on: {
            'applePay.cancelled': '#applePay.Idle',
            'applePay.authorized': {
              target: 'Paying',
              actions: assign({ token: ({ event }) => event.token }),
            },
          },
        },
        /**
         * Once the pay call is out, a cancelled sheet (Apple closes it after a time-out) no longer
         * abandons the payment: the call's answer decides, so an approved payment is never lost.
         */
        Paying: {
          invoke: {
            id: 'payWithWallet',
            src: 'payWithWallet',
            input: ({ context }) => ({ order: context.order, payment: context.token }),
            onDone: {
              target: 'ClosingSheet',
              actions: [
                assign({ result: ({ event }) => resultOfPayResponse(event.output) }),
                sendTo('session', ({ event }) => ({
                  type: 'session.completePayment' as const,
                  approved: isPayApproved(event.output),
                })),
              ],
            },
            onError: {
              target: 'ClosingSheet',
              actions: [
                assign({ result: ({ event }) => resultOfPayCallError(event.error) }),
                sendTo('session', { type: 'session.completePayment' as const, approved: false }),
              ],
            },
          },
        },
        /** The session completes as success or failure; then the matching stage (spec §4). */
        ClosingSheet: {
          on: {
            'applePay.sheetClosed': [
              { guard: 'resultSucceeded', target: '#applePay.Success' },
              { target: '#applePay.Failed' },
            ],
          },
        },
      },
    },
    Success: { type: 'final' },
    Failed: { type: 'final' },
    Abandoned: { type: 'final' },
  },
});

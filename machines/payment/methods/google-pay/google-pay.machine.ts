import { assign, fromPromise } from 'xstate';
import { setup } from '../../../shared/chart-setup';
import { googlePaymentRequest, type GooglePaymentRequest } from './google-pay.request';
import {
  ENDS_ABANDONED,
  ENDS_WITH_KEPT_RESULT,
  initialPaymentContext,
  isPayApproved,
  keepResultAction,
  payCall,
  endingOutput,
  type PaymentContext,
  attemptInput,
} from '../../payment.shared';
import {
  type PaymentOrder,
  type PayResponse,
  type ResultWith,
  type UncancellableResult,
  type AttemptInput,
} from '../../payment.types';
import { providedAtTheEdge } from '../../../shared/provided-at-the-edge';

/** requirements.md §9: the Google Pay loader shows for 1 s. */
export const GOOGLE_PAY_LOADER_MS = 1000;

/** How Google Pay reports a closed sheet or an error (PaymentsClient.loadPaymentData rejects with it). */
export interface GooglePayError {
  statusCode?: string;
  statusMessage?: string;
}

/**
 * The failure a rejected loadPaymentData leaves. Its statusMessage is for developers, not visitors
 * (developers.google.com/pay/api/web/reference/error-objects#PaymentsError): the visitor reads a
 * translated reason, and the statusCode stays for diagnostics. CANCELED is the visitor closing the sheet.
 */
export function resultOfGooglePayError(error: unknown): ResultWith<'failed'> {
  const { statusCode } = (error ?? {}) as GooglePayError;
  return { outcome: 'failed', reason: statusCode === 'CANCELED' ? 'sheetClosed' : 'paymentFailed', code: statusCode };
}

export interface WalletPayInput extends AttemptInput {
  /** Google: the PaymentData; Apple: the payment token. */
  payment: unknown;
}

type GooglePayEvent = { type: 'payment.start' } | { type: 'drawer.close' };

/** Google Pay (requirements.md §4): button, sheet, then the operator's wallet call. */
export const googlePayMachine = setup({
  types: {
    context: {} as PaymentContext<UncancellableResult> & { paymentData: unknown },
    events: {} as GooglePayEvent,
    input: {} as { order: PaymentOrder },
    output: {} as UncancellableResult,
  },
  actors: {
    /** Loads Google's pay.js and asks isReadyToPay. */
    loadGooglePay: fromPromise<unknown, { order: PaymentOrder }>(providedAtTheEdge('loadGooglePay')),
    /** PaymentsClient.loadPaymentData: shows the sheet; rejects with a GooglePayError when closed. */
    requestGooglePayment: fromPromise<unknown, GooglePaymentRequest>(providedAtTheEdge('requestGooglePayment')),
    /** POST /api/payment/pay/wallet?payment_method=google_pay */
    payWithWallet: fromPromise<PayResponse, WalletPayInput>(providedAtTheEdge('payWithWallet')),
  },
  actions: { keepResult: keepResultAction() },
  guards: {
    knowsVisitor: ({ context }) => Boolean(context.order.visitorUuid),
    payApproved: (_, response: PayResponse) => isPayApproved(response),
  },
  delays: { googlePayLoader: GOOGLE_PAY_LOADER_MS },
}).createMachine({
  id: 'googlePay',
  context: ({ input }) => ({ ...initialPaymentContext({ input }), paymentData: undefined }),
  output: endingOutput('succeeded', 'failed', 'abandoned'),
  initial: 'Idle',
  states: {
    Idle: {
      initial: 'LoadingSdk',
      on: { 'drawer.close': '#googlePay.Abandoned' },
      states: {
        LoadingSdk: {
          tags: ['loading'],
          invoke: {
            id: 'loadGooglePay',
            src: 'loadGooglePay',
            input: ({ context }) => ({ order: context.order }),
            onDone: 'ShowingLoader',
            onError: {
              target: '#googlePay.Failed',
              actions: { type: 'keepResult', params: { outcome: 'failed', reason: 'unavailable' } },
            },
          },
        },
        ShowingLoader: {
          tags: ['loading'],
          after: { googlePayLoader: 'AwaitingTap' },
        },
        AwaitingTap: {
          on: {
            'payment.start': [
              { guard: 'knowsVisitor', target: '#googlePay.Processing' },
              {
                // requirements.md §8: Google Pay without a visitor uuid — before the visitor approves anything.
                target: '#googlePay.Failed',
                actions: { type: 'keepResult', params: { outcome: 'failed', reason: 'internal' } },
              },
            ],
          },
        },
      },
    },
    Processing: {
      tags: ['processing'],
      initial: 'RequestingPayment',
      states: {
        RequestingPayment: {
          invoke: {
            id: 'requestGooglePayment',
            src: 'requestGooglePayment',
            input: ({ context }) => googlePaymentRequest(context.order),
            onDone: { target: 'Paying', actions: assign({ paymentData: ({ event }) => event.output }) },
            onError: {
              // requirements.md §4: cancel -> failure with the status code.
              target: '#googlePay.Failed',
              actions: { type: 'keepResult', params: ({ event }) => resultOfGooglePayError(event.error) },
            },
          },
        },
        Paying: {
          invoke: {
            ...payCall({ machine: 'googlePay', src: 'payWithWallet' }),
            input: (args) => ({ ...attemptInput(args), payment: args.context.paymentData }),
          },
        },
      },
    },
    Success: ENDS_WITH_KEPT_RESULT,
    Failed: ENDS_WITH_KEPT_RESULT,
    Abandoned: ENDS_ABANDONED,
  },
});

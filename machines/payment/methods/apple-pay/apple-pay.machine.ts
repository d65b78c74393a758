import { assign, fromCallback, fromPromise, sendTo } from 'xstate';
import { setup } from '../../../shared/chart-setup';
import { applePaymentRequest, type ApplePaymentRequest } from './apple-pay.request';
import type { WalletPayInput } from '../google-pay/google-pay.machine';
import {
  ENDS_ABANDONED,
  ENDS_WITH_KEPT_RESULT,
  initialPaymentContext,
  isPayApproved,
  keepResultAction,
  endingOutput,
  resultOfCallError,
  resultOfPayCallError,
  resultOfPayResponse,
  type PaymentContext,
  attemptInput,
} from '../../payment.shared';
import type { PaymentOrder, PayResponse, UncancellableResult } from '../../payment.types';
import { providedAtTheEdge } from '../../../shared/provided-at-the-edge';

/** What the session actor tells the machine (from ApplePaySession's callbacks). */
export type ApplePaySessionEvent =
  /**
   * Safari refused to create or begin the session: `code` is the error's name (InvalidAccessError
   * outside a user gesture, TypeError for a request it rejects). Its message is for developers.
   */
  | { type: 'applePay.refused'; code: string }
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
 * Apple Pay (requirements.md §4): one session at a time — the session lives exactly as long as `Processing`,
 * and a second tap there is not handled. Its code is loaded before the button can be tapped
 * (`Idle.Preparing`), because Safari creates a session only inside the tap's own handler; a refused
 * session fails the method instead of leaving the button busy. Cancelling before the pay call returns
 * to the button, which ends the session (the flag is cleared); closing the drawer then abandons it. Closing
 * it before the pay call is out abandons the payment: nothing was charged, the session is aborted with its actor.
 */
export const applePayMachine = setup({
  types: {
    context: {} as PaymentContext<UncancellableResult> & { token: unknown },
    events: {} as ApplePayEvent,
    input: {} as { order: PaymentOrder },
    output: {} as UncancellableResult,
  },
  actors: {
    /**
     * Loads what the session needs before the tap: Safari creates a session only inside the tap's own
     * handler, so nothing may be fetched between the tap and `new ApplePaySession`.
     */
    prepareApplePay: fromPromise<unknown, { order: PaymentOrder }>(providedAtTheEdge('prepareApplePay')),
    /** new ApplePaySession(1, request).begin(), synchronously; forwards its callbacks, obeys the commands. */
    applePaySession: fromCallback<ApplePaySessionCommand, ApplePaymentRequest, ApplePaySessionEvent>(
      providedAtTheEdge('applePaySession'),
    ),
    /** POST /api/payment/pre/apple_pay/validate_merchant */
    validateMerchant: fromPromise<unknown, { validationURL: string }>(providedAtTheEdge('validateMerchant')),
    /** POST /api/payment/pay/wallet?payment_method=apple_pay */
    payWithWallet: fromPromise<PayResponse, WalletPayInput>(providedAtTheEdge('payWithWallet')),
  },
  actions: { keepResult: keepResultAction() },
  guards: {
    resultSucceeded: ({ context }) => context.result?.outcome === 'succeeded',
  },
}).createMachine({
  id: 'applePay',
  context: ({ input }) => ({ ...initialPaymentContext({ input }), token: undefined }),
  output: endingOutput('succeeded', 'failed', 'abandoned'),
  initial: 'Idle',
  states: {
    Idle: {
      on: { 'drawer.close': '#applePay.Abandoned' },
      initial: 'Preparing',
      states: {
        Preparing: {
          tags: ['loading'],
          invoke: {
            id: 'prepareApplePay',
            src: 'prepareApplePay',
            input: ({ context }) => ({ order: context.order }),
            onDone: 'AwaitingTap',
            onError: {
              target: '#applePay.Failed',
              actions: { type: 'keepResult', params: { outcome: 'failed', reason: 'unavailable' } },
            },
          },
        },
        AwaitingTap: { on: { 'payment.start': '#applePay.Processing' } },
      },
    },
    Processing: {
      tags: ['processing'],
      invoke: {
        id: 'session',
        src: 'applePaySession',
        input: ({ context }) => applePaymentRequest(context.order),
      },
      on: {
        'applePay.refused': {
          target: 'Failed',
          actions: {
            type: 'keepResult',
            params: ({ event }) => ({ outcome: 'failed', reason: 'unavailable', code: event.code }),
          },
        },
      },
      initial: 'AwaitingMerchantValidation',
      states: {
        AwaitingMerchantValidation: {
          on: {
            'applePay.validateMerchant': 'ValidatingMerchant',
            'applePay.cancelled': '#applePay.Idle.AwaitingTap',
            'drawer.close': '#applePay.Abandoned',
          },
        },
        ValidatingMerchant: {
          on: {
            'applePay.cancelled': '#applePay.Idle.AwaitingTap',
            'drawer.close': '#applePay.Abandoned',
          },
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
              actions: { type: 'keepResult', params: ({ event }) => resultOfCallError(event.error) },
            },
          },
        },
        AwaitingAuthorization: {
          on: {
            'applePay.cancelled': '#applePay.Idle.AwaitingTap',
            'drawer.close': '#applePay.Abandoned',
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
            input: (args) => ({ ...attemptInput(args), payment: args.context.token }),
            onDone: {
              target: 'ClosingSheet',
              actions: [
                { type: 'keepResult', params: ({ event }) => resultOfPayResponse(event.output) },
                sendTo('session', ({ event }) => ({
                  type: 'session.completePayment' as const,
                  approved: isPayApproved(event.output),
                })),
              ],
            },
            onError: {
              target: 'ClosingSheet',
              actions: [
                { type: 'keepResult', params: ({ event }) => resultOfPayCallError(event.error) },
                sendTo('session', { type: 'session.completePayment' as const, approved: false }),
              ],
            },
          },
        },
        /** The session completes as success or failure; then the matching stage (requirements.md §4). */
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
    Success: ENDS_WITH_KEPT_RESULT,
    Failed: ENDS_WITH_KEPT_RESULT,
    Abandoned: ENDS_ABANDONED,
  },
});

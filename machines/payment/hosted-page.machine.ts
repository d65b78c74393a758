import { assign, fromPromise, setup } from 'xstate';
import {
  ABANDONED,
  initialPaymentContext,
  paymentOutput,
  resultOfCallError,
  type PaymentContext,
} from './payment.shared';
import type { PaymentOrder, PaymentResult } from './payment.types';

/** Spec §3 "Pay status", kept in local storage while the hosted page is in use. */
export type PayStatus = 'pending' | 'failed';

export interface HostedPageInput {
  order: PaymentOrder;
  /** Where the provider sends the frame after a successful payment (a build setting). */
  successUrl: string;
}

type HostedPageEvent = { type: 'frame.loaded'; url: string } | { type: 'drawer.close' };

const parse = (url: string) => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

const sameDocument = (a: string, b: string) => {
  const [left, right] = [parse(a), parse(b)];
  return left !== undefined && left.origin === right?.origin && left.pathname === right.pathname;
};

/** The frame shows the provider's success page: same origin, at or under its path. */
export const isSuccessUrl = (url: string, successUrl: string) => {
  const [page, success] = [parse(url), parse(successUrl)];
  if (!page || !success || page.origin !== success.origin) return false;
  return page.pathname === success.pathname || page.pathname.startsWith(`${success.pathname.replace(/\/$/, '')}/`);
};

const UNEXPECTED_ADDRESS: PaymentResult = { outcome: 'failed', reason: 'unexpectedFrameUrl' };

/**
 * The hosted payment page (Yaad Sarig, spec §4): the frame loads the page from pay_ajax; a redirect
 * to the provider's success host is success; the page loading its original address again (the
 * provider sends a failed payment back to its form) or any other address is failure.
 */
export const hostedPageMachine = setup({
  types: {
    context: {} as PaymentContext & { successUrl: string; pageUrl: string },
    events: {} as HostedPageEvent,
    input: {} as HostedPageInput,
    output: {} as PaymentResult,
  },
  actors: {
    /** GET /api/payment/pay/pay_ajax: the payment page's address. */
    fetchPaymentPage: fromPromise<string, { order: PaymentOrder }>(() => Promise.reject(new Error('not provided'))),
  },
  actions: {
    /** Keeps the pay status in local storage. */
    storePayStatus: (_, _status: PayStatus) => {},
    succeed: assign({
      result: (_, url: string): PaymentResult => ({
        outcome: 'succeeded',
        transactionId: new URL(url).searchParams.get('transaction_id') ?? undefined,
      }),
    }),
    failOnUnexpectedAddress: assign({ result: UNEXPECTED_ADDRESS }),
  },
  guards: {
    atSuccessHost: ({ context }, url: string) => isSuccessUrl(url, context.successUrl),
    atOriginalAddress: ({ context }, url: string) => sameDocument(url, context.pageUrl),
  },
}).createMachine({
  id: 'hostedPage',
  context: ({ input }) => ({ ...initialPaymentContext({ input }), successUrl: input.successUrl, pageUrl: '' }),
  output: paymentOutput,
  initial: 'Idle',
  states: {
    Idle: {
      tags: ['loading'],
      on: { 'drawer.close': { target: 'Abandoned', actions: assign({ result: ABANDONED }) } },
      invoke: {
        id: 'fetchPaymentPage',
        src: 'fetchPaymentPage',
        input: ({ context }) => ({ order: context.order }),
        onDone: {
          target: 'Processing',
          actions: [
            assign({ pageUrl: ({ event }) => event.output }),
            { type: 'storePayStatus', params: 'pending' as const },
          ],
        },
        onError: {
          target: 'Failed',
          actions: assign({ result: ({ event }) => resultOfCallError(event.error) }),
        },
      },
    },
    Processing: {
      tags: ['processing'],
      // The visitor may still leave while the provider's form waits for them.
      on: { 'drawer.close': { target: 'Abandoned', actions: assign({ result: ABANDONED }) } },
      initial: 'LoadingPage',
      states: {
        LoadingPage: {
          tags: ['loading'],
          on: {
            'frame.loaded': [
              {
                guard: { type: 'atSuccessHost', params: ({ event }) => event.url },
                target: '#hostedPage.Success',
                actions: { type: 'succeed', params: ({ event }) => event.url },
              },
              { guard: { type: 'atOriginalAddress', params: ({ event }) => event.url }, target: 'ShowingPage' },
              {
                target: '#hostedPage.Failed',
                actions: ['failOnUnexpectedAddress', { type: 'storePayStatus', params: 'failed' as const }],
              },
            ],
          },
        },
        ShowingPage: {
          on: {
            'frame.loaded': [
              {
                guard: { type: 'atSuccessHost', params: ({ event }) => event.url },
                target: '#hostedPage.Success',
                actions: { type: 'succeed', params: ({ event }) => event.url },
              },
              {
                guard: { type: 'atOriginalAddress', params: ({ event }) => event.url },
                target: '#hostedPage.Failed',
                actions: assign({ result: { outcome: 'failed', reason: 'paymentFailed' } }),
              },
              {
                target: '#hostedPage.Failed',
                actions: ['failOnUnexpectedAddress', { type: 'storePayStatus', params: 'failed' as const }],
              },
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

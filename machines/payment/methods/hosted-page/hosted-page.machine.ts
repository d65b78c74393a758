import { assign, fromPromise } from 'xstate';
import { setup } from '../../../shared/chart-setup';
import {
  ENDS_ABANDONED,
  ENDS_WITH_KEPT_RESULT,
  initialPaymentContext,
  isPayApproved,
  keepResultAction,
  payCall,
  endingOutput,
  resultOfCallError,
  type PaymentContext,
  attemptInput,
} from '../../payment.shared';
import { checkHttpUrl } from '../../../shared/web-address';
import {
  type PaymentOrder,
  type PayResponse,
  type ResultWith,
  type UncancellableResult,
  type AttemptInput,
} from '../../payment.types';
import { providedAtTheEdge } from '../../../shared/provided-at-the-edge';

/** requirements.md §3 "Pay status", kept in local storage while the hosted page is in use. */
export type PayStatus = 'pending' | 'failed';

/** Where the hosted page lives and where the payer comes back. */
export interface HostedPageSettings {
  /** The provider's origin (a build setting): pay_ajax's payment_url must be on it. */
  pageOrigin: string;
  /**
   * The app's return page (absolute, on the app's origin). The app does not choose where Hyp returns:
   * the terminal's settings name one return page, the operator's, which sends the payer on here with
   * Hyp's parameters (contract/operator-api.yaml, getPaymentPage).
   */
  returnUrl: string;
}

/**
 * How long Hyp serves a payment page: "valid for 10 minutes and can only be used to perform a single
 * payment" (developers.hyp.co.il/payment-page-integration/integrating-hyps-payment-page-and-accepting-payment).
 * Counted from pay_ajax's answer, so the app gives up no sooner than Hyp does.
 */
export const HOSTED_PAGE_VALIDITY_MS = 10 * 60 * 1000;

export type HostedPageInput = HostedPageSettings & { order: PaymentOrder };

/** What the provider's redirect brought to the return page: its query parameters, in their order. */
export type ReturnedPayment = Record<string, string>;

type HostedPageEvent =
  /** The frame loaded a page whose address this origin can read (ours: the return page, or about:blank). */
  | { type: 'frame.loaded'; url: string }
  /** The frame loaded a page of another origin (the provider's form, 3-D Secure, its errors): unreadable. */
  | { type: 'frame.providerPage' }
  | { type: 'drawer.close' };

/** An absolute http(s) address, parsed; anything else (about:blank, javascript:) is none. */
const parse = (url: string) => {
  const check = checkHttpUrl(url);
  return check.ok ? check.url : undefined;
};

/**
 * The hosted page's origin as a build setting names it: https only, except where the build allows
 * http (the sandbox's stand-ins); '' (nothing matches) otherwise.
 */
export function hostedPageOrigin(setting: string | undefined, allowHttp: boolean): string {
  const url = parse(setting ?? '');
  const secure = url?.protocol === 'https:' || (allowHttp && url?.protocol === 'http:');
  return url && secure ? url.origin : '';
}

/** The page pay_ajax named is on the provider's origin. */
export const isOnOrigin = (url: string, origin: string) => origin !== '' && parse(url)?.origin === origin;

/** The frame is at the app's return page (any query: the provider's parameters). */
export function isReturnPage(url: string, returnUrl: string): boolean {
  const [page, expected] = [parse(url), parse(returnUrl)];
  return page !== undefined && page.origin === expected?.origin && page.pathname === expected.pathname;
}

const UNEXPECTED_ADDRESS: ResultWith<'failed'> = { outcome: 'failed', reason: 'unexpectedFrameUrl' };
const PAGE_EXPIRED: ResultWith<'failed'> = { outcome: 'failed', reason: 'pageExpired' };

/**
 * The hosted payment page (Yaad Sarig / Hyp, requirements.md §4): pay_ajax names the page, which must be on the
 * provider's origin; the frame shows it. While it shows the provider's pages (another origin: the
 * form, 3-D Secure, its errors) the app waits. The provider sends the payer back to the app's return
 * page with its signed result, which the operator verifies: that answer is success or failure. Any
 * other readable address is the spec's unexpected frame address.
 */
export const hostedPageMachine = setup({
  types: {
    context: {} as PaymentContext<UncancellableResult> &
      HostedPageSettings & { pageUrl: string; returned: ReturnedPayment },
    events: {} as HostedPageEvent,
    input: {} as HostedPageInput,
    output: {} as UncancellableResult,
  },
  actors: {
    /** GET /api/payment/pay/pay_ajax: the payment page's address. */
    fetchPaymentPage: fromPromise<string, AttemptInput>(providedAtTheEdge('fetchPaymentPage')),
    /** POST /api/payment/post/hosted_page/verify: the operator checks what the provider sent back. */
    verifyHostedPayment: fromPromise<PayResponse, AttemptInput & { returned: ReturnedPayment }>(
      providedAtTheEdge('verifyHostedPayment'),
    ),
  },
  actions: {
    /** Keeps the pay status in local storage. */
    storePayStatus: (_, _status: PayStatus) => {},
    keepReturned: assign({ returned: (_, url: string) => Object.fromEntries(new URL(url).searchParams) }),
    keepResult: keepResultAction(),
  },
  delays: { pageValidity: HOSTED_PAGE_VALIDITY_MS },
  guards: {
    onProviderOrigin: ({ context }, url: string) => isOnOrigin(url, context.pageOrigin),
    atReturnPage: ({ context }, url: string) => isReturnPage(url, context.returnUrl),
    payApproved: (_, response: PayResponse) => isPayApproved(response),
  },
}).createMachine({
  id: 'hostedPage',
  context: ({ input }) => ({
    ...initialPaymentContext({ input }),
    pageOrigin: input.pageOrigin,
    returnUrl: input.returnUrl,
    pageUrl: '',
    returned: {},
  }),
  output: endingOutput('succeeded', 'failed', 'abandoned'),
  initial: 'Idle',
  states: {
    Idle: {
      tags: ['loading'],
      on: { 'drawer.close': '#hostedPage.Abandoned' },
      invoke: {
        id: 'fetchPaymentPage',
        src: 'fetchPaymentPage',
        input: attemptInput,
        onDone: [
          {
            guard: { type: 'onProviderOrigin', params: ({ event }) => event.output },
            target: 'Processing',
            actions: [
              assign({ pageUrl: ({ event }) => event.output }),
              { type: 'storePayStatus', params: 'pending' as const },
            ],
          },
          // Never framed: a page elsewhere could pose as the provider's form.
          { target: 'Failed', actions: { type: 'keepResult', params: UNEXPECTED_ADDRESS } },
        ],
        onError: {
          target: 'Failed',
          actions: { type: 'keepResult', params: ({ event }) => resultOfCallError(event.error) },
        },
      },
    },
    Processing: {
      tags: ['processing'],
      initial: 'Framed',
      states: {
        Framed: {
          // Hyp no longer serves the page: it would answer the visitor's card with its expiry page, which
          // this origin cannot read. The visitor starts again with a fresh page (a new pay_ajax).
          after: {
            pageValidity: {
              target: '#hostedPage.Failed',
              actions: [
                { type: 'keepResult', params: PAGE_EXPIRED },
                { type: 'storePayStatus', params: 'failed' as const },
              ],
            },
          },
          on: {
            // The visitor may still leave while the provider's form waits for them; once the provider
            // has sent them back (Verifying), it may have charged: only the operator's answer ends it.
            'drawer.close': '#hostedPage.Abandoned',
            'frame.loaded': [
              {
                guard: { type: 'atReturnPage', params: ({ event }) => event.url },
                target: 'Verifying',
                actions: { type: 'keepReturned', params: ({ event }) => event.url },
              },
              {
                target: '#hostedPage.Failed',
                actions: [
                  { type: 'keepResult', params: UNEXPECTED_ADDRESS },
                  { type: 'storePayStatus', params: 'failed' as const },
                ],
              },
            ],
          },
          initial: 'LoadingPage',
          states: {
            LoadingPage: {
              tags: ['loading'],
              on: { 'frame.providerPage': 'ShowingPage' },
            },
            // Later pages of the provider (3-D Secure, its error page, the form again) keep it showing.
            ShowingPage: {},
          },
        },
        Verifying: {
          tags: ['loading'],
          invoke: {
            ...payCall({ machine: 'hostedPage', src: 'verifyHostedPayment' }),
            input: (args) => ({ ...attemptInput(args), returned: args.context.returned }),
          },
        },
      },
    },
    Success: ENDS_WITH_KEPT_RESULT,
    Failed: ENDS_WITH_KEPT_RESULT,
    Abandoned: ENDS_ABANDONED,
  },
});

import { assign, fromPromise } from 'xstate';
import { setup } from '../shared/chart-setup';
import { ApiError, isHttpStatus, type ApiFailure } from '../shared/api-failure';
import { isWebAddress } from '../shared/web-address';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';

/** What GET /api/merchants/custom/get_iframe answers (requirements.md §7): the page to pay on and its visitor uuid. */
export interface PaymentIntent {
  iframeUrl: string;
  visitorUuid: string;
}

export interface PaymentIntentInput {
  /** The page's query string, without '?': handed to the operator as it is. */
  query: string;
}

export interface PaymentIntentContext extends PaymentIntentInput {
  failure: ApiFailure | undefined;
}

export type PaymentIntentEvent = { type: 'intent.retry' };

/**
 * Answers that turn the link itself down (bad values, no merchant's signature, unknown or inactive
 * machine): asking again gives the same. Expired (410) and already paid (409) have words of their own.
 */
const REJECTING_STATUSES: readonly number[] = [400, 403, 404, 422];
/** The operator's answer to a link whose `expires` has passed. */
const LINK_EXPIRED = 410;
/** The operator's answer to a link whose purchase is already paid. */
const LINK_ALREADY_PAID = 409;

/** What the failed call threw (xstate leaves onError's event untyped). */
const callError = ({ event }: { event: { error: unknown } }) => event.error;

const toFailure = (error: unknown): ApiFailure =>
  error instanceof ApiError ? error.failure : { kind: 'invalid-answer', detail: String(error) };

/**
 * /genPaymentIntend (requirements.md §2, §7): asks the operator for the payment page of the query's payment,
 * keeps its visitor uuid and sends the browser there. A page that is not an http(s) address is
 * refused (design.md §10) and nothing is followed.
 */
export const paymentIntentMachine = setup({
  types: {
    context: {} as PaymentIntentContext,
    events: {} as PaymentIntentEvent,
    input: {} as PaymentIntentInput,
    children: {} as { fetchIntent: 'fetchIntent' },
  },
  actors: {
    /** GET /api/merchants/custom/get_iframe with the page's query. */
    fetchIntent: fromPromise<PaymentIntent, PaymentIntentInput>(providedAtTheEdge('fetchIntent')),
  },
  actions: {
    /** requirements.md §3: visitor_uuid in local storage, with the address it is for. */
    rememberIntent: (_, _intent: PaymentIntent) => {},
    /** Sends the browser to the payment page. */
    redirect: (_, _url: string) => {},
    keepFailure: assign({ failure: (_, error: unknown) => toFailure(error) }),
    clearFailure: assign({ failure: undefined }),
  },
  guards: {
    pageIsWebAddress: (_, intent: PaymentIntent) => isWebAddress(intent.iframeUrl),
    linkExpired: (_, error: unknown) => isHttpStatus(error, LINK_EXPIRED),
    linkAlreadyPaid: (_, error: unknown) => isHttpStatus(error, LINK_ALREADY_PAID),
    linkRejected: (_, error: unknown) =>
      error instanceof ApiError && error.failure.kind === 'http' && REJECTING_STATUSES.includes(error.failure.status),
  },
}).createMachine({
  id: 'paymentIntent',
  context: ({ input }) => ({ ...input, failure: undefined }),
  initial: 'FetchingIntent',
  states: {
    FetchingIntent: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'fetchIntent',
        src: 'fetchIntent',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          {
            guard: { type: 'pageIsWebAddress', params: ({ event }) => event.output },
            target: 'Redirecting',
            actions: [
              { type: 'rememberIntent', params: ({ event }) => event.output },
              { type: 'redirect', params: ({ event }) => event.output.iframeUrl },
            ],
          },
          { target: 'Refused' },
        ],
        onError: [
          {
            guard: { type: 'linkExpired', params: callError },
            target: 'LinkExpired',
            actions: { type: 'keepFailure', params: callError },
          },
          {
            guard: { type: 'linkAlreadyPaid', params: callError },
            target: 'LinkAlreadyPaid',
            actions: { type: 'keepFailure', params: callError },
          },
          {
            guard: { type: 'linkRejected', params: callError },
            target: 'LinkRejected',
            actions: { type: 'keepFailure', params: callError },
          },
          { target: 'Failed', actions: { type: 'keepFailure', params: callError } },
        ],
      },
    },
    /** The browser is on its way to the payment page. */
    Redirecting: { tags: ['busy'], type: 'final' },
    /** requirements.md §8: the answer named no web page to go to ('internal: payment failed, please try again'). */
    Refused: { on: { 'intent.retry': 'FetchingIntent' } },
    /** The operator refused the link's values: only a new link helps. */
    LinkRejected: {},
    /** The link's time is over (410): only a new link helps. */
    LinkExpired: {},
    /** The link's purchase is already paid (409): nothing more is charged. */
    LinkAlreadyPaid: {},
    /** Offline, a time-out, a server error or an answer of the wrong shape: trying again may work. */
    Failed: { on: { 'intent.retry': 'FetchingIntent' } },
  },
});

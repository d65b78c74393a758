import { newAttemptKey } from '../../../shared/attempt-key';
import { assign, fromPromise } from 'xstate';
import { setup } from '../../../shared/chart-setup';
import { ApiError } from '../../../shared/api-failure';
import {
  ENDS_ABANDONED,
  ENDS_WITH_KEPT_RESULT,
  endingOutput,
  initialPaymentContext,
  keepResultAction,
  type PaymentContext,
  attemptInput,
} from '../../payment.shared';
import { type PaymentOrder, type UncancellableResult, type AttemptInput } from '../../payment.types';
import { textFieldOf } from '../../../shared/field-of';
import { providedAtTheEdge } from '../../../shared/provided-at-the-edge';
import { stripeMinorUnits } from './stripe.amount';

/** requirements.md §5: Stripe amounts are in the currency's minor units with a lowercase currency. */
export const stripeAmount = (order: PaymentOrder) => ({
  amount: stripeMinorUnits(order.total, order.currency),
  currency: order.currency.toLowerCase(),
});

/** What the view hands over once Stripe's card element is mounted: opaque to the machine. */
export type StripeCardHandle = unknown;

/** How Stripe.js reports an error (StripeError). */
export interface StripeErrorLike {
  message?: string;
}

/**
 * The statuses of the PaymentIntent confirmCardPayment resolves with that pay the purchase: its status
 * decides, not the absence of an error (docs.stripe.com/payments/paymentintents/lifecycle). `succeeded` is
 * paid, and so is `requires_capture`, an intent the operator authorised to capture later, as it does for
 * every card (docs.stripe.com/payments/place-a-hold-on-a-payment-method): the funds are held on the card,
 * so the visitor must not be told to pay again.
 */
const PAID_STATUSES = ['succeeded', 'requires_capture'];

export interface ConfirmedIntent {
  id: string;
  status: string;
}

export interface StripeConfirmInput {
  card: StripeCardHandle;
  clientSecret: string;
  paymentMethodId: string;
}

type StripeEvent =
  { type: 'stripe.cardReady'; card: StripeCardHandle } | { type: 'payment.start' } | { type: 'drawer.close' };

const stripeMessage = (error: unknown) => textFieldOf(error, 'message');

/** requirements.md §8: a backend error shows 'Server error.' plus the details it gave. */
const serverErrorDetails = (error: unknown) =>
  error instanceof ApiError && error.failure.kind === 'http' ? error.failure.message : undefined;

/**
 * Stripe's card element (requirements.md §4): a validation error stops before anything is charged; otherwise
 * a payment intent from the operator, then confirmation without a redirect unless required. Every
 * error stays on the form with its message.
 */
export const stripeMachine = setup({
  types: {
    context: {} as PaymentContext<UncancellableResult> & {
      /** The loaded Stripe instance, for the view's card element: opaque here. */
      stripe: unknown;
      card: StripeCardHandle;
      paymentMethodId: string;
      clientSecret: string;
      error:
        | { kind: 'stripe'; message: string | undefined }
        | { kind: 'server'; details: string | undefined }
        /** Confirmed without an error yet not paid (e.g. requires_action): nothing was charged. */
        | { kind: 'notPaid' }
        | undefined;
    },
    events: {} as StripeEvent,
    input: {} as { order: PaymentOrder },
    output: {} as UncancellableResult,
  },
  actors: {
    /** Loads Stripe.js with the machine's publishable key. */
    loadStripe: fromPromise<unknown, { publishableKey: string }>(providedAtTheEdge('loadStripe')),
    /** stripe.createPaymentMethod({type: 'card', card}): rejects with the element's validation error. */
    createPaymentMethod: fromPromise<string, { card: StripeCardHandle }>(providedAtTheEdge('createPaymentMethod')),
    /** POST /api/payment/pre/stripe: the payment intent's client secret. */
    createPaymentIntent: fromPromise<string, AttemptInput>(providedAtTheEdge('createPaymentIntent')),
    /** stripe.confirmCardPayment(clientSecret, {payment_method}): resolves with the intent's id and status. */
    confirmCardPayment: fromPromise<ConfirmedIntent, StripeConfirmInput>(providedAtTheEdge('confirmCardPayment')),
  },
  actions: { keepResult: keepResultAction() },
  guards: {
    intentHasStatus: (_, { intent, statuses }: { intent: ConfirmedIntent; statuses: readonly string[] }) =>
      statuses.includes(intent.status),
  },
}).createMachine({
  id: 'stripe',
  context: ({ input }) => ({
    ...initialPaymentContext({ input }),
    stripe: undefined,
    card: undefined,
    paymentMethodId: '',
    clientSecret: '',
    error: undefined,
  }),
  output: endingOutput('succeeded', 'failed', 'abandoned'),
  initial: 'Idle',
  states: {
    Idle: {
      initial: 'LoadingStripe',
      on: { 'drawer.close': '#stripe.Abandoned' },
      states: {
        LoadingStripe: {
          tags: ['loading'],
          invoke: {
            id: 'loadStripe',
            src: 'loadStripe',
            input: ({ context }) => ({ publishableKey: context.order.config.stripe?.publishableKey ?? '' }),
            onDone: { target: 'MountingCard', actions: assign({ stripe: ({ event }) => event.output }) },
            onError: {
              target: '#stripe.Failed',
              actions: { type: 'keepResult', params: { outcome: 'failed', reason: 'unavailable' } },
            },
          },
        },
        /** The view mounts Stripe's card element and hands it over when it is ready. */
        MountingCard: {
          tags: ['loading'],
          on: { 'stripe.cardReady': { target: 'EnteringCard', actions: assign({ card: ({ event }) => event.card }) } },
        },
        EnteringCard: {
          on: { 'payment.start': { target: '#stripe.Processing', actions: assign({ error: undefined }) } },
        },
      },
    },
    Processing: {
      tags: ['processing'],
      // Paying again after a refusal is a new attempt, with a key of its own.
      entry: assign({ attemptKey: newAttemptKey }),
      initial: 'ValidatingCard',
      states: {
        ValidatingCard: {
          invoke: {
            id: 'createPaymentMethod',
            src: 'createPaymentMethod',
            input: ({ context }) => ({ card: context.card }),
            onDone: {
              target: 'CreatingIntent',
              actions: assign({ paymentMethodId: ({ event }) => event.output }),
            },
            onError: {
              target: '#stripe.Idle.EnteringCard',
              actions: assign({
                error: ({ event }) => ({ kind: 'stripe' as const, message: stripeMessage(event.error) }),
              }),
            },
          },
        },
        CreatingIntent: {
          invoke: {
            id: 'createPaymentIntent',
            src: 'createPaymentIntent',
            input: attemptInput,
            onDone: { target: 'Confirming', actions: assign({ clientSecret: ({ event }) => event.output }) },
            onError: {
              target: '#stripe.Idle.EnteringCard',
              actions: assign({
                error: ({ event }) => ({ kind: 'server' as const, details: serverErrorDetails(event.error) }),
              }),
            },
          },
        },
        Confirming: {
          invoke: {
            id: 'confirmCardPayment',
            src: 'confirmCardPayment',
            input: ({ context }) => ({
              card: context.card,
              clientSecret: context.clientSecret,
              paymentMethodId: context.paymentMethodId,
            }),
            onDone: [
              {
                guard: {
                  type: 'intentHasStatus',
                  params: ({ event }) => ({ intent: event.output, statuses: PAID_STATUSES }),
                },
                target: '#stripe.Success',
                actions: {
                  type: 'keepResult',
                  params: ({ event }) => ({ outcome: 'succeeded', transactionId: event.output.id }),
                },
              },
              {
                // Stripe may still settle it: never success, and no invitation to pay again before checking.
                guard: {
                  type: 'intentHasStatus',
                  params: ({ event }) => ({ intent: event.output, statuses: ['processing'] }),
                },
                target: '#stripe.Failed',
                actions: {
                  type: 'keepResult',
                  params: ({ event }) => ({ outcome: 'failed', reason: 'unconfirmed', transactionId: event.output.id }),
                },
              },
              // requires_action (authentication not completed), requires_payment_method, canceled: not charged.
              { target: '#stripe.Idle.EnteringCard', actions: assign({ error: { kind: 'notPaid' as const } }) },
            ],
            onError: {
              target: '#stripe.Idle.EnteringCard',
              actions: assign({
                error: ({ event }) => ({ kind: 'stripe' as const, message: stripeMessage(event.error) }),
              }),
            },
          },
        },
      },
    },
    Success: ENDS_WITH_KEPT_RESULT,
    Failed: ENDS_WITH_KEPT_RESULT,
    Abandoned: ENDS_ABANDONED,
  },
});

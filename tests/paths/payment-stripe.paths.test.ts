import type { AttemptInput } from '../../machines/payment/payment.types';
import {
  stripeMachine,
  type ConfirmedIntent,
  type StripeCardHandle,
  type StripeConfirmInput,
} from '../../machines/payment/methods/stripe/stripe.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, stays, to } from './edge-coverage';
import { abandons, fails, paymentOracle, succeeds } from './payment-oracle';
import type { EventObject } from 'xstate';
import { expect } from 'vitest';

const machine = stripeMachine.provide({
  actors: {
    loadStripe: pendingPromise<unknown, { publishableKey: string }>(),
    createPaymentMethod: pendingPromise<string, { card: StripeCardHandle }>(),
    createPaymentIntent: pendingPromise<string, AttemptInput>(),
    confirmCardPayment: pendingPromise<ConfirmedIntent, StripeConfirmInput>(),
  },
});

const events = samplesOf([
  { type: 'xstate.done.actor.loadStripe', output: { elements: 'stripe-instance' } },
  { type: 'xstate.error.actor.loadStripe', error: new Error('Stripe.js did not load') },
  { type: 'stripe.cardReady', card: { id: 'card-element' } },
  { type: 'payment.start' },
  { type: 'drawer.close' },
  { type: 'xstate.done.actor.createPaymentMethod', output: 'pm_1' },
  { type: 'xstate.error.actor.createPaymentMethod', error: { message: 'Your card number is incomplete.' } },
  { type: 'xstate.done.actor.createPaymentIntent', output: 'pi_1_secret_1' },
  // the operator's details, none (offline), and an error that is no answer of the operator's
  {
    type: 'xstate.error.actor.createPaymentIntent',
    error: new ApiError({ kind: 'http', status: 500, message: 'boom' }),
  },
  { type: 'xstate.error.actor.createPaymentIntent', error: new ApiError({ kind: 'offline' }) },
  { type: 'xstate.error.actor.createPaymentIntent', error: new TypeError('Failed to fetch') },
  // every branch of intentHasStatus: paid, still processing, not paid
  { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'pi_1', status: 'succeeded' } },
  { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'pi_1', status: 'requires_capture' } },
  { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'pi_1', status: 'processing' } },
  { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'pi_1', status: 'requires_action' } },
  { type: 'xstate.error.actor.confirmCardPayment', error: { message: 'Your card was declined.' } },
]);

/**
 * requirements.md §4 for Stripe: a refused card or an intent not paid returns to the card form with the reason;
 * only a `succeeded` intent is paid, and a `processing` one may still charge (unconfirmed).
 */
const oracle = paymentOracle({
  loading: [{ Idle: 'LoadingStripe' }, { Idle: 'MountingCard' }],
  next: (before, event) => {
    const sample = event as EventObject & { output?: unknown };
    const backToCard = (error: { kind: string; message?: string; details?: string }) =>
      to({ Idle: 'EnteringCard' }, (after) => expect((after.context as { error?: unknown }).error).toEqual(error));
    const { error } = sample as { error?: unknown };
    switch (sample.type) {
      case 'xstate.done.actor.loadStripe':
        return to({ Idle: 'MountingCard' });
      case 'xstate.error.actor.loadStripe':
        return fails({ reason: 'unavailable' });
      case 'stripe.cardReady':
        return to({ Idle: 'EnteringCard' });
      case 'payment.start':
        return to({ Processing: 'ValidatingCard' }, (after) =>
          expect((after.context as { error?: unknown }).error).toBeUndefined(),
        );
      case 'drawer.close':
        return before.matches('Idle') ? abandons() : stays();
      case 'xstate.done.actor.createPaymentMethod':
        return to({ Processing: 'CreatingIntent' });
      case 'xstate.error.actor.createPaymentMethod':
      case 'xstate.error.actor.confirmCardPayment':
        // requirements.md §8: a Stripe error shows its own message.
        return backToCard({ kind: 'stripe', message: (error as { message: string }).message });
      case 'xstate.done.actor.createPaymentIntent':
        return to({ Processing: 'Confirming' });
      case 'xstate.error.actor.createPaymentIntent':
        // requirements.md §8: 'Server error.' plus the details the operator gave, if it answered with any.
        return backToCard({
          kind: 'server',
          details: error instanceof ApiError && error.failure.kind === 'http' ? error.failure.message : undefined,
        });
      case 'xstate.done.actor.confirmCardPayment': {
        const { id, status } = sample.output as ConfirmedIntent;
        // Stripe's lifecycle: succeeded is paid; requires_capture is authorised, the funds held for capture.
        if (status === 'succeeded' || status === 'requires_capture') return succeeds(id);
        return status === 'processing'
          ? fails({ reason: 'unconfirmed', transactionId: id })
          : backToCard({ kind: 'notPaid' });
      }
      default:
        throw new Error(`the Stripe oracle does not know ${sample.type}`);
    }
  },
});

describeEdgePaths({
  oracle,
  machineId: 'stripe',
  machine,
  scenarios: [
    {
      label: 'card element',
      input: { order: singleLineOrder },
      events,
      // The whole error: each sample's path back to the card form is walked.
      serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { error?: unknown }).error]),
    },
  ],
});

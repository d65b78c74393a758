import type { PaymentOrder } from '../../machines/payment/payment.types';
import {
  stripeMachine,
  type ConfirmedIntent,
  type StripeCardHandle,
  type StripeConfirmInput,
} from '../../machines/payment/stripe.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf } from './edge-coverage';

const machine = stripeMachine.provide({
  actors: {
    loadStripe: pendingPromise<unknown, { publishableKey: string }>(),
    createPaymentMethod: pendingPromise<string, { card: StripeCardHandle }>(),
    createPaymentIntent: pendingPromise<string, { order: PaymentOrder }>(),
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
  {
    type: 'xstate.error.actor.createPaymentIntent',
    error: new ApiError({ kind: 'http', status: 500, message: 'boom' }),
  },
  // every branch of intentHasStatus: paid, still processing, not paid
  { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'pi_1', status: 'succeeded' } },
  { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'pi_1', status: 'processing' } },
  { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'pi_1', status: 'requires_action' } },
  { type: 'xstate.error.actor.confirmCardPayment', error: { message: 'Your card was declined.' } },
]);

describeEdgePaths({
  machineId: 'stripe',
  machine,
  scenarios: [
    {
      label: 'card element',
      input: { order: singleLineOrder },
      events,
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, (snapshot.context as { error?: { kind: string } }).error?.kind]),
    },
  ],
});

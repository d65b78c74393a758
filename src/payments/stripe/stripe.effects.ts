import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { stripeMachine } from '../../../machines/payment/methods/stripe/stripe.machine';
import type { ApiClient } from '../../api/client';

// Provider code loads when its method starts, never with the page.
const stripe = () => import('./stripe');
const paymentApi = () => import('../../api/payment');

/** Stripe's chart with its effects: Stripe.js and the operator's payment intent. */
export const stripeEffects = (api: ApiClient) =>
  stripeMachine.provide({
    actors: {
      loadStripe: fromPromise(async ({ input }) => (await stripe()).loadStripeJs(input.publishableKey)),
      createPaymentMethod: fromPromise(async ({ input }) => (await stripe()).createPaymentMethod(input)),
      createPaymentIntent: fromPromise(async ({ input }) =>
        (await paymentApi()).createStripeIntent(api, input, i18next.language),
      ),
      confirmCardPayment: fromPromise(async ({ input }) => (await stripe()).confirmCardPayment(input)),
    },
  });

import { paymentMethod } from '../payment-method';
import { stripeMachine } from './stripe.machine';

/** Stripe's card element: offered where the machine names its publishable key. */
export const stripe = paymentMethod({
  method: 'stripe',
  state: 'Stripe',
  machine: stripeMachine,
  input: (order) => ({ order }),
  offered: ({ config }) => Boolean(config.stripe?.publishableKey),
  chosenWhen: { type: 'methodIs', params: 'stripe' },
  explainsFirst: false,
  marks: 'cardNetworks',
  endings: { succeeded: true, failed: true, abandoned: true },
  // An intent left processing is no verdict.
  mayEndUnconfirmed: true,
});

/** Stripe's chart model (its card element). */
import { stripeMachine } from '../../../../machines/payment/methods/stripe/stripe.machine';
import {
  card,
  drawer,
  expect,
  fillCardElement,
  STRIPE_CONFIRM,
  STRIPE_INTENT,
  STRIPE_PAYMENT_METHOD,
  stripeInput,
  TEST_CARDS,
} from '../../fixtures';
import { act, outcome, type PaymentModel } from '../runner';
import {
  one,
  failedCall,
  blocked,
  closeDrawer,
  status,
  payAmount,
  expectBusy,
  endings,
  UNCONFIRMED_ENDINGS,
} from '../shared';
import { SCENARIOS } from '../scenarios';

// ---------------------------------------------------------------------------------------------
// Stripe's card element

export const stripeModel: PaymentModel = {
  machine: stripeMachine,
  entries: [{ scenario: SCENARIOS.stripe }],
  afterEnding: UNCONFIRMED_ENDINGS.stillProcessing,
  events: {
    'drawer.close': closeDrawer,
    'xstate.done.actor.loadStripe': outcome({ samples: one({ type: 'xstate.done.actor.loadStripe', output: {} }) }),
    'xstate.error.actor.loadStripe': outcome({ reply: () => blocked }),
    'stripe.cardReady': outcome({ samples: one({ type: 'stripe.cardReady', card: {} }) }),
    'payment.start': act(async ({ page, t, snapshot, plan }) => {
      if (plan.card !== 'none') {
        await fillCardElement(page, t, plan.card ?? card('4242424242424242'));
      }
      await payAmount(page, t, snapshot).click();
    }),
    'xstate.done.actor.createPaymentMethod': outcome(),
    // An empty card element: Stripe's own validation error.
    'xstate.error.actor.createPaymentMethod': outcome({ plan: (plan) => (plan.card = 'none') }),
    'xstate.done.actor.createPaymentIntent': outcome(),
    'xstate.error.actor.createPaymentIntent': failedCall('xstate.error.actor.createPaymentIntent'),
    // Authorized (the operator's intents are manual-capture holds: paid), or left processing by the
    // stand-in for its processing test card.
    'xstate.done.actor.confirmCardPayment': outcome({
      samples: one(
        { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'model', status: 'requires_capture' } },
        { type: 'xstate.done.actor.confirmCardPayment', output: { id: 'model', status: 'processing' } },
      ),
      plan: (plan, event) => {
        if ((event as { output?: { status?: string } }).output?.status === 'processing')
          plan.card = card(TEST_CARDS.stripeProcessing);
      },
    }),
    'xstate.error.actor.confirmCardPayment': outcome({ plan: (plan) => (plan.card = card(TEST_CARDS.declined)) }),
  },
  states: {
    'stripe.Idle.LoadingStripe': {
      call: { method: 'GET', path: '/sandbox/sdk/stripe.js' },
      check: ({ page, t }) => expect(status(page, t, t.payment.stripe.loading)).toBeVisible(),
    },
    // Stripe's element reports ready within moments of being shown.
    'stripe.Idle.MountingCard': { check: ({ page, t }) => expect(stripeInput(page, t, 'number')).toBeVisible() },
    'stripe.Idle.EnteringCard': {
      check: async ({ page, t, snapshot }) => {
        await expect(stripeInput(page, t, 'number')).toBeEditable();
        await expect(payAmount(page, t, snapshot)).toHaveAttribute('aria-busy', 'false');
        const { error } = snapshot.context as { error?: { kind: 'stripe' | 'server' } };
        if (error?.kind === 'server')
          await expect(drawer(page, t).getByRole('alert')).toContainText(t.payment.errors.serverError);
        else if (error) await expect(drawer(page, t).getByRole('alert')).toBeVisible();
      },
    },
    'stripe.Processing.ValidatingCard': {
      call: { method: 'POST', path: STRIPE_PAYMENT_METHOD },
      check: ({ page, t }) => expectBusy(page, t),
    },
    'stripe.Processing.CreatingIntent': {
      call: { method: 'POST', path: STRIPE_INTENT },
      check: ({ page, t }) => expectBusy(page, t),
    },
    'stripe.Processing.Confirming': {
      call: { method: 'POST', path: STRIPE_CONFIRM },
      check: ({ page, t }) => expectBusy(page, t),
    },
    ...endings(stripeMachine),
  },
  unreachableInBrowser: {
    'stripe.Processing.Confirming -> stripe.Idle.EnteringCard on xstate.done.actor.confirmCardPayment':
      'the stand-in answers every card it accepts with a requires_capture (held) or processing intent (Stripe.js itself completes a card’s authentication); an intent confirmed but not paid is covered by the machine and path tests',
  },
};

/** The card fields' chart model (Tranzila's hosted fields). */
import type { Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { cardFieldsMachine } from '../../../../machines/payment/methods/card-fields/card-fields.machine';
import type { PayResponse } from '../../../../machines/payment/payment.types';
import {
  card,
  CARD_DECLINED,
  drawer,
  expect,
  fillHostedFields,
  hostedField,
  TEST_CARDS,
  TRANZILA_CHARGE,
} from '../../fixtures';
import { act, outcome, passOn, type PaymentModel } from '../runner';
import {
  one,
  purchaseOf,
  failedCall,
  blocked,
  failedOrUnanswered,
  payAnswers,
  closeDrawer,
  status,
  payAmount,
  endings,
  UNCONFIRMED_ENDINGS,
} from '../shared';
import { SCENARIOS, TWO_PRODUCTS } from '../scenarios';

// ---------------------------------------------------------------------------------------------
// Card entry in the processor's hosted fields (Tranzila)

export const enteredCard = (plan: { card?: ReturnType<typeof card> | 'none' }) =>
  plan.card === undefined || plan.card === 'none' ? card() : plan.card;

/** How the sandbox's Tranzila declines 4000000000000002: an answer, not an error. */
const TRANZILA_DECLINE = {
  errors: null,
  transaction_response: { success: false, error_code: '004', error: CARD_DECLINED, transaction_id: 'model' },
};

export const cardFieldsModel: PaymentModel = {
  machine: cardFieldsMachine,
  entries: [
    { scenario: SCENARIOS.list },
    { scenario: TWO_PRODUCTS, reach: (purchase) => purchaseOf(purchase).selectedIds.length > 1 },
  ],
  afterEnding: UNCONFIRMED_ENDINGS.providerCharged,
  events: {
    'drawer.close': closeDrawer,
    'xstate.done.actor.mountCardFields': outcome(),
    'xstate.error.actor.mountCardFields': outcome({ reply: () => blocked }),
    'payment.start': act(async ({ page, t, snapshot, plan }) => {
      await fillHostedFields(page, enteredCard(plan));
      await payAmount(page, t, snapshot).click();
    }),
    'xstate.done.actor.createHandshake': outcome({
      samples: one({ type: 'xstate.done.actor.createHandshake', output: 'model-thtk' }),
    }),
    'xstate.error.actor.createHandshake': failedCall('xstate.error.actor.createHandshake'),
    // Tranzila answers an approval and a decline alike (transaction_response.success true or false).
    'xstate.done.actor.chargeCard': outcome({
      samples: one(
        { type: 'xstate.done.actor.chargeCard', output: { transaction_response: { success: true } } },
        { type: 'xstate.done.actor.chargeCard', output: TRANZILA_DECLINE },
      ),
      plan: (plan, event) => {
        if ((event as EventObject & { output: unknown }).output === TRANZILA_DECLINE)
          plan.card = card(TEST_CARDS.declined);
      },
    }),
    'xstate.error.actor.chargeCard': outcome({
      samples: one({
        type: 'xstate.error.actor.chargeCard',
        error: { messages: [{ param: 'cvv', message: "Your card's security code is incorrect." }] },
      }),
      plan: (plan) => (plan.card = card(TEST_CARDS.cvvError)),
    }),
    'xstate.done.actor.confirmCharge': outcome({
      samples: payAnswers('xstate.done.actor.confirmCharge'),
      // The sandbox confirms every approved charge: a refusal is the operator's answer, given here.
      reply: (event) => {
        const answer = (event as EventObject & { output: PayResponse }).output;
        return answer.status === 0
          ? passOn
          : (route: Route) => route.fulfill({ json: { status: answer.status, msg: answer.msg } });
      },
    }),
    'xstate.error.actor.confirmCharge': failedOrUnanswered('xstate.error.actor.confirmCharge'),
  },
  states: {
    'cardFields.Idle.LoadingFields': {
      call: { method: 'GET', path: '/sandbox/sdk/tranzila-hosted-fields.js' },
      check: ({ page, t }) => expect(status(page, t, t.payment.card.loading)).toBeVisible(),
    },
    'cardFields.Idle.EnteringCard': {
      check: async ({ page, t, snapshot }) => {
        await expect(hostedField(page, 'number')).toBeEditable();
        await expect(payAmount(page, t, snapshot)).toHaveAttribute('aria-busy', 'false');
        if ((snapshot.context as { chargeFailed: boolean }).chargeFailed)
          await expect(drawer(page, t).getByRole('alert')).toHaveText(t.payment.errors.paymentFailed);
      },
    },
    'cardFields.Processing.CreatingHandshake': {
      call: { method: 'POST', path: '/v4/api/payment/pre/tranzila/handshake' },
      check: ({ page, t }) => expect(status(page, t, t.payment.processing)).toBeVisible(),
    },
    'cardFields.Processing.Charging': {
      call: { method: 'POST', path: TRANZILA_CHARGE },
      check: ({ page, t }) => expect(status(page, t, t.payment.processing)).toBeVisible(),
    },
    'cardFields.Processing.ConfirmingCharge': {
      call: { method: 'POST', path: '/v4/api/payment/post/payment_succeeded_callback' },
      check: ({ page, t }) => expect(status(page, t, t.payment.processing)).toBeVisible(),
    },
    ...endings(cardFieldsMachine),
  },
  unreachableInBrowser: {},
};

/** Google Pay's chart model. */
import { googlePayMachine } from '../../../../machines/payment/methods/google-pay/google-pay.machine';
import { drawerButton, expect, sheetButton, WALLET_PAY, walletSheet } from '../../fixtures';
import { act, outcome, type PaymentModel } from '../runner';
import { GOOGLE_PAY_BUTTON } from '../../../fixtures/wallet-buttons';
import {
  one,
  blocked,
  closeDrawer,
  status,
  walletStatus,
  awaitingWalletTap,
  WALLET_PAY_EVENTS,
  endings,
  EVERY_PURCHASE_HAS_A_SESSION,
  UNCONFIRMED_ENDINGS,
} from '../shared';
import { GOOGLE_PAY_READY, SCENARIOS } from '../scenarios';

// ---------------------------------------------------------------------------------------------
// Google Pay

export const googlePayModel: PaymentModel = {
  machine: googlePayMachine,
  entries: [{ scenario: SCENARIOS.list }],
  afterEnding: UNCONFIRMED_ENDINGS.payCallCut,
  events: {
    'drawer.close': closeDrawer,
    'xstate.done.actor.loadGooglePay': outcome(),
    'xstate.error.actor.loadGooglePay': outcome({ reply: () => blocked }),
    'xstate.after.googlePayLoader.googlePay.Idle.ShowingLoader': outcome(),
    'payment.start': act(({ page, t }) => drawerButton(page, t, GOOGLE_PAY_BUTTON).click()),
    'xstate.done.actor.requestGooglePayment': act(({ page, plan }) =>
      sheetButton(page, 'Google Pay', plan.sheet ?? 'Approve').click(),
    ),
    'xstate.error.actor.requestGooglePayment': act(
      ({ page }) => sheetButton(page, 'Google Pay', 'Cancel').click(),
      one({
        type: 'xstate.error.actor.requestGooglePayment',
        error: { statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' },
      }),
    ),
    ...WALLET_PAY_EVENTS,
  },
  states: {
    // pay.js came with the method list; loading asks Google's isReadyToPay again before the button shows.
    'googlePay.Idle.LoadingSdk': {
      call: { method: 'GET', path: GOOGLE_PAY_READY },
      check: ({ page, t }) => expect(status(page, t, t.payment.googlePay.loading)).toBeVisible(),
    },
    'googlePay.Idle.ShowingLoader': {
      check: ({ page, t }) => expect(status(page, t, t.payment.googlePay.loading)).toBeVisible(),
    },
    'googlePay.Idle.AwaitingTap': awaitingWalletTap((t) => t.payment.googlePay.instructions, GOOGLE_PAY_BUTTON),
    'googlePay.Processing.RequestingPayment': {
      check: ({ page }) => expect(walletSheet(page, 'Google Pay')).toBeVisible(),
    },
    'googlePay.Processing.Paying': {
      call: { method: 'POST', path: WALLET_PAY },
      check: async ({ page, t }) => {
        await expect(walletSheet(page, 'Google Pay')).toHaveCount(0);
        await expect(walletStatus(page, t, t.payment.processing)).toBeVisible();
      },
    },
    ...endings(googlePayMachine),
  },
  unreachableInBrowser: {
    'googlePay.Idle.AwaitingTap -> googlePay.Failed on payment.start': `this branch is Google Pay without a visitor uuid, and ${EVERY_PURCHASE_HAS_A_SESSION}`,
  },
};

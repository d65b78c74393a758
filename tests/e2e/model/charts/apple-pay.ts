/** Apple Pay's chart model (the sandbox's ApplePaySession, as in Safari). */
import type { Page } from '@playwright/test';
import { applePayMachine } from '../../../../machines/payment/methods/apple-pay/apple-pay.machine';
import { APPLE_VALIDATE, drawer, drawerButton, expect, sheetButton, WALLET_PAY, walletSheet } from '../../fixtures';
import { act, bySource, outcome, type PaymentModel } from '../runner';
import { APPLE_PAY_BUTTON } from '../../../fixtures/wallet-buttons';
import {
  one,
  failedCall,
  blocked,
  closeDrawer,
  status,
  awaitingWalletTap,
  WALLET_PAY_EVENTS,
  endings,
  UNCONFIRMED_ENDINGS,
} from '../shared';
import { SCENARIOS } from '../scenarios';

// ---------------------------------------------------------------------------------------------
// Apple Pay (the sandbox's ApplePaySession, as in Safari)

const appleSheet = (page: Page) => walletSheet(page, 'Apple Pay');

export const applePayModel: PaymentModel = {
  machine: applePayMachine,
  entries: [{ scenario: SCENARIOS.applePay }],
  afterEnding: UNCONFIRMED_ENDINGS.payCallCut,
  events: {
    'payment.start': act(({ page, t }) => drawerButton(page, t, APPLE_PAY_BUTTON).click()),
    // Only before the tap: once the sheet shows it is modal, as Safari's is.
    'drawer.close': bySource({ 'applePay.Idle.Preparing': closeDrawer, 'applePay.Idle.AwaitingTap': closeDrawer }),
    'xstate.done.actor.prepareApplePay': outcome(),
    // Apple's button SDK blocked or down: Apple Pay cannot be offered.
    'xstate.error.actor.prepareApplePay': outcome({ reply: () => blocked }),
    'applePay.validateMerchant': outcome({
      samples: one({ type: 'applePay.validateMerchant', validationURL: 'https://apple-pay-gateway.apple.com/' }),
    }),
    'applePay.cancelled': bySource({
      // The sheet's buttons wait for the merchant; Escape still closes it.
      'applePay.Processing.ValidatingMerchant': act(({ page }) => appleSheet(page).press('Escape')),
      'applePay.Processing.AwaitingAuthorization': act(({ page }) => sheetButton(page, 'Apple Pay', 'Cancel').click()),
    }),
    'xstate.done.actor.validateMerchant': outcome({
      samples: one({ type: 'xstate.done.actor.validateMerchant', output: { merchantSessionIdentifier: 'model' } }),
    }),
    'xstate.error.actor.validateMerchant': failedCall('xstate.error.actor.validateMerchant'),
    'applePay.authorized': act(
      ({ page, plan }) => sheetButton(page, 'Apple Pay', plan.sheet ?? 'Approve').click(),
      one({ type: 'applePay.authorized', token: { paymentData: 'model' } }),
    ),
    ...WALLET_PAY_EVENTS,
    'applePay.sheetClosed': outcome(),
  },
  states: {
    // Apple's button SDK is held until this is checked: the loader shows, and no button yet.
    'applePay.Idle.Preparing': {
      call: { method: 'GET', path: '/sandbox/sdk/apple-pay-sdk.js' },
      check: async ({ page, t }) => {
        await expect(status(page, t, t.payment.applePay.loading)).toBeVisible();
        await expect(drawerButton(page, t, APPLE_PAY_BUTTON)).toHaveCount(0);
      },
    },
    'applePay.Idle.AwaitingTap': awaitingWalletTap((t) => t.payment.applePay.instructions, APPLE_PAY_BUTTON),
    'applePay.Processing.AwaitingMerchantValidation': { check: ({ page }) => expect(appleSheet(page)).toBeVisible() },
    'applePay.Processing.ValidatingMerchant': {
      call: { method: 'POST', path: APPLE_VALIDATE },
      check: ({ page }) => expect(sheetButton(page, 'Apple Pay', 'Approve')).toBeDisabled(),
    },
    'applePay.Processing.AwaitingAuthorization': {
      check: ({ page }) => expect(sheetButton(page, 'Apple Pay', 'Approve')).toBeEnabled(),
    },
    'applePay.Processing.Paying': {
      call: { method: 'POST', path: WALLET_PAY },
      check: async ({ page, t }) => {
        await expect(sheetButton(page, 'Apple Pay', 'Approve')).toBeDisabled();
        await expect(drawer(page, t).getByText(t.payment.applePay.inProgress)).toBeVisible();
      },
    },
    'applePay.Processing.ClosingSheet': { check: ({ page }) => expect(appleSheet(page)).toHaveCount(0) },
    ...endings(applePayMachine),
  },
  unreachableInBrowser: {
    'applePay.Processing.AwaitingMerchantValidation -> applePay.Idle.AwaitingTap on applePay.cancelled':
      "the session asks for merchant validation in the same task that opens the sheet, whose buttons wait for the merchant: there is no moment to cancel before it (the app's case is a page without ApplePaySession, where Apple Pay is never offered)",
    'applePay.Processing.AwaitingMerchantValidation -> applePay.Abandoned on drawer.close':
      'the same task opens the sheet and asks for the merchant: no moment to reach the drawer before it',
    'applePay.Processing.ValidatingMerchant -> applePay.Abandoned on drawer.close':
      'the wallet sheet is modal (as Safari’s is): the drawer behind it cannot be closed while it shows',
    'applePay.Processing.AwaitingAuthorization -> applePay.Abandoned on drawer.close':
      'the wallet sheet is modal (as Safari’s is): the drawer behind it cannot be closed while it shows',
    'applePay.Processing -> applePay.Failed on applePay.refused':
      'the app creates the session inside the tap, so the stand-in never refuses it; the refusal itself is shown by payments-wallets.spec.ts (“the session inside the tap”)',
  },
};

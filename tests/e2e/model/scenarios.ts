/** Where the purchase paths start: a machine's page, opened as each scenario needs. */
import type { PaymentMethod } from '../../../machines/purchase/purchase.types';
import type { ProductId } from '../../../machines/menu/menu.types';
import { continueButton, enableSandboxApplePay, expect, openMachine, intentPath, linkPath } from '../fixtures';
import type { OpenContext, Reply, Scenario } from './runner';
import { purchaseInput, type SampleEvent, one } from './shared';
import { vacuumPath } from '../../fixtures/machine-pages';

// ---------------------------------------------------------------------------------------------
// Scenarios: where purchase paths start

export const VACUUM_OPENED_AT = new Date(2031, 2, 10, 10, 0);
/** "HH:MM", `minutes` after `from`. */
export const clockTime = (from: Date, minutes: number) => {
  const at = new Date(from.getTime() + minutes * 60_000);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

const payPage =
  (machineId: number) =>
  ({ page }: OpenContext) =>
    openMachine(page, 'en', machineId);

export const product = (productId: ProductId): SampleEvent => ({ type: 'product.select', productId });
export const chosen = (method: PaymentMethod): SampleEvent => ({ type: 'method.select', method });

/** Where the method list waits for Google's isReadyToPay, and Google's side of the stand-in that answers it. */
export const WALLET_CHECK = 'purchase.SELECT_PAYMENT_METHOD.CheckingWallets';
export const GOOGLE_PAY_READY = '/sandbox/google-pay/ready';
export const googleSaysNotReady: Reply = (route) => route.fulfill({ json: { result: false } });
/** The request is left unanswered for the rest of the walk. */
export const neverAnswered: Reply = () => new Promise(() => {});

/** POST /api/merchants/custom/book_link: a payment link's page books its signed address. */
export const BOOK_LINK_PATH = '/v4/api/merchants/custom/book_link';

/**
 * The purchase of a payment link's page on 1001 (7.50, 'Model path'): opened from a payment intent, or
 * from its signed address alone.
 */
const modelLinkInput = (link: { paymentIntent: string | undefined; signedQuery: string }) =>
  purchaseInput('1001', {
    orderSource: {
      kind: 'fixed',
      amount: 7.5,
      currency: 'ILS',
      label: 'Model path',
      deferredPayment: false,
      ...link,
      returnUrls: { success: undefined, failure: undefined },
    },
  });

/** What a walk needs to reach a payment method and end it. */
const TO_A_METHOD = [
  'product.select',
  'purchase.continue',
  'xstate.done.actor.setPurchase',
  'xstate.done.actor.checkGooglePay',
  'method.select',
  'method.continue',
  'popup.continue',
  'drawer.close',
];

export const SCENARIOS = {
  list: { label: '1001 list', open: payPage(1001), input: purchaseInput('1001') },
  applePay: {
    label: '1001 in Safari',
    open: async ({ page, baseURL }) => {
      await enableSandboxApplePay(page.context(), baseURL);
      await openMachine(page, 'en', 1001);
    },
    input: purchaseInput('1001', { applePaySupported: true, applePayAvailable: true }),
    only: [
      ...TO_A_METHOD,
      'xstate.error.actor.checkGooglePay',
      `xstate.after.googlePayCheckLimit.${WALLET_CHECK}`,
      'xstate.done.actor.applePay',
    ],
    samples: { 'method.select': one(chosen('apple_pay')) },
  },
  hostedPage: {
    label: '1002 grid, Yaad Sarig',
    open: payPage(1002),
    input: purchaseInput('1002'),
    only: [...TO_A_METHOD, 'xstate.done.actor.hostedPage'],
    samples: { 'product.select': one(product(204)), 'method.select': one(chosen('credit_card')) },
  },
  stripe: {
    label: '1004 single, Stripe',
    open: payPage(1004),
    input: purchaseInput('1004'),
    only: [...TO_A_METHOD, 'xstate.done.actor.stripe'],
    samples: { 'method.select': one(chosen('stripe')) },
  },
  quantity: {
    label: '1005 quantity',
    open: payPage(1005),
    input: purchaseInput('1005'),
    only: ['quantity.increment', 'quantity.decrement'],
  },
  priceInput: {
    label: '1006 price input',
    open: payPage(1006),
    input: purchaseInput('1006'),
    only: ['amount.confirmed'],
  },
  vacuum: {
    label: '1008 /vacuum',
    open: async ({ page, t }) => {
      await page.clock.setFixedTime(VACUUM_OPENED_AT);
      await page.goto(vacuumPath(1008));
      await expect(continueButton(page, t)).toBeVisible();
    },
    input: purchaseInput('1008', { orderSource: { kind: 'hourly', now: '10:00', promotionMember: false } }),
    only: ['hours.confirmed'],
  },
  paymentIntent: {
    label: '/genPaymentIntend',
    open: async ({ page, t }) => {
      await page.goto(intentPath({ machine_id: '1001', amount: '7.5', info: 'Model path' }));
      await page.waitForURL((url) => url.pathname === '/customPaymentIframe');
      await expect(continueButton(page, t)).toBeVisible();
    },
    input: modelLinkInput({ paymentIntent: 'model-intent', signedQuery: '' }),
    only: ['purchase.continue'],
  },
  // A payment link opened without its intent: Continue books its signed address (book_link).
  paymentLink: {
    label: 'payment link, no intent',
    open: async ({ page, t }) => {
      await page.goto(linkPath({ info: 'Model path' }));
      await expect(continueButton(page, t)).toBeVisible();
    },
    input: modelLinkInput({ paymentIntent: undefined, signedQuery: 'signed' }),
    only: ['purchase.continue', 'xstate.done.actor.bookPaymentLink', 'xstate.error.actor.bookPaymentLink'],
  },
} satisfies Record<string, Scenario>;

/** requirements.md §5: two products make a price that the first line does not match (card entry refuses it). */
export const TWO_PRODUCTS: Scenario = {
  label: '1010 grid, two products',
  open: payPage(1010),
  input: purchaseInput('1010'),
  only: TO_A_METHOD,
  samples: { 'product.select': one(product(201), product(202)), 'method.select': one(chosen('credit_card')) },
};

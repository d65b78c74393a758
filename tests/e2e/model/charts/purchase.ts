/** The purchase chart's model: its drivers and the checks of its screens. */
import type { EventObject } from 'xstate';
import vacuumTexts from '../../../../locales/vacuum/en.json' with { type: 'json' };
import type { PaymentResult } from '../../../../machines/payment/payment.types';
import { METHOD_ENDINGS, purchaseMachine } from '../../../../machines/purchase/purchase.machine';
import { offeredMethods, orderCurrency, pricedLines } from '../../../../machines/purchase/purchase.selectors';
import type { PaymentMethod, ReturnedPaymentStatus } from '../../../../machines/purchase/purchase.types';
import type { ProductId } from '../../../../machines/menu/menu.types';
import { agreedBooking, bitStatus, returnedFromBit } from '../../../fixtures/purchases';
import {
  BIT_PAGE,
  chooseMethod,
  continueButton,
  continueToPayment,
  drawer,
  drawerButton,
  expect,
  failureHeading,
  failurePage,
  methodContinue,
  PAYMENT_STATUS,
  productInput,
  SET_PURCHASE_PATH,
  startMethod,
  successHeading,
  type Texts,
} from '../../fixtures';
import { runs, type Move } from '../paths';
import {
  act,
  outcome,
  passOn,
  type Driver,
  type PurchaseModel,
  type Reply,
  type Samples,
  type StateModel,
} from '../runner';
import {
  type SampleEvent,
  one,
  purchaseOf,
  failedBooking,
  failedCall,
  closeDrawer,
  status,
  heading,
  expectProducts,
  expectMethods,
} from '../shared';
import {
  VACUUM_OPENED_AT,
  clockTime,
  product,
  chosen,
  WALLET_CHECK,
  GOOGLE_PAY_READY,
  googleSaysNotReady,
  neverAnswered,
  BOOK_LINK_PATH,
  SCENARIOS,
} from '../scenarios';
import { payPath } from '../../../fixtures/machine-pages';

// ---------------------------------------------------------------------------------------------
// The purchase

const PAYMENT_IDS = ['googlePay', 'applePay', 'cardFields', 'hostedPage', 'stripe', 'cardScan', 'bit'] as const;

/** The endings a method's chart may have; 'abandoned' comes with a closed drawer (see drawer.close). */
const ENDING_SAMPLES: PaymentResult[] = [
  { outcome: 'succeeded', transactionId: 'model' },
  { outcome: 'failed', message: 'model' },
  { outcome: 'cancelled' },
];

const methodEnding = (id: string, output: PaymentResult): SampleEvent => ({ type: `xstate.done.actor.${id}`, output });

/** Where the drawer shows each method's step while its chart runs. */
const PENDING_HEADINGS: Record<(typeof PAYMENT_IDS)[number], (t: Texts) => string> = {
  googlePay: (t) => t.methods.names.google_pay,
  applePay: (t) => t.methods.names.apple_pay,
  cardFields: (t) => t.payment.card.title,
  hostedPage: (t) => t.payment.hostedPage.title,
  stripe: (t) => t.payment.card.title,
  cardScan: (t) => t.payment.cardScan.title,
  bit: (t) => t.methods.names.bit,
};

const PENDING_STATES = {
  googlePay: 'GooglePay',
  applePay: 'ApplePay',
  cardFields: 'CardFields',
  hostedPage: 'HostedPage',
  stripe: 'Stripe',
  cardScan: 'CardScan',
  bit: 'Bit',
} as const;

/**
 * Comes back from Bit's page: the new page finds the payment underway and its purchase asks the operator
 * for the verdict. The payer approves on Bit unless an outcome after it needs no verdict to reach the
 * operator ('undecided': the browser opens the page it paid from, which the stand-in sends it back to
 * only after a decision).
 */
const backFromBit = act(
  async ({ page, t, plan }) => {
    if (plan.clock) await page.clock.install();
    await continueToPayment(page, t);
    await startMethod(page, t, 'bit');
    await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
    const decision = plan.bit ?? 'Approve';
    if (decision !== 'undecided') {
      await page.getByRole('button', { name: decision, exact: true }).click();
      return;
    }
    await page.goto(payPath(1001));
  },
  one({ type: 'payment.returned', returned: returnedFromBit }),
);

/** The operator's answer to the status call, in its own words (GET /payment/status, contract/operator-api.yaml). */
const statusAnswer =
  ({ status, msg, transactionId, method }: ReturnedPaymentStatus): Reply =>
  (route) =>
    route.fulfill({
      json: { status, msg, data: { transaction_id: transactionId ?? null, method: method ?? null } },
    });
const statusOf = (event: EventObject) => (event as EventObject & { output: ReturnedPaymentStatus }).output;
const STILL_PENDING = bitStatus('pending');

/**
 * set_purchase's or book_link's answer as the model expects it: the sandbox's operator prices from the same
 * menu as the page, so its lines and total are the page's (the real answer comes from the sandbox).
 */
const bookedAsShown =
  (type: 'xstate.done.actor.setPurchase' | 'xstate.done.actor.bookPaymentLink'): Samples =>
  (snapshot) => {
    const context = purchaseOf(snapshot);
    const output = agreedBooking('model', pricedLines(context), orderCurrency(context).currency);
    return [[{ type, output }]];
  };

/** The return's status answers: each answers the held status call in the operator's stead. */
const checkedReturn = outcome({
  samples: () =>
    (['paid', 'pending', 'not_charged'] as const).map((answer) => [
      { type: 'xstate.done.actor.checkReturnedPayment', output: bitStatus(answer) },
    ]),
  reply: (event) => statusAnswer(statusOf(event)),
});

/** A minute passes without a verdict: the operator keeps answering pending, and the page's clock moves on. */
const noVerdictInTime = outcome({
  reply: () => statusAnswer(STILL_PENDING),
  plan: (plan) => {
    plan.bit = 'undecided';
    plan.clock = true;
  },
  run: ({ page }) => page.clock.fastForward(61_000),
});

/** The vacuum's grid, loyalty offer and time drawer hand the purchase a product and a span. */
const confirmHours = act(
  async ({ page, t, event, snapshot }) => {
    const { productId, minutes } = event as EventObject & { productId: ProductId; minutes: number };
    const item = purchaseOf(snapshot).menu.products.find((candidate) => candidate.id === productId);
    const v = vacuumTexts;
    await page
      .getByRole('group', { name: v.grid.title })
      .getByRole('radio', { name: item?.name, exact: true })
      .check({ force: true });
    await continueButton(page, t).click();
    const skip = page.getByRole('dialog', { name: v.offer.title }).getByRole('button', { name: v.offer.skip });
    const time = page.getByRole('dialog', { name: v.time.title, exact: true });
    await expect(skip.or(time)).toBeVisible();
    if (await skip.isVisible()) await skip.click();
    await time.getByLabel(v.time.end, { exact: true }).fill(clockTime(VACUUM_OPENED_AT, minutes));
    await time.getByRole('button', { name: v.time.continue, exact: true }).click();
  },
  one({ type: 'hours.confirmed', productId: 801, minutes: 60 }),
);

const confirmAmount = act(
  async ({ page, t, event }) => {
    const keypad = page.getByRole('group', { name: t.amount.keypad });
    for (const key of String((event as EventObject & { amount: number }).amount))
      await keypad.getByRole('button', { name: key === '.' ? t.amount.decimalPoint : key, exact: true }).click();
    await continueButton(page, t).click();
  },
  one({ type: 'amount.confirmed', amount: 12.5 }),
);

const selectProduct = act(
  async ({ page, t, event, snapshot }) => {
    const { menu, selectedIds } = purchaseOf(snapshot);
    const { productId } = event as EventObject & { productId: ProductId };
    const item = menu.products.find((candidate) => candidate.id === productId);
    const multiple = menu.product_view === 'GRID' && menu.allow_multiple_products;
    await productInput(page, t, item?.name ?? '', multiple ? 'checkbox' : 'radio').setChecked(
      !multiple || !selectedIds.includes(productId),
    );
  },
  (snapshot) => {
    const { menu, selectedIds } = purchaseOf(snapshot);
    return menu.products
      .filter((item) => item.available && !selectedIds.includes(item.id))
      .map((item) => [product(item.id)]);
  },
);

/** The purchase's drawer.close: closing the drawer while a method runs ends that method as abandoned, at once. */
const drawerClose = act(closeDrawer.run, (snapshot): Move[] => {
  const running = PAYMENT_IDS.find((id) => runs(snapshot, id));
  return [
    running ? [{ type: 'drawer.close' }, methodEnding(running, { outcome: 'abandoned' })] : [{ type: 'drawer.close' }],
  ];
});

/** A popup's button (the page's clock is installed first when an outcome after it moves time on). */
const popupButton = (name: (t: Texts) => string) =>
  act(async ({ page, t, plan }) => {
    if (plan.clock) await page.clock.install();
    await drawer(page, t)
      .getByRole('alertdialog')
      .getByRole('button', { name: name(t), exact: true })
      .click();
  });

/** Quantities up to 3 reach both quantity edges; the walk stops adding there. */
const MAX_WALKED_QUANTITY = 3;

export const purchaseModel: PurchaseModel = {
  machine: purchaseMachine,
  scenarios: Object.values(SCENARIOS),
  key: (snapshot) => {
    const context = purchaseOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      context.selectedIds,
      context.quantity,
      context.customAmount,
      context.minutes,
      context.sessionId,
      context.submitFailure?.kind,
      context.method,
      context.result?.outcome,
      Boolean(context.receipt),
    ]);
  },
  events: {
    'product.select': selectProduct,
    'quantity.increment': act(
      ({ page, t }) => page.getByRole('button', { name: t.products.increase, exact: true }).click(),
      (snapshot) => (purchaseOf(snapshot).quantity < MAX_WALKED_QUANTITY ? [[{ type: 'quantity.increment' }]] : []),
    ),
    'quantity.decrement': act(({ page, t }) =>
      page.getByRole('button', { name: t.products.decrease, exact: true }).click(),
    ),
    'purchase.continue': act(({ page, t }) => continueButton(page, t).click()),
    'hours.confirmed': confirmHours,
    'amount.confirmed': confirmAmount,
    'payment.returned': backFromBit,
    'xstate.done.actor.checkReturnedPayment': checkedReturn,
    'xstate.error.actor.checkReturnedPayment': failedCall('xstate.error.actor.checkReturnedPayment'),
    'xstate.after.paymentStatusPoll.purchase.CheckingReturnedPayment.Polling.Waiting': outcome(),
    'xstate.after.returnedPaymentWait.purchase.CheckingReturnedPayment.Polling': noVerdictInTime,
    'payment.recheck': act(({ page, t }) => drawerButton(page, t, t.payment.status.checkAgain).click()),
    'xstate.done.actor.setPurchase': outcome({ samples: bookedAsShown('xstate.done.actor.setPurchase') }),
    'xstate.error.actor.setPurchase': failedBooking('xstate.error.actor.setPurchase'),
    // Google's isReadyToPay answer, from Google's side of the stand-in (GET /sandbox/google-pay/ready).
    'xstate.done.actor.checkGooglePay': outcome({
      samples: () => [true, false].map((output) => [{ type: 'xstate.done.actor.checkGooglePay', output }]),
      reply: (event) => ((event as EventObject & { output: boolean }).output ? passOn : googleSaysNotReady),
    }),
    'xstate.error.actor.checkGooglePay': failedCall('xstate.error.actor.checkGooglePay'),
    // Google never answers: the app's own 4 s limit opens the list without Google Pay.
    [`xstate.after.googlePayCheckLimit.${WALLET_CHECK}`]: outcome({ reply: () => neverAnswered }),
    'xstate.done.actor.bookPaymentLink': outcome({ samples: bookedAsShown('xstate.done.actor.bookPaymentLink') }),
    'xstate.error.actor.bookPaymentLink': failedCall('xstate.error.actor.bookPaymentLink'),
    'drawer.close': drawerClose,
    'method.select': act(
      ({ page, t, event }) => chooseMethod(page, t, (event as EventObject & { method: PaymentMethod }).method),
      (snapshot) => {
        const context = purchaseOf(snapshot);
        return offeredMethods(context)
          .filter((method) => method !== context.method)
          .map((method) => [chosen(method)]);
      },
    ),
    'method.continue': act(({ page, t }) => methodContinue(page, t).click()),
    'popup.continue': popupButton((t) => t.popup.continue),
    'popup.cancel': popupButton((t) => t.popup.cancel),
    ...Object.fromEntries(
      PAYMENT_IDS.map((id): [string, Driver] => [
        `xstate.done.actor.${id}`,
        {
          kind: 'method',
          samples: () =>
            ENDING_SAMPLES.filter(({ outcome }) => Object.keys(METHOD_ENDINGS[id]).includes(outcome)).map((ending) => [
              methodEnding(id, ending),
            ]),
        },
      ]),
    ),
    'history.show': act(({ page, t }) => drawerButton(page, t, t.success.seeLatest).click()),
    'history.hide': act(({ page, t }) => drawerButton(page, t, t.success.hideLatest).click()),
    'purchase.restart': act(({ page, t }) => drawerButton(page, t, t.success.morePurchases).click()),
    'purchase.retry': act(({ page, t }) => drawerButton(page, t, t.failure.retry).click()),
  },
  states: {
    'purchase.SELECT_PRODUCT': {
      check: async ({ page, t, snapshot }) => {
        await expectProducts({ page, t });
        if (purchaseOf(snapshot).submitFailure) await expect(page.getByText(t.purchase.error)).toBeVisible();
      },
    },
    'purchase.SubmittingPurchase': {
      call: { method: 'POST', path: SET_PURCHASE_PATH },
      check: ({ page, t }) =>
        expect(page.getByRole('button', { name: t.purchase.submitting, exact: true })).toHaveAttribute(
          'aria-busy',
          'true',
        ),
    },
    'purchase.BookingPaymentLink': {
      call: { method: 'POST', path: BOOK_LINK_PATH },
      check: ({ page, t }) =>
        expect(page.getByRole('button', { name: t.purchase.submitting, exact: true })).toHaveAttribute(
          'aria-busy',
          'true',
        ),
    },
    [WALLET_CHECK]: {
      call: { method: 'GET', path: GOOGLE_PAY_READY },
      check: ({ page, t }) =>
        expect(page.getByRole('button', { name: t.purchase.submitting, exact: true })).toHaveAttribute(
          'aria-busy',
          'true',
        ),
    },
    'purchase.SELECT_PAYMENT_METHOD.ChoosingMethod': { check: expectMethods },
    'purchase.SELECT_PAYMENT_METHOD.ExplainingMethod': {
      check: async ({ page, t, snapshot }) => {
        const { method } = purchaseOf(snapshot);
        if (method !== 'credit_card' && method !== 'card_scan' && method !== 'bit')
          throw new Error(`no popup for ${String(method)}`);
        await expect(drawer(page, t).getByRole('alertdialog', { name: t.popup[method].title })).toBeVisible();
      },
    },
    ...Object.fromEntries(
      PAYMENT_IDS.map((id): [string, StateModel] => [
        `purchase.INIT_METHOD_PENDING.${PENDING_STATES[id]}`,
        {
          // Stripe's step shows its loader until Stripe.js is in, then the card form's heading.
          check: async ({ page, t }) => {
            const step = heading(page, t, PENDING_HEADINGS[id](t));
            const shown = id === 'stripe' ? step.or(status(page, t, t.payment.stripe.loading)) : step;
            await expect(shown.first()).toBeVisible();
          },
        },
      ]),
    ),
    'purchase.PAYMENT_SUCCESS.Summary': {
      check: async ({ page, t }) => {
        await expect(successHeading(page, t)).toBeVisible();
        await expect(drawerButton(page, t, t.success.seeLatest)).toHaveAttribute('aria-expanded', 'false');
      },
    },
    'purchase.PAYMENT_SUCCESS.LatestPurchase': {
      check: async ({ page, t }) => {
        await expect(drawerButton(page, t, t.success.hideLatest)).toHaveAttribute('aria-expanded', 'true');
        await expect(heading(page, t, t.success.latestTitle)).toBeVisible();
      },
    },
    'purchase.CheckingReturnedPayment.Polling.Asking': {
      call: { method: 'GET', path: PAYMENT_STATUS },
      check: async ({ page, t }) => {
        await expect(heading(page, t, t.payment.status.title)).toBeVisible();
        await expect(status(page, t, t.payment.status.checking)).toBeVisible();
      },
    },
    /** The operator said pending: being confirmed, with support, and no Check again (the page asks by itself). */
    'purchase.CheckingReturnedPayment.Polling.Waiting': {
      check: async ({ page, t }) => {
        await expect(drawer(page, t).getByRole('status').filter({ hasText: t.payment.status.pending })).toBeVisible();
        await expect(drawerButton(page, t, t.payment.status.checkAgain)).toHaveCount(0);
        await expect(failureHeading(page, t)).toHaveCount(0);
        await expect(successHeading(page, t)).toHaveCount(0);
      },
    },
    'purchase.CheckingReturnedPayment.Unconfirmed': {
      check: async ({ page, t }) => {
        await expect(
          drawer(page, t).getByRole('status').filter({ hasText: t.payment.status.unconfirmed }),
        ).toBeVisible();
        await expect(drawerButton(page, t, t.payment.status.checkAgain)).toBeEnabled();
        await expect(status(page, t, t.payment.status.checking)).toHaveCount(0);
      },
    },
    'purchase.PAYMENT_FAILURE': {
      check: async ({ page, t, snapshot }) => {
        await expect(failureHeading(page, t)).toBeVisible();
        await expect(drawerButton(page, t, t.failure.retry)).toBeVisible();
        // The operator's verdict after an interruption: not charged, in the app's words.
        const { result } = purchaseOf(snapshot);
        if (result?.outcome === 'failed' && result.reason === 'notCharged')
          await expect(failurePage(page, t)).toContainText(t.payment.errors.notCharged);
      },
    },
    'purchase.MachineNotResponding': {
      check: async ({ page, t }) => {
        const screen = drawer(page, t).getByTestId('machine-not-responding');
        await expect(screen.getByRole('heading', { name: t.machineNotResponding.title })).toBeVisible();
        await expect(screen).toContainText(t.failure.notCharged);
        await expect(drawerButton(page, t, t.failure.retry)).toBeVisible();
      },
    },
  },
  // The endings no method's machine has are no edges of the chart (METHOD_ENDINGS, checked by the compiler).
  unreachableInBrowser: {},
};

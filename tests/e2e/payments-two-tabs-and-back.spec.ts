/**
 * No double charge (design.md §10.2), beyond the double taps and reloads of
 * payments-no-double-charge.spec.ts:
 *
 * - Two tabs on the same purchase. On /pay each tab books its own purchase (set_purchase answers a
 *   new session_id), so the purchase two tabs share is a payment intent's: /genPaymentIntend keeps
 *   the operator's visitor_uuid in local storage for its link, and a second tab on that link pays the
 *   very same purchase. Both tabs pay: exactly one charge survives, and the other tab ends on a clear
 *   page with the server's reason. The providers' stand-ins refuse nothing across providers (no real
 *   one can): the operator's purchase chart does (sandbox/operator/). Where a provider cannot revoke
 *   an attempt (a Tranzila handshake), the second tab's charge may go through: the operator releases
 *   it (a card charge is a hold) or refunds it (a sale), and that tab says so.
 * - Back pressed while a payment is pending, then Forward and paying again: the payment is never
 *   sent again by itself, and the purchase is charged at most once.
 *
 * Charges are counted per purchase in the sandbox (GET /sandbox/charges).
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { IN_PROGRESS as ATTEMPT_IN_PROGRESS } from '../../sandbox/cashier';
import { ALREADY_PAID, DUPLICATE_REFUNDED, DUPLICATE_RELEASED, IN_PROGRESS } from '../../sandbox/operator/attempts';
import {
  card,
  CARD_SCAN_CHARGE,
  chargesFor,
  continueButton,
  closeDrawer,
  drawer,
  escapeRegExp,
  expect,
  expectCharges,
  failureHeading,
  fillHostedFields,
  hostedField,
  HOSTED_PAGE,
  linePrice,
  openPayment,
  payAmountButton,
  product,
  productChoices,
  fillCardElement,
  fillHostedPage,
  holdCall,
  hostedPagePayButton,
  walletButton,
  recordAroundNavigation,
  scannerButton,
  sheetButton,
  startMethod,
  storedItem,
  STRIPE_CONFIRM,
  STRIPE_INTENT,
  successHeading,
  tapScanner,
  test,
  TEXTS,
  TRANZILA_CHARGE,
  WALLET_PAY,
  type SandboxCharge,
  intentPath,
} from './fixtures';

const t = TEXTS.en;
const LINK_AMOUNT = 7.5;
const cola = product(1001, 101);
const chocolate = product(1002, 204);

type Method = 'google_pay' | 'credit_card' | 'card_scan' | 'stripe';
type ChargeMethod = SandboxCharge['method'];

/** Stripe's refusal to confirm an intent the other tab's confirmation already authorized (a manual-capture hold). */
const STRIPE_INTENT_AUTHORIZED =
  'This PaymentIntent could not be confirmed because it has a status of requires_capture.';

/**
 * What the refused tab is told: the purchase is already paid, or being paid in another tab (the
 * operator's chart, or the provider processing the same attempt), or its charge is being given back (a
 * second hold released, a second sale refunded).
 */
const REFUSAL = new RegExp(
  [ALREADY_PAID, IN_PROGRESS, ATTEMPT_IN_PROGRESS, DUPLICATE_REFUNDED, DUPLICATE_RELEASED, STRIPE_INTENT_AUTHORIZED]
    .map(escapeRegExp)
    .join('|'),
);

/**
 * Exactly one approved charge of the purchase survives: any other approved charge was released (a hold)
 * or refunded (a sale) by the operator (a provider that cannot revoke an attempt charged it anyway).
 * Answers the charges.
 */
async function expectOneSurvivingCharge(
  request: APIRequestContext,
  purchase: string,
  method: ChargeMethod,
): Promise<SandboxCharge[]> {
  const kept = (charges: SandboxCharge[]) =>
    charges
      .filter(
        (charge) => charge.status === 'approved' && charge.refunds.length === 0 && charge.released_at === undefined,
      )
      .map(({ method: charged, amount }) => ({ method: charged, amount }));
  await expect.poll(async () => kept(await chargesFor(request, purchase))).toEqual([{ method, amount: LINK_AMOUNT }]);
  return chargesFor(request, purchase);
}

/** How each method pays, once its step is open in the drawer. */
const METHODS: Record<
  Method,
  {
    machine: number;
    charge: ChargeMethod;
    /**
     * What the refused tab says: the server's reason; Tranzila's form says requirements.md §8's 'Payment failed.' for
     * any refusal naming no field.
     */
    refusal: RegExp;
    ready: (page: Page) => Promise<void>;
    pay: (page: Page) => Promise<void>;
  }
> = {
  google_pay: {
    machine: 1001,
    charge: 'google_pay',
    refusal: REFUSAL,
    ready: async (page) => {
      await walletButton(page, t, 'google_pay').click();
      await expect(sheetButton(page, 'Google Pay', 'Approve')).toBeVisible();
    },
    pay: (page) => sheetButton(page, 'Google Pay', 'Approve').click(),
  },
  credit_card: {
    machine: 1001,
    charge: 'tranzila',
    refusal: new RegExp(`${REFUSAL.source}|${escapeRegExp(t.payment.errors.paymentFailed)}`),
    ready: async (page) => {
      for (const field of ['number', 'expiry', 'cvv'] as const) await expect(hostedField(page, field)).toBeEditable();
      await expect(payAmountButton(page, t, LINK_AMOUNT)).toHaveAttribute('aria-busy', 'false');
      await fillHostedFields(page, card());
    },
    pay: (page) => payAmountButton(page, t, LINK_AMOUNT).click(),
  },
  card_scan: {
    machine: 1001,
    charge: 'card_scan',
    // The second tab's scan, opened after the first's, closed it at the operator (the scan-after-scan test
    // below): the first tab may also be told, as there, that its scan did not go through.
    refusal: new RegExp(`${REFUSAL.source}|${escapeRegExp(t.payment.errors.notCharged)}`),
    ready: async (page) => {
      await expect(scannerButton(page, t, 'approved')).toBeEnabled();
    },
    pay: (page) => tapScanner(page, t, 'approved'),
  },
  stripe: {
    machine: 1004,
    charge: 'stripe',
    refusal: REFUSAL,
    ready: async (page) => {
      await expect(payAmountButton(page, t, LINK_AMOUNT)).toHaveAttribute('aria-busy', 'false');
      await fillCardElement(page, t, card('4242424242424242'));
    },
    pay: (page) => payAmountButton(page, t, LINK_AMOUNT).click(),
  },
};

/** Opens a payment intent for the machine; answers the payment page's address and the purchase (visitor_uuid). */
async function openIntent(page: Page, machine: number, info: string): Promise<{ url: string; purchase: string }> {
  await page.goto(intentPath({ machine_id: String(machine), amount: String(LINK_AMOUNT), info }));
  await page.waitForURL((url) => url.pathname === '/customPaymentIframe');
  await expect(page.getByRole('heading', { level: 1, name: info })).toBeVisible();
  const purchase = await storedItem(page, 'visitor_uuid');
  expect(purchase, 'visitor_uuid').toBeTruthy();
  return { url: page.url(), purchase: purchase ?? '' };
}

/** From the link's page to the method's step, ready for the last tap. */
async function readyToPay(page: Page, method: Method): Promise<void> {
  await continueButton(page, t).click();
  await startMethod(page, t, method);
  await METHODS[method].ready(page);
}

/** Where a tab's payment ended: the success page, or a failure (page or form alert) with its text. */
async function outcomeOf(page: Page): Promise<{ paid: boolean; text: string }> {
  const success = successHeading(page, t);
  const failure = failureHeading(page, t).or(drawer(page, t).getByRole('alert'));
  await expect(success.or(failure).first()).toBeVisible();
  if (await success.isVisible()) return { paid: true, text: '' };
  return { paid: false, text: (await drawer(page, t).innerText()).replace(/\s+/g, ' ') };
}

async function secondTab(context: BrowserContext, url: string, purchase: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(url);
  await expect(continueButton(tab, t)).toBeVisible();
  expect(await storedItem(tab, 'visitor_uuid'), 'the second tab pays the same purchase').toBe(purchase);
  return tab;
}

test.describe('two tabs on one payment link (the same purchase): one charge', () => {
  for (const method of Object.keys(METHODS) as Method[]) {
    const { machine, charge, refusal } = METHODS[method];

    test(`${method} (${String(machine)}): both tabs pay at once; one charge survives, a refused tab says why`, async ({
      page,
      context,
      request,
    }) => {
      const { url, purchase } = await openIntent(page, machine, `Two tabs, ${method}`);
      const other = await secondTab(context, url, purchase);
      await readyToPay(page, method);
      await readyToPay(other, method);

      await Promise.all([METHODS[method].pay(page), METHODS[method].pay(other)]);
      const outcomes = await Promise.all([outcomeOf(page), outcomeOf(other)]);

      await expectOneSurvivingCharge(request, purchase, charge);
      expect(outcomes.filter((outcome) => outcome.paid).length, 'tabs on the success page').toBeGreaterThanOrEqual(1);
      // A tab that is not on the success page says why; one whose pay call the operator refused may
      // show success instead, when the operator says the purchase is paid (a wallet's 409, then the status).
      for (const outcome of outcomes.filter(({ paid }) => !paid)) expect(outcome.text).toMatch(refusal);
    });

    // A card scan is opened at the operator when its step opens, and a newer one closes the older: card_scan's own test below.
    if (method === 'card_scan') continue;
    test(`${method} (${String(machine)}): the second tab pays after the first has; nothing charged again, the tab told`, async ({
      page,
      context,
      request,
    }) => {
      const { url, purchase } = await openIntent(page, machine, `Tab after tab, ${method}`);
      const other = await secondTab(context, url, purchase);
      await readyToPay(page, method);
      await readyToPay(other, method);

      await METHODS[method].pay(page);
      await expect(successHeading(page, t)).toBeVisible();
      await METHODS[method].pay(other);
      const outcome = await outcomeOf(other);

      // A wallet's pay call is refused (409) and is no verdict: the tab asks the operator, who says the
      // purchase is paid. The others are refused before anything moves and say so.
      if (method === 'google_pay') expect(outcome.paid, 'the operator says the purchase is paid').toBe(true);
      else expect(outcome.text).toMatch(method === 'credit_card' ? refusal : new RegExp(escapeRegExp(ALREADY_PAID)));
      // Once paid, the operator opens no new attempt with any provider: nothing is charged again.
      await expectCharges(request, purchase, [{ method: charge, status: 'approved', amount: LINK_AMOUNT }]);
    });
  }

  test("card_scan (1001): the second tab's scan closes the first's; the first is told it was not charged, the second pays once, and once paid no scan opens", async ({
    page,
    context,
    request,
  }) => {
    const { url, purchase } = await openIntent(page, 1001, 'Scan after scan');
    const other = await secondTab(context, url, purchase);
    await readyToPay(page, 'card_scan');
    await readyToPay(other, 'card_scan');

    await tapScanner(page, t, 'approved');
    expect(await outcomeOf(page)).toEqual({ paid: false, text: expect.stringContaining(t.payment.errors.notCharged) });
    await tapScanner(other, t, 'approved');
    await expect(successHeading(other, t)).toBeVisible();

    await page.getByRole('button', { name: t.failure.retry }).click();
    await continueButton(page, t).click();
    await startMethod(page, t, 'card_scan');
    await expect(drawer(page, t)).toContainText(ALREADY_PAID);
    await expectCharges(request, purchase, [{ method: 'card_scan', status: 'approved', amount: LINK_AMOUNT }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Back during a pending payment
// ---------------------------------------------------------------------------------------------

interface BackCase {
  /** Opens the machine from the welcome page (so Back stays on the site) and readies the last tap; the session_id. */
  start: (page: Page) => Promise<string>;
  pay: (page: Page) => Promise<unknown>;
  chargePath: string;
  alsoPaths?: string[];
  charge: ChargeMethod;
  amount: number;
}

/** A /pay purchase on 1001 taken to the method's last tap, where METHODS already knows the way. */
function readyOn1001(method: 'google_pay' | 'card_scan', chargePath: string): BackCase {
  return {
    start: async (page) => {
      const sessionId = await openPayment(page, 'en', 1001);
      await startMethod(page, t, method);
      await METHODS[method].ready(page);
      return sessionId;
    },
    pay: METHODS[method].pay,
    chargePath,
    charge: METHODS[method].charge,
    amount: linePrice(cola),
  };
}

const BACK_CASES: Record<string, BackCase> = {
  'Google Pay (1001)': readyOn1001('google_pay', WALLET_PAY),
  'Tranzila card fields (1001)': {
    start: async (page) => {
      const sessionId = await openPayment(page, 'en', 1001);
      await startMethod(page, t, 'credit_card');
      for (const field of ['number', 'expiry', 'cvv'] as const) await expect(hostedField(page, field)).toBeEditable();
      await fillHostedFields(page, card());
      return sessionId;
    },
    pay: (page) => payAmountButton(page, t, linePrice(cola)).click(),
    chargePath: TRANZILA_CHARGE,
    charge: 'tranzila',
    amount: linePrice(cola),
  },
  'hosted payment page, Yaad Sarig (1002)': {
    start: async (page) => {
      const sessionId = await openPayment(page, 'en', 1002, [chocolate.name], 'checkbox');
      await startMethod(page, t, 'credit_card');
      await fillHostedPage(page, t, card());
      return sessionId;
    },
    pay: (page) => hostedPagePayButton(page, t, linePrice(chocolate)).click(),
    chargePath: HOSTED_PAGE,
    charge: 'yaad_sarig',
    amount: linePrice(chocolate),
  },
  'card scan (1001)': readyOn1001('card_scan', CARD_SCAN_CHARGE),
};

test.describe('Back during a pending payment, then Forward: nothing sent again, at most one charge', () => {
  for (const [name, backCase] of Object.entries(BACK_CASES)) {
    test(`${name}: Back right after the pay tap, Forward, then paying again charges the purchase at most once`, async ({
      page,
      request,
    }) => {
      // The visitor came from another page of the site, so Back has somewhere to go.
      await page.goto('/');
      const sessionId = await backCase.start(page);
      const sent = recordAroundNavigation(page, 'POST', [backCase.chargePath, ...(backCase.alsoPaths ?? [])]);
      // The charge call is held until it is out; the server gets it and charges, and Back takes the
      // page away before its answer arrives.
      const call = await holdCall(page, backCase.chargePath);
      await backCase.pay(page);
      await call.endAcross('reached the server', () =>
        sent.navigate(async () => {
          // Back may first undo a frame's own navigation: go back until the page has gone.
          while (new URL(page.url()).pathname === '/pay') await page.goBack();
        }),
      );
      await call.stop();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await page.goForward();
      await expect(page).toHaveURL((url) => url.pathname === '/pay');
      // The page finds the payment underway and asks the operator: the charge reached it, so it is paid.
      await expect(successHeading(page, t)).toBeVisible();
      await closeDrawer(page, t);
      await expect(continueButton(page, t)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(sent.after, 'payment requests sent again after Back and Forward').toEqual([]);
      expect(sent.before.filter((path) => path === backCase.chargePath)).toHaveLength(1);
      const charged = { method: backCase.charge, status: 'approved', amount: backCase.amount } as const;
      await expectCharges(request, sessionId, [charged]);

      // Paying again: the page after Forward starts afresh, so this is a purchase of its own, charged
      // once; the one left behind stays as it was.
      const again = await backCase.start(page);
      expect(again).not.toBe(sessionId);
      await backCase.pay(page);
      await expect(successHeading(page, t)).toBeVisible();
      await expectCharges(request, again, [charged]);
      // The one left behind keeps its one charge (its machine may have delivered meanwhile: a hold captured).
      await expectCharges(request, sessionId, [charged]);
    });
  }

  test('Google Pay on a payment link (the same purchase): Back while pending, Forward, pay again: one approved charge', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const { purchase } = await openIntent(page, 1001, 'Back and pay again');
    await readyToPay(page, 'google_pay');
    const sent = recordAroundNavigation(page, 'POST', [WALLET_PAY, STRIPE_INTENT, STRIPE_CONFIRM]);
    // The pay call is held until it is out; the server gets it and charges, and Back takes the page
    // away before its answer arrives.
    const call = await holdCall(page, WALLET_PAY);
    await METHODS.google_pay.pay(page);
    await call.endAcross('reached the server', () => sent.navigate(() => page.goBack()));
    await call.stop();
    // The link's redirect replaced /genPaymentIntend: Back leaves the purchase, it never asks for a new one.
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goForward();
    await expect(page).toHaveURL((url) => url.pathname === '/customPaymentIframe');
    // The page finds the payment underway and asks the operator: the charge reached it, so it is paid.
    await expect(successHeading(page, t)).toBeVisible();
    await closeDrawer(page, t);
    await expect(continueButton(page, t)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sent.after, 'payment requests sent again after Back and Forward').toEqual([]);
    expect(sent.before.filter((path) => path === WALLET_PAY)).toHaveLength(1);
    expect(await storedItem(page, 'visitor_uuid')).toBe(purchase);
    await expectCharges(request, purchase, [{ method: 'google_pay', status: 'approved', amount: LINK_AMOUNT }]);

    // The visitor pays again: the purchase is the same and the server charged it, so the pay call is
    // refused (409) and the tab asks the operator, who says the purchase is paid: nothing is charged again.
    await readyToPay(page, 'google_pay');
    await METHODS.google_pay.pay(page);
    const outcome = await outcomeOf(page);
    expect(outcome.paid, 'paying again: the operator says the purchase is paid').toBe(true);
    await expectCharges(request, purchase, [{ method: 'google_pay', status: 'approved', amount: LINK_AMOUNT }]);
    await expect(
      productChoices(page, t)
        .or(page.getByRole('heading', { level: 1 }))
        .first(),
    ).toBeVisible();
  });
});

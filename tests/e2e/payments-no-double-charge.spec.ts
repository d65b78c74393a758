/**
 * Spec §10, for every pay button: a double tap charges once, and a reload while the payment is
 * pending charges at most once and sends nothing again (the charge calls sent before the reload are
 * exactly the charges). Double taps already covered elsewhere (Google Pay, Stripe, Tranzila, the
 * hosted page) and Tranzila's reload are not repeated here. Charges are counted per purchase.
 */
import type { Page } from '@playwright/test';
import {
  APPLE_VALIDATE,
  BIT_PAGE,
  card,
  CARD_SCAN_CHARGE,
  doubleTap,
  drawer,
  drawerButton,
  enableSandboxApplePay,
  expect,
  expectCharges,
  HOSTED_PAGE,
  linePrice,
  money,
  openPayment,
  payAmountButton,
  product,
  productChoices,
  productInput,
  recordAroundNavigation,
  recordRequests,
  reloadDuringPayment,
  scannerButton,
  sheetButton,
  startMethod,
  STRIPE_CONFIRM,
  STRIPE_INTENT,
  STRIPE_PAYMENT_METHOD,
  successHeading,
  test,
  TEXTS,
  WALLET_PAY,
  walletSheet,
} from './fixtures';
import { APPLE_PAY_BUTTON, GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';

const t = TEXTS.en;
const cola = product(1001, 101);
const chocolate = product(1002, 204);
const carWash = product(1004, 401);

const approved = (method: 'apple_pay' | 'google_pay' | 'stripe' | 'yaad_sarig' | 'card_scan' | 'bit', amount: number) =>
  ({ method, status: 'approved', amount }) as const;

const walletButton = (page: Page, method: 'apple_pay' | 'google_pay') =>
  drawerButton(page, t, method === 'apple_pay' ? APPLE_PAY_BUTTON : GOOGLE_PAY_BUTTON);

/** Opens 1001 (Cola preselected) and a wallet; waits for its pay button. The session_id. */
async function startWallet(page: Page, method: 'apple_pay' | 'google_pay'): Promise<string> {
  const sessionId = await openPayment(page, 'en', 1001);
  await startMethod(page, t, method);
  await expect(walletButton(page, method)).toBeVisible();
  return sessionId;
}

test.describe('Apple Pay (1001, Safari): one charge', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await enableSandboxApplePay(context, baseURL);
  });

  test('a double tap on Apple’s pay button opens one sheet and charges once', async ({ page, request }) => {
    const sessionId = await startWallet(page, 'apple_pay');
    const validations = recordRequests(page, 'POST', APPLE_VALIDATE);
    const payCalls = recordRequests(page, 'POST', WALLET_PAY);
    await doubleTap(walletButton(page, 'apple_pay'));

    await expect(walletSheet(page, 'Apple Pay')).toHaveCount(1);
    await sheetButton(page, 'Apple Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expect(walletSheet(page, 'Apple Pay')).toHaveCount(0);
    expect(validations).toHaveLength(1);
    expect(payCalls).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('apple_pay', linePrice(cola))]);
  });

  test('a reload right after Approve charges at most once and sends nothing again', async ({ page, request }) => {
    const sessionId = await startWallet(page, 'apple_pay');
    await walletButton(page, 'apple_pay').click();
    await reloadDuringPayment(page, request, t, {
      sessionId,
      chargePath: WALLET_PAY,
      alsoPaths: [APPLE_VALIDATE],
      pay: () => sheetButton(page, 'Apple Pay', 'Approve').click(),
      expected: approved('apple_pay', linePrice(cola)),
    });
    await expect(productInput(page, t, cola.name)).toBeChecked();
  });
});

test.describe('Google Pay (1001): one charge', () => {
  test('a reload right after Approve charges at most once and sends nothing again', async ({ page, request }) => {
    const sessionId = await startWallet(page, 'google_pay');
    await walletButton(page, 'google_pay').click();
    await reloadDuringPayment(page, request, t, {
      sessionId,
      chargePath: WALLET_PAY,
      pay: () => sheetButton(page, 'Google Pay', 'Approve').click(),
      expected: approved('google_pay', linePrice(cola)),
    });
    await expect(productInput(page, t, cola.name)).toBeChecked();
  });
});

test.describe('Stripe card element (1004): one charge', () => {
  const stripeInput = (page: Page, label: string) => drawer(page, t).getByRole('textbox', { name: label, exact: true });

  /** Opens 1004, chooses the card element and fills in a good card; answers the session_id and the pay button. */
  async function fillStripe(page: Page) {
    const sessionId = await openPayment(page, 'en', 1004);
    await startMethod(page, t, 'stripe');
    const pay = payAmountButton(page, t, linePrice(carWash));
    await expect(pay).toHaveAttribute('aria-busy', 'false');
    const { number, expiry, cvv } = card('4242424242424242');
    await stripeInput(page, 'Card number').fill(number);
    await stripeInput(page, 'Expiry (MM / YY)').fill(expiry);
    await stripeInput(page, 'CVC').fill(cvv);
    return { sessionId, pay };
  }

  const stripeReload = { chargePath: STRIPE_CONFIRM, alsoPaths: [STRIPE_INTENT, STRIPE_PAYMENT_METHOD] };

  test('a reload right after "Pay ₪20.40" with a good card charges at most once and sends nothing again', async ({
    page,
    request,
  }) => {
    const { sessionId, pay } = await fillStripe(page);
    await reloadDuringPayment(page, request, t, {
      ...stripeReload,
      sessionId,
      pay: () => pay.click(),
      expected: approved('stripe', linePrice(carWash)),
    });
    await expect(page.getByRole('heading', { name: carWash.name, level: 1 })).toBeVisible();
  });

  // Right after the tap, the reload lands before the confirm call; this one lands while the sandbox
  // processes it (the call has had 100 ms to arrive, and a charge takes 300 ms).
  test('a reload once the confirm call is out charges exactly once and sends nothing again', async ({
    page,
    request,
  }) => {
    const { sessionId, pay } = await fillStripe(page);
    const charges = await reloadDuringPayment(page, request, t, {
      ...stripeReload,
      sessionId,
      pay: async () => {
        const confirm = page.waitForRequest((sent) => new URL(sent.url()).pathname === STRIPE_CONFIRM);
        await pay.click();
        await confirm;
        await page.waitForTimeout(100);
      },
      expected: approved('stripe', linePrice(carWash)),
    });
    expect(charges).toBe(1);
  });
});

test.describe('hosted payment page, Yaad Sarig (1002): one charge', () => {
  test('a reload right after submitting the frame charges at most once and sends nothing again', async ({
    page,
    request,
  }) => {
    const sessionId = await openPayment(page, 'en', 1002, [chocolate.name], 'checkbox');
    await startMethod(page, t, 'credit_card');
    const frame = page.frameLocator(`iframe[title="${t.payment.hostedPage.title}"]`);
    const { number, expiry, cvv } = card();
    await frame.getByLabel('Card number', { exact: true }).fill(number);
    await frame.getByLabel('Expiry (MM/YY)', { exact: true }).fill(expiry);
    await frame.getByLabel('CVV', { exact: true }).fill(cvv);

    await reloadDuringPayment(page, request, t, {
      sessionId,
      chargePath: HOSTED_PAGE,
      pay: () => frame.getByRole('button', { name: `Pay ${money(linePrice(chocolate))}`, exact: true }).click(),
      expected: approved('yaad_sarig', linePrice(chocolate)),
    });
    await expect(productChoices(page, t)).toBeVisible();
  });
});

test.describe('card scan (1001): one charge', () => {
  /** Opens 1001 (Cola preselected) and the scanner; its buttons are enabled once its script runs. */
  async function startScan(page: Page): Promise<string> {
    const sessionId = await openPayment(page, 'en', 1001);
    await startMethod(page, t, 'card_scan');
    await expect(scannerButton(page, t, 'approved')).toBeEnabled();
    return sessionId;
  }

  test('a double tap on "Simulate scan: Visa 4580…" charges once', async ({ page, request }) => {
    const sessionId = await startScan(page);
    const chargeCalls = recordRequests(page, 'POST', CARD_SCAN_CHARGE);
    await doubleTap(scannerButton(page, t, 'approved'));

    await expect(successHeading(page, t)).toBeVisible();
    expect(chargeCalls).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('card_scan', linePrice(cola))]);
  });

  test('a reload right after the scan charges at most once and sends nothing again', async ({ page, request }) => {
    const sessionId = await startScan(page);
    await reloadDuringPayment(page, request, t, {
      sessionId,
      chargePath: CARD_SCAN_CHARGE,
      pay: () => scannerButton(page, t, 'approved').click(),
      expected: approved('card_scan', linePrice(cola)),
    });
    await expect(productInput(page, t, cola.name)).toBeChecked();
  });
});

test.describe('Bit (1001): one charge', () => {
  const bitButton = (page: Page, name: 'Approve') => page.getByRole('button', { name, exact: true });

  /** Opens 1001 (Cola preselected), chooses Bit and lands on Bit's page. The session_id. */
  async function goToBit(page: Page): Promise<string> {
    const sessionId = await openPayment(page, 'en', 1001);
    await startMethod(page, t, 'bit');
    await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
    await expect(bitButton(page, 'Approve')).toBeEnabled();
    return sessionId;
  }

  test("a double tap on Approve on Bit's page charges once: one POST, the success page", async ({ page, request }) => {
    const sessionId = await goToBit(page);
    const bitPosts = recordRequests(page, 'POST', BIT_PAGE);
    // Not doubleTap(): Bit's page is the whole page, and it has gone by the time the taps could be counted.
    await bitButton(page, 'Approve').dblclick();

    await expect(successHeading(page, t)).toBeVisible();
    expect(bitPosts).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('bit', linePrice(cola))]);
  });

  test("Back (to Bit's page), Forward and a reload after the success page send nothing to Bit again; one charge", async ({
    page,
    request,
  }) => {
    const sessionId = await goToBit(page);
    const sent = recordAroundNavigation(page, 'POST', [BIT_PAGE]);
    await bitButton(page, 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, [approved('bit', linePrice(cola))]);
    expect(sent.before).toEqual([BIT_PAGE]);

    await sent.navigate(() => page.goBack());
    await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
    await page.goForward();
    await expect(page).toHaveURL((url) => url.pathname === '/pay');
    await expect(productChoices(page, t)).toBeVisible();
    await page.reload();
    await expect(productInput(page, t, cola.name)).toBeChecked();
    await expect(successHeading(page, t)).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(sent.after, 'POSTs to Bit after Back').toEqual([]);
    await expectCharges(request, sessionId, [approved('bit', linePrice(cola))]);
  });
});

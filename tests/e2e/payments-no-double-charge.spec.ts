/**
 * design.md §10.2 (no double charge), for every pay button: a double tap charges once, and a reload while the charge
 * call is in flight charges at most once and sends nothing again. Each reload holds the charge call (page.route) and
 * reloads only once it is out; then it either reached the server (exactly one charge) or was lost with the page (none).
 * Double taps are on the app's own buttons and both taps must reach them; the sandbox's own provider pages keep their
 * own double-tap checks, named as such. Double taps already covered elsewhere (Google Pay, Stripe, Tranzila) and
 * Tranzila's reload are not repeated here. Charges are counted per purchase.
 */
import type { Page } from '@playwright/test';
import {
  APPLE_VALIDATE,
  chooseMethod,
  clickTwiceAtOnce,
  closeDrawer,
  BIT_PAGE,
  continueToPayment,
  card,
  CARD_SCAN_CHARGE,
  doubleTap,
  enableSandboxApplePay,
  expect,
  expectCharges,
  fillCardElement,
  fillHostedPage,
  HOSTED_PAGE,
  hostedPagePayButton,
  type HeldCharge,
  linePrice,
  methodContinue,
  methodPopup,
  openPayment,
  payAmountButton,
  popupContinue,
  product,
  productChoices,
  productInput,
  recordAroundNavigation,
  recordRequests,
  reloadDuringPayment,
  scannerButton,
  tapScanner,
  sheetButton,
  startMethod,
  STRIPE_CONFIRM,
  STRIPE_INTENT,
  STRIPE_PAYMENT_METHOD,
  successHeading,
  test,
  TEXTS,
  WALLET_PAY,
  walletButton,
  walletSheet,
} from './fixtures';

const t = TEXTS.en;
const cola = product(1001, 101);
const chocolate = product(1002, 204);
const carWash = product(1004, 401);

const approved = (method: 'apple_pay' | 'google_pay' | 'stripe' | 'yaad_sarig' | 'card_scan' | 'bit', amount: number) =>
  ({ method, status: 'approved', amount }) as const;

/** The two ways a reload can meet the held charge call (fixtures.ts, reloadDuringPayment). */
const HELD: readonly HeldCharge[] = ['reached the server', 'lost with the page'];
const chargedIf = (held: HeldCharge) => (held === 'reached the server' ? 'exactly once' : 'nothing');

/** Opens 1001 (Cola preselected) and a wallet; waits for its pay button. The session_id. */
async function startWallet(page: Page, method: 'apple_pay' | 'google_pay'): Promise<string> {
  const sessionId = await openPayment(page, 'en', 1001);
  await startMethod(page, t, method);
  await expect(walletButton(page, t, method)).toBeVisible();
  return sessionId;
}

test.describe('Apple Pay (1001, Safari): one charge', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await enableSandboxApplePay(context, baseURL);
  });

  // Apple's sheet opens in the tap itself (ApplePaySession.begin() must run in the click handler, with
  // the tap's activation) and covers the page, as Safari's does: the second tap lands on the sheet
  // (the stand-in's, .sbx-sheet*), never on the button. Two activations in one task have no user
  // activation, which Apple Pay requires, so they cannot stand in here.
  test('a double tap on Apple’s pay button: the second lands on the sheet the first opened; one charge', async ({
    page,
    request,
  }) => {
    const sessionId = await startWallet(page, 'apple_pay');
    const validations = recordRequests(page, 'POST', APPLE_VALIDATE);
    const payCalls = recordRequests(page, 'POST', WALLET_PAY);
    await doubleTap(page, walletButton(page, t, 'apple_pay'), '.sbx-sheet-backdrop');

    await expect(walletSheet(page, 'Apple Pay')).toHaveCount(1);
    await sheetButton(page, 'Apple Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expect(walletSheet(page, 'Apple Pay')).toHaveCount(0);
    expect(validations).toHaveLength(1);
    expect(payCalls).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('apple_pay', linePrice(cola))]);
  });

  for (const held of HELD)
    test(`a reload while the pay call after Approve is in flight (${held}) charges ${chargedIf(held)} and sends nothing again`, async ({
      page,
      request,
    }) => {
      const sessionId = await startWallet(page, 'apple_pay');
      await walletButton(page, t, 'apple_pay').click();
      await reloadDuringPayment(page, request, t, {
        sessionId,
        chargePath: WALLET_PAY,
        alsoPaths: [APPLE_VALIDATE],
        pay: () => sheetButton(page, 'Apple Pay', 'Approve').click(),
        held,
        expected: approved('apple_pay', linePrice(cola)),
      });
      await expect(productInput(page, t, cola.name)).toBeChecked();
    });
});

test.describe('Google Pay (1001): one charge', () => {
  for (const held of HELD)
    test(`a reload while the pay call after Approve is in flight (${held}) charges ${chargedIf(held)} and sends nothing again`, async ({
      page,
      request,
    }) => {
      const sessionId = await startWallet(page, 'google_pay');
      await walletButton(page, t, 'google_pay').click();
      await reloadDuringPayment(page, request, t, {
        sessionId,
        chargePath: WALLET_PAY,
        pay: () => sheetButton(page, 'Google Pay', 'Approve').click(),
        held,
        expected: approved('google_pay', linePrice(cola)),
      });
      await expect(productInput(page, t, cola.name)).toBeChecked();
    });
});

test.describe('Stripe card element (1004): one charge', () => {
  /** Opens 1004, chooses the card element and fills in a good card; answers the session_id and the pay button. */
  async function fillStripe(page: Page) {
    const sessionId = await openPayment(page, 'en', 1004);
    await startMethod(page, t, 'stripe');
    const pay = payAmountButton(page, t, linePrice(carWash));
    await expect(pay).toHaveAttribute('aria-busy', 'false');
    await fillCardElement(page, t, card('4242424242424242'));
    return { sessionId, pay };
  }

  for (const held of HELD)
    test(`a reload while the confirm call after "Pay ₪20.40" is in flight (${held}) charges ${chargedIf(held)} and sends nothing again`, async ({
      page,
      request,
    }) => {
      const { sessionId, pay } = await fillStripe(page);
      await reloadDuringPayment(page, request, t, {
        sessionId,
        chargePath: STRIPE_CONFIRM,
        alsoPaths: [STRIPE_INTENT, STRIPE_PAYMENT_METHOD],
        pay: () => pay.click(),
        held,
        expected: approved('stripe', linePrice(carWash)),
      });
      await expect(page.getByRole('heading', { name: carWash.name, level: 1 })).toBeVisible();
    });
});

test.describe('hosted payment page, Yaad Sarig (1002): one charge', () => {
  const PAY_AJAX = '/v4/api/payment/pay/pay_ajax';
  /** Picks Chocolate on 1002 and chooses card entry, up to its popup; answers the session_id. */
  async function upToPopup(page: Page): Promise<string> {
    const sessionId = await openPayment(page, 'en', 1002, [chocolate.name], 'checkbox');
    await chooseMethod(page, t, 'credit_card');
    await methodContinue(page, t).click();
    await expect(methodPopup(page, t, 'credit_card')).toBeVisible();
    return sessionId;
  }

  const framePay = (page: Page) => hostedPagePayButton(page, t, linePrice(chocolate));

  test('two activations of the popup’s Continue ask for one payment page and charge once', async ({
    page,
    request,
  }) => {
    const sessionId = await upToPopup(page);
    const pageRequests = recordRequests(page, 'GET', PAY_AJAX);
    const frameLoads = recordRequests(page, 'GET', HOSTED_PAGE);
    await clickTwiceAtOnce(page, popupContinue(page, t, 'credit_card'));

    await fillHostedPage(page, t, card());
    await framePay(page).click();
    await expect(successHeading(page, t)).toBeVisible();
    expect(pageRequests).toHaveLength(1);
    expect(frameLoads).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('yaad_sarig', linePrice(chocolate))]);
  });

  for (const held of HELD)
    test(`a reload while the frame's payment is in flight (${held}) charges ${chargedIf(held)} and sends nothing again`, async ({
      page,
      request,
    }) => {
      const sessionId = await upToPopup(page);
      await popupContinue(page, t, 'credit_card').click();
      await fillHostedPage(page, t, card());
      await reloadDuringPayment(page, request, t, {
        sessionId,
        chargePath: HOSTED_PAGE,
        pay: () => framePay(page).click(),
        held,
        expected: approved('yaad_sarig', linePrice(chocolate)),
      });
      await expect(productChoices(page, t)).toBeVisible();
    });
});

test.describe('card scan (1001): one charge', () => {
  const SCANNER_PAGE = /^\/sandbox\/card-scan\/?$/;

  /** Opens 1001 (Cola preselected) and chooses card scan, up to its popup; the session_id. */
  async function upToPopup(page: Page): Promise<string> {
    const sessionId = await openPayment(page, 'en', 1001);
    await chooseMethod(page, t, 'card_scan');
    await methodContinue(page, t).click();
    await expect(methodPopup(page, t, 'card_scan')).toBeVisible();
    return sessionId;
  }

  /** Opens 1001 (Cola preselected) and the scanner; its buttons are enabled once its script runs. */
  async function startScan(page: Page): Promise<string> {
    const sessionId = await upToPopup(page);
    await popupContinue(page, t, 'card_scan').click();
    await expect(scannerButton(page, t, 'approved')).toBeEnabled();
    return sessionId;
  }

  test('two activations of the popup’s Continue open one scanner and charge once', async ({ page, request }) => {
    const sessionId = await upToPopup(page);
    const scannerLoads = recordRequests(page, 'GET', SCANNER_PAGE);
    const chargeCalls = recordRequests(page, 'POST', CARD_SCAN_CHARGE);
    await clickTwiceAtOnce(page, popupContinue(page, t, 'card_scan'));

    await tapScanner(page, t, 'approved');
    await expect(successHeading(page, t)).toBeVisible();
    expect(scannerLoads).toHaveLength(1);
    expect(chargeCalls).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('card_scan', linePrice(cola))]);
  });

  test('the sandbox’s scanner page: a double tap on "Simulate scan: Visa 4580…" posts one charge', async ({
    page,
    request,
  }) => {
    const sessionId = await startScan(page);
    const chargeCalls = recordRequests(page, 'POST', CARD_SCAN_CHARGE);
    await tapScanner(page, t, 'approved', { double: true });

    await expect(successHeading(page, t)).toBeVisible();
    expect(chargeCalls).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('card_scan', linePrice(cola))]);
  });

  for (const held of HELD)
    test(`a reload while the scan's charge is in flight (${held}) charges ${chargedIf(held)} and sends nothing again`, async ({
      page,
      request,
    }) => {
      const sessionId = await startScan(page);
      await reloadDuringPayment(page, request, t, {
        sessionId,
        chargePath: CARD_SCAN_CHARGE,
        pay: () => tapScanner(page, t, 'approved'),
        held,
        expected: approved('card_scan', linePrice(cola)),
      });
      await expect(productInput(page, t, cola.name)).toBeChecked();
    });
});

test.describe('Bit (1001): one charge', () => {
  const BIT_INIT = '/v4/api/payment/pre/bit/init';
  const bitButton = (page: Page, name: 'Approve') => page.getByRole('button', { name, exact: true });

  /** Opens 1001 (Cola preselected) and chooses Bit, up to its popup; the session_id. */
  async function upToPopup(page: Page): Promise<string> {
    const sessionId = await openPayment(page, 'en', 1001);
    await chooseMethod(page, t, 'bit');
    await methodContinue(page, t).click();
    await expect(methodPopup(page, t, 'bit')).toBeVisible();
    return sessionId;
  }

  /** Opens 1001 (Cola preselected), chooses Bit and lands on Bit's page. The session_id. */
  async function goToBit(page: Page): Promise<string> {
    const sessionId = await upToPopup(page);
    await popupContinue(page, t, 'bit').click();
    await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
    await expect(bitButton(page, 'Approve')).toBeEnabled();
    return sessionId;
  }

  test('two activations of the popup’s Continue start one Bit payment and charge once', async ({ page, request }) => {
    const sessionId = await upToPopup(page);
    const inits = recordRequests(page, 'POST', BIT_INIT);
    const bitPosts = recordRequests(page, 'POST', BIT_PAGE);
    await clickTwiceAtOnce(page, popupContinue(page, t, 'bit'));

    await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
    await bitButton(page, 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    expect(inits).toHaveLength(1);
    expect(bitPosts).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('bit', linePrice(cola))]);
  });

  // Bit's init only starts a payment (the payer approves at Bit), so the reload charges nothing either
  // way; what must hold is that the reloaded page neither sends it again nor lets the lost start be
  // charged, and that paying again after it is charged exactly once.
  for (const held of HELD)
    test(`a reload while Bit's init is in flight (${held}) charges nothing and sends nothing again; paying again charges exactly once`, async ({
      page,
      request,
    }) => {
      const sessionId = await upToPopup(page);
      await reloadDuringPayment(page, request, t, {
        sessionId,
        chargePath: BIT_INIT,
        pay: () => popupContinue(page, t, 'bit').click(),
        held,
      });
      await expect(productInput(page, t, cola.name)).toBeChecked();

      const again = await continueToPayment(page, t);
      await chooseMethod(page, t, 'bit');
      await methodContinue(page, t).click();
      await popupContinue(page, t, 'bit').click();
      await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
      await bitButton(page, 'Approve').click();
      await expect(successHeading(page, t)).toBeVisible();
      await expectCharges(request, again, [approved('bit', linePrice(cola))]);
      await expectCharges(request, sessionId, []);
    });

  test("the sandbox's Bit page: a double tap on Approve posts once; the success page", async ({ page, request }) => {
    const sessionId = await goToBit(page);
    const bitPosts = recordRequests(page, 'POST', BIT_PAGE);
    // The sandbox's own page, which the app does not control: its check, not a proof of the app's.
    await bitButton(page, 'Approve').dblclick();

    await expect(successHeading(page, t)).toBeVisible();
    expect(bitPosts).toHaveLength(1);
    await expectCharges(request, sessionId, [approved('bit', linePrice(cola))]);
  });

  test("Back (to Bit's page), Forward and a reload after the success page send nothing to Bit again, and tell the truth (paid) until it is closed; one charge", async ({
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
    // The success page was never closed: the payment is still underway for this browser, so the page
    // asks the operator, which says paid, after Forward and again after a reload.
    await expect(successHeading(page, t)).toBeVisible();
    await page.reload();
    await expect(successHeading(page, t)).toBeVisible();
    await closeDrawer(page, t);
    await page.reload();
    await expect(productChoices(page, t)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(successHeading(page, t)).toHaveCount(0);
    expect(sent.after, 'POSTs to Bit after Back').toEqual([]);
    await expectCharges(request, sessionId, [approved('bit', linePrice(cola))]);
  });
});

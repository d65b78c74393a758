/**
 * requirements.md §4 Google Pay and Apple Pay against the sandbox's wallet stand-ins: the sheet's Approve,
 * Decline and Cancel, the success and failure pages (§2), and one charge per purchase however often
 * the pay button is tapped. Charges are counted per purchase (set_purchase's session_id).
 */
import type { Page, Route } from '@playwright/test';
import {
  clickTwiceAtOnce,
  doubleTap,
  drawer,
  drawerButton,
  enableSandboxApplePay,
  expect,
  expectChargedOnce,
  expectCharges,
  expectFailurePage,
  failureHeading,
  failurePage,
  fill,
  forEachLanguage,
  inEnglish,
  GOOGLE_PAY_CARD,
  type Lang,
  linePrice,
  linesSpannedBy,
  methodList,
  methodRadio,
  openPayment,
  product,
  receiptOfProduct,
  recordRequests,
  sheetButton,
  startMethod,
  startWallet,
  STRIPE_CODE,
  successHeading,
  successPage,
  test,
  type Texts,
  TEXTS,
  WALLET_DECLINED,
  WALLET_PAY,
  walletButton,
  walletSheet,
} from './fixtures';
import { APPLE_PAY_BUTTON } from '../fixtures/wallet-buttons';

const cola = product(1001, 101);
/** The statusMessage the Google Pay stand-in rejects with when the visitor closes its sheet: for developers only. */
const GOOGLE_CANCELED_STATUS_MESSAGE = 'User closed the Payment Request UI.';

const googlePayButton = (page: Page, t: Texts) => walletButton(page, t, 'google_pay');
const applePayButton = (page: Page, t: Texts) => walletButton(page, t, 'apple_pay');

inEnglish('Google Pay (1001)', (lang, t) => {
  test('Decline: the failure page with the server message and the transaction number; one declined charge', async ({
    page,
    request,
  }) => {
    const sessionId = await startWallet(page, lang, 'google_pay');
    await googlePayButton(page, t).click();
    await sheetButton(page, 'Google Pay', 'Decline').click();

    await expect(failureHeading(page, t)).toBeVisible();
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'google_pay', status: 'declined', amount: linePrice(cola) },
    ]);
    const transaction = fill(t.failure.transaction, { id: charge?.id ?? '?' });
    await expectFailurePage(
      page,
      t,
      t.failure.comment,
      t.failure.reasons.declined,
      transaction,
      t.failure.recommendation,
    );
    await expect(failurePage(page, t)).not.toContainText(WALLET_DECLINED);
    await expect(successHeading(page, t)).toHaveCount(0);
  });

  test("Cancel in the sheet: the failure page says the visitor closed it, not Google's developer message; nothing charged", async ({
    page,
    request,
  }) => {
    const sessionId = await startWallet(page, lang, 'google_pay');
    const payCalls = recordRequests(page, 'POST', WALLET_PAY);
    await googlePayButton(page, t).click();
    await sheetButton(page, 'Google Pay', 'Cancel').click();

    await expectFailurePage(page, t, t.failure.comment, t.payment.errors.sheetClosed);
    await expect(failurePage(page, t)).not.toContainText(GOOGLE_CANCELED_STATUS_MESSAGE);
    expect(payCalls).toHaveLength(0);
    await expectCharges(request, sessionId, []);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('Google Pay (1001)', (lang, t) => {
  test('Approve: the success page with the transaction number, the item at its price, the fee, the totals, the method and the time; one approved charge', async ({
    page,
    request,
  }) => {
    const sessionId = await startWallet(page, lang, 'google_pay');
    const startedAt = Date.now();
    await googlePayButton(page, t).click();
    await expect(walletSheet(page, 'Google Pay')).toContainText(`Total: ${linePrice(cola).toFixed(2)} ILS`);
    await sheetButton(page, 'Google Pay', 'Approve').click();

    await expect(successHeading(page, t)).toBeVisible();
    await expect(successHeading(page, t)).toBeFocused();
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'google_pay', status: 'approved', amount: linePrice(cola) },
    ]);
    const success = successPage(page, t);
    await expect(success).toContainText(t.success.text);
    await expect(success).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
    await expect(success).toContainText(receiptOfProduct(t, cola, 'google_pay'));
    await expect(success).toContainText(t.success.date);
    const paidAt = Date.parse((await success.locator('time').getAttribute('datetime')) ?? '');
    expect(paidAt).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(paidAt).toBeLessThanOrEqual(Date.now() + 1000);
    await expect(success.locator('time')).not.toBeEmpty();
    await expect(walletSheet(page, 'Google Pay')).toHaveCount(0);
  });
});

test.describe('Google Pay (1001), once', () => {
  const t = TEXTS.en;

  test('a double tap on Google’s pay button opens one sheet and charges once', async ({ page, request }) => {
    const sessionId = await startWallet(page, 'en', 'google_pay');
    const payCalls = recordRequests(page, 'POST', WALLET_PAY);
    // Google's sheet shows once Google has sent the payer's card: that answer is held until both taps
    // have landed, so the second reaches the app's button whatever the machine's speed, never the sheet.
    const sheetAsked: Route[] = [];
    await page.route(
      (url) => url.pathname === GOOGLE_PAY_CARD,
      (route) => {
        sheetAsked.push(route);
      },
    );
    await doubleTap(page, googlePayButton(page, t));
    await expect.poll(() => sheetAsked.length, { message: "the first tap asked for Google's sheet" }).toBe(1);
    await expect(walletSheet(page, 'Google Pay')).toHaveCount(0);
    for (const route of sheetAsked) await route.fallback();

    await expect(walletSheet(page, 'Google Pay')).toHaveCount(1);
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expect(walletSheet(page, 'Google Pay')).toHaveCount(0);
    await expectChargedOnce(request, sessionId, payCalls, 'google_pay', linePrice(cola));
  });

  test('two activations of Google’s pay button before the page re-renders open one sheet and charge once', async ({
    page,
    request,
  }) => {
    const sessionId = await startWallet(page, 'en', 'google_pay');
    const payCalls = recordRequests(page, 'POST', WALLET_PAY);
    await clickTwiceAtOnce(page, googlePayButton(page, t));

    await expect(walletSheet(page, 'Google Pay')).toHaveCount(1);
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectChargedOnce(request, sessionId, payCalls, 'google_pay', linePrice(cola));
  });

  test("paying with Google Pay on a machine without Stripe never loads Stripe's code", async ({ page }) => {
    const stripeRequests: string[] = [];
    page.on('request', (request) => {
      if (STRIPE_CODE.test(new URL(request.url()).pathname)) stripeRequests.push(request.url());
    });
    await startWallet(page, 'en', 'google_pay');
    await googlePayButton(page, t).click();
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    expect(stripeRequests).toEqual([]);
  });
});

forEachLanguage('Apple Pay (1001, Safari)', (lang, t) => {
  test.beforeEach(async ({ context, baseURL }) => {
    await enableSandboxApplePay(context, baseURL);
  });

  /** Opens 1001, checks Apple Pay is offered (and no notice says otherwise), and starts it. */
  async function startApplePay(page: Page): Promise<string> {
    const sessionId = await openPayment(page, lang, 1001);
    await expect(methodRadio(page, t, 'apple_pay')).toBeVisible();
    await expect(drawer(page, t).getByText(t.methods.applePayNotAvailable)).toHaveCount(0);
    await startMethod(page, t, 'apple_pay');
    await expect(applePayButton(page, t)).toBeVisible();
    return sessionId;
  }

  test('Approve: the success page; one approved charge', async ({ page, request }) => {
    const sessionId = await startApplePay(page);
    const payCalls = recordRequests(page, 'POST', WALLET_PAY);
    await applePayButton(page, t).click();
    // The total is labelled with the merchant's name (1001's apple_pay.displayName), never a product's.
    await expect(walletSheet(page, 'Apple Pay')).toContainText(`Sandbox Vending: ${linePrice(cola).toFixed(2)} ILS`);
    await sheetButton(page, 'Apple Pay', 'Approve').click();

    await expect(successHeading(page, t)).toBeVisible();
    await expect(walletSheet(page, 'Apple Pay')).toHaveCount(0);
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'apple_pay', status: 'approved', amount: linePrice(cola) },
    ]);
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, cola, 'apple_pay'));
    expect(payCalls).toHaveLength(1);
  });

  test('Decline: the failure page with the server message; one declined charge', async ({ page, request }) => {
    const sessionId = await startApplePay(page);
    await applePayButton(page, t).click();
    await sheetButton(page, 'Apple Pay', 'Decline').click();

    await expectFailurePage(page, t, t.failure.comment, t.failure.reasons.declined);
    await expect(walletSheet(page, 'Apple Pay')).toHaveCount(0);
    await expectCharges(request, sessionId, [{ method: 'apple_pay', status: 'declined', amount: linePrice(cola) }]);
  });

  test('Cancel: back to the Apple Pay step with nothing charged, and the button works again', async ({
    page,
    request,
  }) => {
    const sessionId = await startApplePay(page);
    const payCalls = recordRequests(page, 'POST', WALLET_PAY);
    await applePayButton(page, t).click();
    // Cancel once the merchant is validated (the sheet's buttons are enabled then).
    await expect(sheetButton(page, 'Apple Pay', 'Approve')).toBeEnabled();
    await sheetButton(page, 'Apple Pay', 'Cancel').click();

    await expect(walletSheet(page, 'Apple Pay')).toHaveCount(0);
    await expect(drawer(page, t).getByText(t.payment.applePay.instructions)).toBeVisible();
    await expect(applePayButton(page, t)).toBeVisible();
    await expect(failureHeading(page, t)).toHaveCount(0);
    await expect(methodList(page, t)).toHaveCount(0);
    expect(payCalls).toHaveLength(0);
    await expectCharges(request, sessionId, []);

    await applePayButton(page, t).click();
    await sheetButton(page, 'Apple Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectChargedOnce(request, sessionId, payCalls, 'apple_pay', linePrice(cola));
  });
});

inEnglish('Apple Pay (1001, Safari): the session inside the tap', (lang, t) => {
  test.beforeEach(async ({ context, baseURL }) => {
    await enableSandboxApplePay(context, baseURL);
  });

  test('the stand-in refuses a session created outside a tap, as Safari does; the app’s tap opens the sheet', async ({
    page,
  }) => {
    await openPayment(page, lang, 1001);
    // The scenario first: outside a user gesture, Safari's constructor throws InvalidAccessError.
    const outsideTap = await page.evaluate(() => {
      const Session = (window as unknown as { ApplePaySession: new (version: number, request: object) => unknown })
        .ApplePaySession;
      const request = {
        countryCode: 'IL',
        currencyCode: 'ILS',
        supportedNetworks: ['visa'],
        merchantCapabilities: ['supports3DS'],
        total: { label: 'Test', amount: '1.00' },
      };
      try {
        new Session(1, request);
        return 'created';
      } catch (error) {
        return error instanceof DOMException ? error.name : String(error);
      }
    });
    expect(outsideTap).toBe('InvalidAccessError');

    // The app loads Apple Pay's code before the button is offered, so its first tap creates the session.
    await startMethod(page, t, 'apple_pay');
    await applePayButton(page, t).click();
    await expect(walletSheet(page, 'Apple Pay')).toBeVisible();
    await sheetButton(page, 'Apple Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
  });
});

/** Apple's button takes ApplePayButtonLocale values ("ll-CC", Apple's list): the one for each page language. */
const APPLE_BUTTON_LOCALE: Record<Lang, string> = { en: 'en-US', he: 'he-IL' };

forEachLanguage("the wallets' own buttons", (lang, t) => {
  test("Google Pay's button is the element PaymentsClient.createButton made, in the page's language, filling its place", async ({
    page,
  }) => {
    // Records every createButton call of pay.js (the stand-in here): its options and the element it answered.
    await page.addInitScript(() => {
      type Client = { prototype: { createButton: (options: object) => Element } };
      const calls: { options: object; element: Element }[] = [];
      let payments: { api: { PaymentsClient: Client } } | undefined;
      const google = {};
      Object.defineProperty(google, 'payments', {
        get: () => payments,
        set: (value: typeof payments) => {
          const prototype = value?.api.PaymentsClient.prototype;
          const createButton = prototype?.createButton;
          if (prototype && createButton) {
            prototype.createButton = function (this: unknown, options: object) {
              const element = createButton.call(this, options);
              calls.push({ options, element });
              return element;
            };
          }
          payments = value;
        },
      });
      Object.assign(window, { google, createdButtons: calls });
    });
    await startWallet(page, lang, 'google_pay');

    const created = await googlePayButton(page, t).evaluate((button) => {
      const calls = (window as unknown as { createdButtons: { options: object; element: Element }[] }).createdButtons;
      return {
        calls: calls.length,
        options: calls.map(({ options }) => JSON.parse(JSON.stringify(options)) as object),
        isTheCreatedOne: calls.some(({ element }) => element.contains(button)),
      };
    });
    expect(created.isTheCreatedOne).toBe(true);
    expect(created.options.at(-1)).toEqual({
      buttonColor: 'black',
      buttonType: 'pay',
      buttonSizeMode: 'fill',
      buttonLocale: lang,
    });
    // Nothing else in the step claims to be the pay button.
    await expect(drawer(page, t).getByRole('button', { name: /google pay|gpay/i })).toHaveCount(1);
  });

  test("Apple Pay's button is Apple's <apple-pay-button> in the page's language", async ({
    page,
    context,
    baseURL,
  }) => {
    await enableSandboxApplePay(context, baseURL);
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'apple_pay');
    const button = drawerButton(page, t, APPLE_PAY_BUTTON);
    await expect(button).toBeVisible();
    const host = await button.evaluate((element) => {
      const root = element.getRootNode();
      const apple = root instanceof ShadowRoot ? root.host : element;
      return {
        element: apple.localName,
        buttonstyle: apple.getAttribute('buttonstyle'),
        type: apple.getAttribute('type'),
        locale: apple.getAttribute('locale'),
      };
    });
    expect(host).toEqual({
      element: 'apple-pay-button',
      buttonstyle: 'black',
      type: 'pay',
      locale: APPLE_BUTTON_LOCALE[lang],
    });
  });

  // design.md §5.4: "Google / Pay" on two lines reads as two things; in Hebrew the sentence's end came at the space.
  const WALLET_NAMES = [
    { method: 'google_pay', name: /Google\sPay/, instructions: t.payment.googlePay.instructions },
    { method: 'apple_pay', name: /Apple\sPay/, instructions: t.payment.applePay.instructions },
  ] as const;
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 320, height: 568 },
  ]) {
    for (const { method, name, instructions } of WALLET_NAMES) {
      test(`${method}: the wallet's name stays whole on its line in the step's instructions (${viewport.width} px)`, async ({
        page,
        context,
        baseURL,
      }) => {
        await page.setViewportSize(viewport);
        await enableSandboxApplePay(context, baseURL);
        await openPayment(page, lang, 1001);
        await startMethod(page, t, method);
        const said = drawer(page, t).getByText(instructions);
        await expect(said).toBeVisible();
        expect(await linesSpannedBy(said, name)).toBe(1);
      });
    }
  }
});

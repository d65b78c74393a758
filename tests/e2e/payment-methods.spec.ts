/**
 * requirements.md §2 payment method selection, the explanatory popups and §4 SELECT_PAYMENT_METHOD ->
 * INIT_METHOD_PENDING.
 */
import type { Page } from '@playwright/test';
import {
  chooseMethod,
  continueButton,
  drawer,
  expect,
  expectSheetSettled,
  forEachLanguage,
  holdRequests,
  inEnglish,
  methodContinue,
  methodList,
  methodRadio,
  openMachine,
  product,
  productChoices,
  productInput,
  SET_PURCHASE,
  settled,
  test,
  type Texts,
} from './fixtures';

type Method = keyof Texts['methods']['names'];

async function openMethods(
  page: Page,
  lang: 'en' | 'he',
  t: Texts,
  machineId: number,
  productName?: string,
): Promise<void> {
  await openMachine(page, lang, machineId);
  if (productName) await productInput(page, t, productName).check();
  await continueButton(page, t).click();
  await expect(methodList(page, t)).toBeVisible();
  await expectSheetSettled(page, t);
}

/** The options in order, and which one the list opened with (the phone's likely wallet, or none). */
async function expectMethods(page: Page, t: Texts, methods: Method[], chosen?: Method): Promise<void> {
  const radios = methodList(page, t).getByRole('radio');
  await expect(radios).toHaveCount(methods.length);
  for (const [index, method] of methods.entries()) {
    await expect(radios.nth(index)).toHaveAccessibleName(t.methods.names[method]);
    if (method === chosen) await expect(radios.nth(index)).toBeChecked();
    else await expect(radios.nth(index)).not.toBeChecked();
  }
}

/** Google's side of the Google Pay stand-in: its isReadyToPay answer for this browser. */
const GOOGLE_PAY_READY = '/sandbox/google-pay/ready';

/** Safari's ApplePaySession, saying whether this device can pay with Apple Pay. */
async function withApplePaySession(page: Page, canPay: boolean): Promise<void> {
  await page.addInitScript((can) => {
    // A constructor, as Safari's is.
    (window as unknown as { ApplePaySession: unknown }).ApplePaySession = Object.assign(function ApplePaySession() {}, {
      canMakePayments: () => can,
    });
  }, canPay);
}

/** Continue with nothing chosen is dimmed and does nothing. */
async function expectContinueWaits(page: Page, t: Texts): Promise<void> {
  await expect(methodContinue(page, t)).toHaveAttribute('aria-disabled', 'true');
  // Forced past the dimmed look, so only once the sheet has slid up: mid-slide its foot is below the screen.
  await expectSheetSettled(page, t);
  await methodContinue(page, t).click({ force: true });
  await settled(page);
  await expect(pending(page)).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(methodList(page, t)).toBeVisible();
}

const pending = (page: Page) => page.getByTestId('method-pending');

inEnglish('payment methods', (lang, t) => {
  test('1004 (STRIP) offers the card element, not card entry or scan; off Safari, nothing is said of Apple Pay', async ({
    page,
  }) => {
    await openMethods(page, lang, t, 1004);
    await expectMethods(page, t, ['google_pay', 'stripe'], 'google_pay');
    await expect(methodRadio(page, t, 'credit_card')).toHaveCount(0);
    await expect(methodRadio(page, t, 'card_scan')).toHaveCount(0);
    await expect(drawer(page, t).getByText(t.methods.applePayNotAvailable)).toHaveCount(0);
  });

  test('1009 offers Google Pay, card entry and scan, but no Bit', async ({ page }) => {
    await openMethods(page, lang, t, 1009, product(1009, 901).name);
    await expectMethods(page, t, ['google_pay', 'credit_card', 'card_scan'], 'google_pay');
    await expect(methodRadio(page, t, 'bit')).toHaveCount(0);
    // 1009 has no Apple Pay configuration at all, so there is nothing to say about it.
    await expect(drawer(page, t).getByText(t.methods.applePayNotAvailable)).toHaveCount(0);
  });

  test('where Apple Pay can pay, the Apple Pay option shows, chosen, and the notice does not', async ({ page }) => {
    await withApplePaySession(page, true);
    await openMethods(page, lang, t, 1001);
    await expectMethods(page, t, ['google_pay', 'apple_pay', 'credit_card', 'card_scan', 'bit'], 'apple_pay');
    await expect(drawer(page, t).getByText(t.methods.applePayNotAvailable)).toHaveCount(0);
    // A row like the others (its mark beside its name), not a black imitation of Apple's button: Apple's HIG.
    const row = (method: Method) =>
      methodList(page, t).locator('label', {
        has: page.getByRole('radio', { name: t.methods.names[method], exact: true }),
      });
    const look = (method: Method) =>
      row(method).evaluate((label) => {
        const { backgroundColor, color } = getComputedStyle(label);
        return { backgroundColor, color };
      });
    expect(await look('apple_pay')).toEqual(await look('google_pay'));
  });

  test("a Safari that cannot pay with Apple Pay is told so (requirements.md §2's notice); Google Pay is chosen", async ({
    page,
  }) => {
    await withApplePaySession(page, false);
    await openMethods(page, lang, t, 1001);
    await expectMethods(page, t, ['google_pay', 'credit_card', 'card_scan', 'bit'], 'google_pay');
    await expect(drawer(page, t).getByText(t.methods.applePayNotAvailable)).toBeVisible();
  });

  test('where Google says this browser cannot pay, Google Pay is not offered and nothing is chosen', async ({
    page,
  }) => {
    await page.route(
      (url) => url.pathname === GOOGLE_PAY_READY,
      (route) => route.fulfill({ json: { result: false } }),
    );
    await openMethods(page, lang, t, 1001);
    await expectMethods(page, t, ['credit_card', 'card_scan', 'bit']);
    await expectContinueWaits(page, t);
  });

  test('a busy Continue keeps the primary colour and turns its wheel, not the grey of a button that cannot be used', async ({
    page,
  }) => {
    // set_purchase is held: the product page's Continue stays busy until it is let through.
    const release = await holdRequests(page, SET_PURCHASE);
    await openMachine(page, lang, 1001);
    await continueButton(page, t).click();
    const waiting = page.getByRole('button', { name: t.purchase.submitting, exact: true });
    await expect(waiting).toHaveAttribute('aria-busy', 'true');
    await expect(waiting).toHaveCSS('background-color', 'rgb(11, 92, 171)'); // the brand's #0b5cab
    await expect(waiting.locator('.spinner__wheel')).toHaveCSS('animation-name', 'spin');
    release();
    await expect(methodList(page, t)).toBeVisible();
  });

  test("Google's answer failing, or never coming, opens the list without Google Pay", async ({ page }) => {
    let asked = 0;
    // The first check fails; the second is never answered, and the list opens once the app stops waiting.
    await page.route(
      (url) => url.pathname === GOOGLE_PAY_READY,
      (route) => {
        asked += 1;
        return asked === 1 ? route.fulfill({ status: 500 }) : new Promise<void>(() => {});
      },
    );
    await openMethods(page, lang, t, 1001);
    await expectMethods(page, t, ['credit_card', 'card_scan', 'bit']);

    await drawer(page, t).getByRole('button', { name: t.drawer.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await continueButton(page, t).click();
    await expect.poll(() => asked).toBe(2);
    // While Google is asked, the product page's Continue says to wait.
    await expect(page.getByRole('button', { name: t.purchase.submitting, exact: true })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(methodList(page, t)).toBeVisible();
    await expectMethods(page, t, ['credit_card', 'card_scan', 'bit']);
    await expectContinueWaits(page, t);
  });

  test('Google Pay + Continue goes straight to the pending step; closing returns to product selection', async ({
    page,
  }) => {
    await openMethods(page, lang, t, 1001);
    await chooseMethod(page, t, 'google_pay');
    await methodContinue(page, t).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(pending(page)).toBeVisible();
    await expect(drawer(page, t).getByRole('heading', { name: t.methods.names.google_pay })).toBeVisible();

    await drawer(page, t).getByRole('button', { name: t.drawer.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(productChoices(page, t)).toBeVisible();
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');
  });

  // After the popup, card entry and card scan show their step in the drawer; Bit leaves for Bit's page.
  const popups = [
    {
      method: 'credit_card',
      title: t.popup.credit_card.title,
      text: t.popup.credit_card.text,
      step: t.payment.card.title,
    },
    {
      method: 'card_scan',
      title: t.popup.card_scan.title,
      text: t.popup.card_scan.text,
      step: t.payment.cardScan.title,
    },
    { method: 'bit', title: t.popup.bit.title, text: t.popup.bit.text, step: undefined },
  ] as const;

  for (const { method, title, text, step } of popups) {
    test(`${t.methods.names[method]}: the "${title}" popup, Cancel keeps the choice, Continue goes to the pending step`, async ({
      page,
    }) => {
      await openMethods(page, lang, t, 1001);
      await chooseMethod(page, t, method);
      await methodContinue(page, t).click();

      const popup = drawer(page, t).getByRole('alertdialog', { name: title });
      await expect(popup).toBeVisible();
      await expect(popup).toHaveAttribute('aria-modal', 'true');
      await expect(popup).toHaveAccessibleDescription(text);
      await expect(pending(page)).toHaveCount(0);

      await popup.getByRole('button', { name: t.popup.cancel }).click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(methodList(page, t)).toBeVisible();
      await expect(methodRadio(page, t, method)).toBeChecked();

      await methodContinue(page, t).click();
      await expect(popup).toBeVisible();
      await popup.getByRole('button', { name: t.popup.continue }).click();
      if (step === undefined) {
        await expect(page).toHaveURL(/\/sandbox\/bit\/pay\?/);
        return;
      }
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(pending(page)).toBeVisible();
      await expect(drawer(page, t).getByRole('heading', { name: step })).toBeVisible();

      await drawer(page, t).getByRole('button', { name: t.drawer.close }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(productChoices(page, t)).toBeVisible();
    });
  }
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('payment methods', (lang, t) => {
  test('1001 (TRANZILA) offers Google Pay (chosen), card entry, card scan and Bit; selecting checks one at a time', async ({
    page,
  }) => {
    await openMethods(page, lang, t, 1001);
    await expectMethods(page, t, ['google_pay', 'credit_card', 'card_scan', 'bit'], 'google_pay');
    await expect(methodContinue(page, t)).toHaveAttribute('aria-disabled', 'false');

    await chooseMethod(page, t, 'bit');
    await expect(methodRadio(page, t, 'bit')).toBeChecked();
    await expect(methodRadio(page, t, 'google_pay')).not.toBeChecked();
    await chooseMethod(page, t, 'google_pay');
    await expect(methodRadio(page, t, 'google_pay')).toBeChecked();
    await expect(methodRadio(page, t, 'bit')).not.toBeChecked();
    await expect(methodContinue(page, t)).toHaveAttribute('aria-disabled', 'false');
  });
});

/**
 * `npm run screenshots`: drives the real app against the sandbox, in en and he, to the screens of
 * the main states (./shots.ts) and saves each one, clipped to the 390×844 viewport, under
 * visualizations/screens/. Not part of `npm test`: these are the designers' pictures, not checks;
 * each still waits for what the screen must show, so that a picture never shows the wrong state.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import customEn from '../../locales/custom/en.json' with { type: 'json' };
import customHe from '../../locales/custom/he.json' with { type: 'json' };
import vacuumEn from '../../locales/vacuum/en.json' with { type: 'json' };
import vacuumHe from '../../locales/vacuum/he.json' with { type: 'json' };
import wsEn from '../../locales/wheelshare/en.json' with { type: 'json' };
import wsHe from '../../locales/wheelshare/he.json' with { type: 'json' };
import { rentalPrice } from '../../machines/wheelshare/rental-rules';
import {
  continueButton,
  drawer,
  enableSandboxApplePay,
  drawerButton,
  expect,
  expectSheetSettled,
  failureHeading,
  fill,
  forEachLanguage,
  type Lang,
  MENU_GET,
  methodContinue,
  money,
  chooseMethod,
  openMachine,
  openPay,
  openPayment,
  SET_PURCHASE,
  sheetButton,
  startMethod,
  successHeading,
  test,
  type Texts,
  walletSheet,
  hostedField,
  linePrice,
  payAmountButton,
  product,
  scannerButton,
  VIEWPORT_HEIGHT,
} from '../e2e/fixtures';
import { SCREENS_DIR, SHOTS, shotFile, type Shot } from './shots';

async function capture(page: Page, lang: Lang, shot: Shot): Promise<void> {
  const path = join(SCREENS_DIR, shotFile(shot, lang));
  mkdirSync(dirname(path), { recursive: true });
  // CSS pixels (not the phone's device pixels) and no caret keep the files small and stable.
  await page.screenshot({ path, scale: 'css', caret: 'hide', animations: 'disabled' });
}

/** Holds a request until `release()`: the screen waiting for it can be photographed. */
async function holdRequests(page: Page, url: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/** The page opens at 10:00 local time on a fixed day, so the time pickers never show the clock. */
async function fixTheClock(page: Page): Promise<void> {
  await page.clock.setFixedTime(new Date(2031, 2, 10, 10, 0));
}

/** A bottom sheet other than the payment drawer (expectSheetSettled) has slid up: it sits on the bottom edge. */
async function expectOnBottomEdge(sheet: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.abs(box.y + box.height - VIEWPORT_HEIGHT) <= 1 : false;
    })
    .toBe(true);
}

/** Every picture in `area` has loaded. */
async function expectPicturesLoaded(area: Locator): Promise<void> {
  await expect
    .poll(() =>
      area
        .locator('img')
        .evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth > 0)),
    )
    .toBe(true);
}

const alert = (page: Page) => page.getByRole('alert');
const googlePayButton = (page: Page, t: Texts) => drawerButton(page, t, t.payment.googlePay.button);
const applePayButton = (page: Page, t: Texts) => drawerButton(page, t, t.payment.applePay.button);
const keypadKey = (page: Page, t: Texts, name: string) =>
  page.getByRole('group', { name: t.amount.keypad }).getByRole('button', { name, exact: true });

forEachLanguage('screens of /pay', (lang, t) => {
  test('the menu: loading, not found, not active, unavailable', async ({ page }) => {
    const release = await holdRequests(page, MENU_GET);
    await page.goto('/pay?machine_id=1001');
    await expect(page.getByRole('status', { name: t.app.loading })).toBeVisible();
    await capture(page, lang, SHOTS.loadingMenu);
    release();
    await expect(continueButton(page, t)).toBeVisible();
    await page.unroute(MENU_GET);

    await openPay(page, lang, 'machine_id=999999');
    await expect(alert(page)).toContainText(t.machine.notFound);
    await capture(page, lang, SHOTS.machineNotFound);

    await openPay(page, lang, 'machine_id=1007');
    await expect(alert(page)).toContainText(t.machine.notActive);
    await capture(page, lang, SHOTS.machineNotActive);

    await page.route(MENU_GET, (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await openPay(page, lang, 'machine_id=1001');
    await expect(alert(page)).toContainText(t.machine.unavailable);
    await capture(page, lang, SHOTS.menuUnavailable);
  });

  test('the product views', async ({ page }) => {
    const views = [
      [1001, SHOTS.list],
      [1002, SHOTS.gridMulti],
      [1003, SHOTS.gridSingle],
      [1004, SHOTS.single],
      [1005, SHOTS.quantity],
      [1006, SHOTS.priceInput],
    ] as const;
    for (const [machineId, shot] of views) {
      await openMachine(page, lang, machineId);
      await capture(page, lang, shot);
    }
  });

  test('the amount keypad (1006)', async ({ page }) => {
    await openMachine(page, lang, 1006);
    // Continue is dimmed at 0; Enter confirms, as the keypad spec does
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(fill(t.amount.minimum, { amount: money(0.01) }));
    await capture(page, lang, SHOTS.amountBelowMinimum);
    for (const key of ['1', '2', t.amount.decimalPoint, '5']) await keypadKey(page, t, key).click();
    await expect(page.getByRole('status', { name: t.amount.label })).toHaveText('₪12.5');
    await capture(page, lang, SHOTS.amountPositive);
  });

  test('submitting, choosing and explaining a method', async ({ page }) => {
    await openMachine(page, lang, 1001);
    const release = await holdRequests(page, SET_PURCHASE);
    await continueButton(page, t).click();
    await expect(page.getByText(t.purchase.submitting)).toBeVisible();
    await capture(page, lang, SHOTS.submitting);
    release();
    await expectSheetSettled(page, t);
    await capture(page, lang, SHOTS.choosingMethod);

    for (const [method, shot] of [
      ['credit_card', SHOTS.explainingCard],
      ['bit', SHOTS.explainingBit],
    ] as const) {
      await chooseMethod(page, t, method);
      await methodContinue(page, t).click();
      const popup = drawer(page, t).getByRole('alertdialog', { name: t.popup[method].title });
      await expect(popup).toBeVisible();
      await capture(page, lang, shot);
      await popup.getByRole('button', { name: t.popup.cancel, exact: true }).click();
      await expect(popup).toHaveCount(0);
    }
  });

  test('card fields (Tranzila)', async ({ page }) => {
    await openPayment(page, lang, 1001);
    await expectSheetSettled(page, t);
    await startMethod(page, t, 'credit_card');
    await expect(hostedField(page, 'number')).toBeVisible();
    await capture(page, lang, SHOTS.cardFields);
  });

  test('Google Pay: the button, the sheet, success and the latest purchase', async ({ page }) => {
    await openPayment(page, lang, 1001);
    await expectSheetSettled(page, t);
    await startMethod(page, t, 'google_pay');
    await expect(googlePayButton(page, t)).toBeVisible();
    await capture(page, lang, SHOTS.googlePay);
    await googlePayButton(page, t).click();
    await expect(walletSheet(page, 'Google Pay')).toBeVisible();
    await capture(page, lang, SHOTS.googlePaySheet);
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await capture(page, lang, SHOTS.success);
    await drawerButton(page, t, t.success.seeLatest).click();
    await expect(drawerButton(page, t, t.success.hideLatest)).toBeVisible();
    await capture(page, lang, SHOTS.latestPurchase);
  });

  test('Google Pay declined: the failure page', async ({ page }) => {
    await openPayment(page, lang, 1001);
    await expectSheetSettled(page, t);
    await startMethod(page, t, 'google_pay');
    await googlePayButton(page, t).click();
    await sheetButton(page, 'Google Pay', 'Decline').click();
    await expect(failureHeading(page, t)).toBeVisible();
    await capture(page, lang, SHOTS.failure);
  });

  test('/debug_vars', async ({ page }) => {
    await page.goto('/debug_vars');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await capture(page, lang, SHOTS.debugVars);
  });
});

forEachLanguage('screens of the splash', (lang) => {
  test.use({ skipSplash: false });

  test('the two slides', async ({ page }) => {
    await page.goto('/pay?machine_id=1001');
    await expect(page.getByTestId('splash-colour')).toBeVisible();
    await capture(page, lang, SHOTS.splashColour);
    await expect(page.getByTestId('splash-white')).toBeVisible();
    await capture(page, lang, SHOTS.splashWhite);
  });
});

forEachLanguage('screens of the payment methods', (lang, t) => {
  test('the hosted page (1002): the loader, then the page', async ({ page }) => {
    const chocolate = product(1002, 204);
    const release = await holdRequests(page, '**/sandbox/hosted-page/pay**');
    await openPayment(page, lang, 1002, [chocolate.name], 'checkbox');
    await startMethod(page, t, 'credit_card');
    await expect(drawer(page, t).getByRole('status', { name: t.payment.hostedPage.loading })).toBeVisible();
    await capture(page, lang, SHOTS.hostedPageLoading);
    release();
    const frame = page.frameLocator(`iframe[title="${t.payment.hostedPage.title}"]`);
    await expect(frame.getByRole('button', { name: `Pay ${money(linePrice(chocolate))}`, exact: true })).toBeVisible();
    await capture(page, lang, SHOTS.hostedPage);
  });

  test('the Stripe card element (1004)', async ({ page }) => {
    await openPayment(page, lang, 1004);
    await startMethod(page, t, 'stripe');
    await expect(drawer(page, t).getByRole('textbox', { name: 'Card number', exact: true })).toBeEditable();
    await expect(payAmountButton(page, t, linePrice(product(1004, 401)))).toHaveAttribute('aria-busy', 'false');
    await capture(page, lang, SHOTS.stripe);
  });

  test('the card scanner', async ({ page }) => {
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'card_scan');
    await expect(drawer(page, t).getByRole('heading', { name: t.payment.cardScan.title })).toBeVisible();
    await expect(scannerButton(page, t, 'approved')).toBeEnabled();
    await capture(page, lang, SHOTS.cardScan);
  });

  test('Bit: on the way to Bit', async ({ page }) => {
    // Bit's code, loaded when Bit starts, is held: the drawer waits in Redirecting (once it runs, the page leaves)
    const release = await holdRequests(page, '**/assets/bit-*.js');
    const loading = page.waitForRequest((request) => /\/assets\/bit-[^/]*\.js$/.test(new URL(request.url()).pathname));
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'bit');
    await loading;
    await capture(page, lang, SHOTS.bit);
    release();
  });

  test('Apple Pay (Safari): the button and the sheet', async ({ page, context, baseURL }) => {
    await enableSandboxApplePay(context, baseURL);
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'apple_pay');
    await expect(applePayButton(page, t)).toBeVisible();
    await capture(page, lang, SHOTS.applePay);
    await applePayButton(page, t).click();
    // the sandbox's sheet enables its buttons once the merchant is validated
    await expect(sheetButton(page, 'Apple Pay', 'Approve')).toBeEnabled();
    await capture(page, lang, SHOTS.applePaySheet);
  });
});

forEachLanguage('screens of the payment links', (lang, t) => {
  const custom = { en: customEn, he: customHe }[lang];

  test('/customPaymentIframe: the product stage and a link with bad values', async ({ page }) => {
    await page.goto('/customPaymentIframe?machineId=1001&totalPrice=7.50&info=Wheelchair+rental');
    await expect(page.getByRole('heading', { level: 1, name: 'Wheelchair rental' })).toBeVisible();
    await expect(continueButton(page, t)).toBeVisible();
    await capture(page, lang, SHOTS.paymentLink);
  });

  test('/genPaymentIntend: turned down, failed, refused', async ({ page }) => {
    await page.goto('/genPaymentIntend?machine_id=999999&amount=7.5');
    await expect(alert(page)).toContainText(custom.intent.rejected);
    await capture(page, lang, SHOTS.intentRejected);

    const getIframe = '**/v4/api/merchants/custom/get_iframe**';
    await page.route(getIframe, (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await page.goto('/genPaymentIntend?machine_id=1001&amount=7.5&info=Parking');
    await expect(alert(page).getByRole('button', { name: t.machine.retry })).toBeVisible();
    await capture(page, lang, SHOTS.intentFailed);

    await page.unroute(getIframe);
    await page.route(getIframe, (route) =>
      route.fulfill({ json: { iframe_url: 'javascript:alert(1)', payment: { visitor_uuid: 'visitor-evil' } } }),
    );
    await page.goto('/genPaymentIntend?machine_id=1001&amount=7.5&info=Parking');
    await expect(alert(page)).toContainText(t.payment.errors.internal);
    await expect(alert(page).getByRole('button', { name: t.machine.retry })).toBeVisible();
    await capture(page, lang, SHOTS.intentRefused);
  });
});

forEachLanguage('screens of /vacuum (1008)', (lang, t) => {
  const v = { en: vacuumEn, he: vacuumHe }[lang];
  test('the grid, the loyalty offer, signing up, joined, the time drawer', async ({ page }) => {
    const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
    await fixTheClock(page);
    await page.goto('/vacuum?machine_id=1008');
    const grid = page.getByRole('group', { name: v.grid.title });
    await expect(grid.getByRole('radio')).toHaveCount(2);
    await expectPicturesLoaded(grid);
    await capture(page, lang, SHOTS.vacuumProducts);

    await grid.getByRole('radio', { name: product(1008, 801).name, exact: true }).check({ force: true });
    await continueButton(page, t).click();
    await expect(dialog(v.offer.title).getByRole('heading', { name: v.offer.title })).toBeFocused();
    await capture(page, lang, SHOTS.loyaltyOffered);

    await dialog(v.offer.title).getByRole('button', { name: v.offer.join, exact: true }).click();
    const field = dialog(v.signup.title).getByRole('textbox', { name: v.signup.contact, exact: true });
    await expect(field).toBeVisible();
    await capture(page, lang, SHOTS.loyaltySigningUp);
    await field.fill('050-123');
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription(`${v.signup.invalid} ${v.signup.hint}`);
    await capture(page, lang, SHOTS.loyaltyInvalidContact);

    await field.fill('dana@example.com');
    await field.press('Enter');
    await expect(dialog(v.joined.title).getByRole('heading', { name: v.joined.title })).toBeFocused();
    await capture(page, lang, SHOTS.loyaltyJoined);

    await dialog(v.joined.title).getByRole('button', { name: v.joined.continue, exact: true }).click();
    const times = dialog(v.time.title);
    const end = times.getByLabel(v.time.end, { exact: true });
    await end.fill('11:30');
    // no selection highlight in the picture
    await end.blur();
    await expect(times).toContainText(money(18));
    await expectOnBottomEdge(times);
    await capture(page, lang, SHOTS.vacuumTime);
  });
});

/** The visitor pays the rental on their phone: the sandbox's wallet contract, as tests/e2e/wheelshare.spec.ts does. */
async function payOnPhone(request: APIRequestContext, sessionId: string): Promise<void> {
  const response = await request.post('/v4/api/payment/pay/wallet?machine_id=15&payment_method=google_pay', {
    headers: { 'session-uuid': sessionId },
    data: {
      paymentData: { paymentMethodData: { tokenizationData: { token: 'approve' } } },
      amount: rentalPrice('hourly', 60).amount.toFixed(2),
      currencyCode: 'ILS',
    },
  });
  expect(((await response.json()) as { status: number }).status).toBe(0);
}

forEachLanguage('screens of /wheelshare', (lang) => {
  const ws = { en: wsEn, he: wsHe }[lang];
  /** Fixed numbers, one per language and screen, so that the QR code stays the same from run to run. */
  const phone = (screen: number) => `05${lang === 'he' ? 8 : 7}9900${screen}00`;
  const phoneField = (page: Page) => page.getByRole('textbox', { name: ws.form.phone });
  const qrCode = (page: Page) => page.getByRole('img', { name: ws.pay.qrLabel });

  async function openStation(page: Page): Promise<void> {
    await fixTheClock(page);
    await page.goto('/wheelshare');
    await expect(page.getByRole('heading', { level: 1, name: ws.title })).toBeVisible();
  }

  /** Rents for an hour from 10:00; answers the rental's session_id once the QR code shows. */
  async function rent(page: Page, number: string): Promise<string> {
    await phoneField(page).fill(number);
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/v4/api/merchants/wheelshare/set_purchase' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: ws.form.submitRent }).click();
    const { session_id: sessionId } = (await (await answered).json()) as { session_id: string };
    await expect(qrCode(page)).toBeVisible();
    return sessionId;
  }

  async function returnRental(page: Page, number: string): Promise<void> {
    await page.getByRole('radio', { name: ws.form.return }).check();
    await phoneField(page).fill(number);
    await page.getByRole('button', { name: ws.form.submitReturn }).click();
  }

  test('the form, a phone error and the QR code', async ({ page }) => {
    await openStation(page);
    await expect(page.getByText(ws.form.estimate)).toBeVisible();
    await capture(page, lang, SHOTS.stationForm);

    await phoneField(page).fill('12345');
    await page.getByRole('button', { name: ws.form.submitRent }).click();
    await expect(page.getByRole('alert')).toHaveText(ws.form.phoneInvalid);
    await capture(page, lang, SHOTS.stationPhoneError);

    await rent(page, phone(1));
    await expect(page.getByRole('status')).toHaveText(ws.pay.waiting);
    await capture(page, lang, SHOTS.stationQr);
  });

  test('paid on the phone, then returned', async ({ page, request }) => {
    const number = phone(2);
    await openStation(page);
    await payOnPhone(request, await rent(page, number));
    await expect(page.getByRole('heading', { name: ws.done.heading })).toBeFocused();
    await capture(page, lang, SHOTS.stationDone);

    await page.getByRole('button', { name: ws.done.next }).click();
    await returnRental(page, number);
    await expect(page.getByRole('heading', { name: ws.returned.heading })).toBeVisible();
    await capture(page, lang, SHOTS.stationReturned);
  });

  test('a return without a rental', async ({ page }) => {
    await openStation(page);
    await returnRental(page, phone(3));
    await expect(alert(page).getByRole('heading', { name: ws.failure.returnHeading })).toBeVisible();
    await expect(alert(page)).toContainText('No active rental for this phone number');
    await capture(page, lang, SHOTS.stationReturnFailed);
  });
});

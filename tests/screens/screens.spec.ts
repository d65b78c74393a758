/**
 * `npm run screenshots`: drives the real app against the sandbox, in en and he, to the screens of
 * the main states (./shots.ts) and saves each one, clipped to the 390×844 viewport, under
 * visualizations/screens/. Not part of `npm test`: these are the designers' pictures, not checks;
 * each still waits for what the screen must show, so that a picture never shows the wrong state.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  continueButton,
  drawer,
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

const alert = (page: Page) => page.getByRole('alert');
const googlePayButton = (page: Page, t: Texts) => drawerButton(page, t, t.payment.googlePay.button);
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

/**
 * A visitor's journey through the production server: the app from Caddy, the operator's API (the sandbox)
 * on an origin of its own, the wallet's stand-in on another. /pay list → Google Pay → success, one charge, in
 * English and in Hebrew (right to left, its texts fetched from the server as a chunk of their own).
 */
import { request as newRequest } from '@playwright/test';
import {
  drawerButton,
  expect,
  expectCharges,
  forEachLanguage,
  linePrice,
  openPayment,
  product,
  sheetButton,
  startMethod,
  successHeading,
  test,
} from '../e2e/fixtures';
import { GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';
import { SANDBOX_ORIGIN } from '../../playwright.prod.config';

// openPayment waits until the page speaks the language: `lang` and `dir` (right to left in Hebrew) on <html>.
forEachLanguage('the journey', (lang, t) => {
  test('pay with Google Pay on /pay: success, one approved charge at the API', async ({ page }) => {
    const sessionId = await openPayment(page, lang, 1001);
    await startMethod(page, t, 'google_pay');
    await drawerButton(page, t, GOOGLE_PAY_BUTTON).click();
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();

    const sandbox = await newRequest.newContext({ baseURL: SANDBOX_ORIGIN });
    await expectCharges(sandbox, sessionId, [
      { method: 'google_pay', status: 'approved', amount: linePrice(product(1001, 101)) },
    ]);
    await sandbox.dispose();
  });
});

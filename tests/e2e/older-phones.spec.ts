/**
 * Phones older than this machine's browsers: iOS 17 Safari and Chrome before 126 have no URL.parse, and
 * /pay once called it while its modules loaded (src/config.ts), so the page never started there.
 */
import {
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
  walletButton,
} from './fixtures';

forEachLanguage('A phone without URL.parse', (lang, t) => {
  test('/pay starts, and a Google Pay payment goes through with one approved charge', async ({ page, request }) => {
    await page.addInitScript(() => {
      // Removed before any of the page's code runs, as on iOS 17 Safari.
      Reflect.deleteProperty(URL, 'parse');
      Reflect.deleteProperty(URL, 'canParse');
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const sessionId = await openPayment(page, lang, 1001);
    expect(await page.evaluate(() => 'parse' in URL || 'canParse' in URL)).toBe(false);
    await startMethod(page, t, 'google_pay');
    await walletButton(page, t, 'google_pay').click();
    await sheetButton(page, 'Google Pay', 'Approve').click();

    await expect(successHeading(page, t)).toBeVisible();
    const cola = product(1001, 101);
    await expectCharges(request, sessionId, [{ method: 'google_pay', status: 'approved', amount: linePrice(cola) }]);
    expect(errors).toEqual([]);
  });
});

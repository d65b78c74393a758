/**
 * The card forms look like card forms: Tranzila's hosted fields with placeholders, expiry and CVV side
 * by side under the full-width number (machine 1001); Stripe's card Element given the page's language
 * (elements({locale})) (machine 1004).
 */
import type { Page } from '@playwright/test';
import {
  drawer,
  expect,
  forEachLanguage,
  hostedField,
  openPayment,
  startMethod,
  stripeInput,
  test,
  TEXTS,
} from './fixtures';

/** Expiry and CVV share one line: their fields start at the same height. */
async function expectExpiryBesideCvv(page: Page): Promise<void> {
  const [expiryBox, cvvBox] = await Promise.all(
    [hostedField(page, 'expiry'), hostedField(page, 'cvv')].map((field) => field.boundingBox()),
  );
  expect(Math.round(expiryBox?.y ?? -1)).toBe(Math.round(cvvBox?.y ?? -2));
}

forEachLanguage('card forms look', (lang, t) => {
  test('hosted fields: placeholders, the number full width, expiry and CVV on one row', async ({ page }) => {
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'credit_card');
    const [number, expiry, cvv] = [hostedField(page, 'number'), hostedField(page, 'expiry'), hostedField(page, 'cvv')];
    await expect(number).toBeEditable();
    await expect(number).toHaveAttribute('placeholder', '1234 1234 1234 1234');
    await expect(expiry).toHaveAttribute('placeholder', '•• / ••');
    await expect(cvv).toHaveAttribute('placeholder', '•••');
    const [numberBox, expiryBox] = await Promise.all([number, expiry].map((field) => field.boundingBox()));
    await expectExpiryBesideCvv(page);
    expect(expiryBox?.y ?? 0).toBeGreaterThan(numberBox?.y ?? 0);
    expect(numberBox?.width ?? 0).toBeGreaterThan(2 * (expiryBox?.width ?? 0));
  });

  test("Stripe's card Element speaks the page's language", async ({ page }) => {
    await openPayment(page, lang, 1004);
    await startMethod(page, t, 'stripe');
    await expect(stripeInput(page, t, 'number')).toBeEditable();
    // The stand-in marks its Element with the locale elements() was given.
    await expect(drawer(page, t).locator('.sbx-card')).toHaveAttribute('lang', lang);
  });
});

test.describe('card forms look, French at 320 px', () => {
  test.use({ lang: 'fr', viewport: { width: 320, height: 568 } });

  test('expiry and CVV stay on one line whatever their labels do', async ({ page }) => {
    const t = TEXTS.fr;
    await openPayment(page, 'fr', 1001);
    await startMethod(page, t, 'credit_card');
    await expect(hostedField(page, 'cvv')).toBeEditable();
    // French's own labels, in whatever font this machine has: each may wrap or not, the fields stay level.
    await expectExpiryBesideCvv(page);
    // The case that breaks a naive row, made to happen in any font: an expiry label several lines taller
    // than the CVV's (French's own pair does this in some fonts, not in others).
    const labels = page.locator('.card-form__row .field-label');
    await labels.evaluateAll(([expiry, cvv]) => {
      if (expiry) expiry.textContent = "Date d'expiration de la carte bancaire (MM/AA) ".repeat(3);
      if (cvv) cvv.textContent = 'CVV';
    });
    const [expiryHeight = 0, cvvHeight = Infinity] = await labels.evaluateAll((elements) =>
      elements.map((label) => label.getBoundingClientRect().height),
    );
    expect(expiryHeight).toBeGreaterThan(2 * cvvHeight);
    await expectExpiryBesideCvv(page);
  });
});

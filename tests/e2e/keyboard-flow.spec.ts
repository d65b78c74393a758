/**
 * design.md §5.2: a keyboard-only visitor pays on /pay from the product choice to the result (Tab, arrows,
 * Enter, Escape; no click), with the card scanner's simulate buttons. Focus moves into the drawer when it
 * opens and back to Continue when it closes, and the result's title is announced in a live region that
 * was in the drawer before the result came.
 */
import type { Locator, Page } from '@playwright/test';
import {
  CARD_SCAN_CHARGE,
  continueButton,
  drawer,
  expect,
  failureHeading,
  forEachLanguage,
  methodContinue,
  methodRadio,
  openMachine,
  product,
  productInput,
  recordRequests,
  scannerButton,
  successHeading,
  tabTo,
  test,
  type Texts,
} from './fixtures';

/** What a screen reader announces when its text changes. */
const LIVE_REGION = '[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]';

const focusInside = (area: Locator) => area.evaluate((element) => element.contains(document.activeElement));

/** Moves the choice of a radio group with ArrowDown (the next option in both directions of text) until `radio` is checked. */
async function arrowTo(page: Page, radio: Locator, max = 10): Promise<void> {
  for (let i = 0; i < max && !(await radio.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
  await expect(radio).toBeChecked();
  await expect(radio).toBeFocused();
}

const OUTCOMES = {
  approved: { heading: successHeading, title: (t: Texts) => t.success.title },
  declined: { heading: failureHeading, title: (t: Texts) => t.failure.title },
} as const;

forEachLanguage('keyboard only, product to result', (lang, t) => {
  const water = product(1001, 102);

  for (const [choice, outcome] of Object.entries(OUTCOMES)) {
    test(`card scan ${choice}: the result is focused and announced, Escape gives focus back to Continue`, async ({
      page,
    }) => {
      const charges = recordRequests(page, 'POST', CARD_SCAN_CHARGE);
      await openMachine(page, lang, 1001);

      await tabTo(page, productInput(page, t, product(1001, 101).name));
      await arrowTo(page, productInput(page, t, water.name));
      await tabTo(page, continueButton(page, t));
      await page.keyboard.press('Enter');

      const sheet = drawer(page, t);
      await expect(sheet).toBeVisible();
      await expect.poll(() => focusInside(sheet), 'focus is in the drawer').toBe(true);

      await tabTo(page, methodRadio(page, t, 'google_pay'));
      await arrowTo(page, methodRadio(page, t, 'card_scan'));
      await tabTo(page, methodContinue(page, t));
      await page.keyboard.press('Enter');
      const popup = sheet.getByRole('alertdialog', { name: t.popup.card_scan.title });
      await expect.poll(() => focusInside(popup), 'focus is in the popup').toBe(true);
      await tabTo(page, popup.getByRole('button', { name: t.popup.continue, exact: true }));
      await page.keyboard.press('Enter');

      // The scanner's buttons work once its script has run (they are disabled until then).
      const scan = scannerButton(page, t, choice as keyof typeof OUTCOMES);
      await expect(scan).toBeEnabled();
      await expect.poll(() => scan.evaluate((element) => element.ownerDocument.readyState)).toBe('complete');
      // The live regions the drawer has before the result: one of them must say it.
      const regions = await sheet.locator(LIVE_REGION).elementHandles();
      await tabTo(page, scan);
      await page.keyboard.press('Enter');

      await expect(outcome.heading(page, t)).toBeFocused();
      await expect
        .poll(() => Promise.all(regions.map((region) => region.textContent())), 'announced')
        .toContain(outcome.title(t));
      expect(charges).toHaveLength(1);

      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(continueButton(page, t)).toBeFocused();
      await expect(productInput(page, t, water.name)).toBeChecked();
    });
  }
});

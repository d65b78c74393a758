/**
 * design.md §9 / issue "Fast on a cheap phone": the splash, the drawer and the stage changes animate
 * without moving what is already on the screen. Every layout shift Chromium reports is counted, even
 * the ones right after a tap that CLS forgives: a payment page that jumps under the visitor's thumb
 * is wrong whatever caused it.
 */
import type { Page } from '@playwright/test';
import {
  continueButton,
  drawerButton,
  drawer,
  expect,
  forEachLanguage,
  methodList,
  openMachine,
  sheetButton,
  startMethod,
  successHeading,
  test,
  walletSheet,
} from './fixtures';
import { GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';
import { recordSplash, splashLog } from './splash-log';
import { payPath } from '../fixtures/machine-pages';

interface Shift {
  value: number;
  sources: string[];
}

/** Starts recording layout shifts in every document the page loads. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        const sources = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsSoFar = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);

forEachLanguage('no layout shift', (lang, t) => {
  test.describe('first visit', () => {
    test.use({ skipSplash: false });

    test('the splash slides in and out over a page that stays put', async ({ page }) => {
      await recordShifts(page);
      await page.addInitScript(recordSplash);
      await page.goto(payPath(1001));
      // The page renders under the splash, so its being visible says nothing about the slides: the
      // page's own log says when both have been shown, and then none is left.
      await expect
        .poll(async () => (await splashLog(page)).seen, { message: 'both slides came' })
        .toEqual(['splash-colour', 'splash-white']);
      await expect(page.locator('[data-testid^="splash-"]'), 'and went').toHaveCount(0);
      await expect(continueButton(page, t)).toBeVisible();
      expect(await shiftsSoFar(page)).toEqual([]);
    });
  });

  test('the drawer, each stage of a payment and closing it back to the products', async ({ page }) => {
    await recordShifts(page);
    await openMachine(page, lang, 1001);
    await continueButton(page, t).click();
    await expect(methodList(page, t)).toBeVisible();
    await startMethod(page, t, 'google_pay');
    await drawerButton(page, t, GOOGLE_PAY_BUTTON).click();
    await expect(walletSheet(page, 'Google Pay')).toBeVisible();
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await drawer(page, t).getByRole('button', { name: t.drawer.close }).click();
    await expect(drawer(page, t)).toHaveCount(0);
    await expect(continueButton(page, t)).toBeVisible();
    expect(await shiftsSoFar(page)).toEqual([]);
  });
});

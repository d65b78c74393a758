/** requirements.md §2 / §9: a 2.5 s splash (colour logo, then white logo) unless the splash cookie is set. */
import type { Locator } from '@playwright/test';
import { expect, expectDocumentLanguage, inEnglish, productChoices, test } from './fixtures';
import { recordSplash, splashLog } from './splash-log';
import { payPath } from '../fixtures/machine-pages';

/** True when a visitor can see the element: the centre of its box is not covered by anything else. */
function uncovered(locator: Locator): Promise<boolean> {
  return locator
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + Math.min(box.height / 2, 40));
      return hit !== null && element.contains(hit);
    })
    .catch(() => false);
}

inEnglish('splash', (lang, t) => {
  test.use({ skipSplash: false });

  test('shows the colour slide, then the white slide, then the products after about 2.5 s; not again after a reload', async ({
    page,
    context,
  }) => {
    await page.addInitScript(recordSplash);
    await page.goto(payPath(1001));

    await expect.poll(async () => (await splashLog(page)).seen).toContain('splash-colour');
    await expect(page.getByRole('img', { name: t.splash.label })).toBeVisible();
    // The white slide replaces the colour one (read from the page's log: a slide may come and go
    // between two polls on a busy machine).
    await expect
      .poll(async () => (await splashLog(page)).seen, { timeout: 4_000 })
      .toEqual(['splash-colour', 'splash-white']);

    // Poll what the visitor sees: the product list, uncovered by the splash (timed inside the page).
    const list = productChoices(page, t);
    await expect.poll(() => uncovered(list), { timeout: 5_000, intervals: [50] }).toBe(true);
    const shownAt = await page.evaluate(() => performance.now());
    await expect(page.getByTestId('splash-white')).toBeHidden();
    await expectDocumentLanguage(page, lang);

    const log = await splashLog(page);
    expect(log.seen).toEqual(['splash-colour', 'splash-white']);
    const { colour = Number.NaN, white = Number.NaN, gone = Number.NaN } = log;
    expect(white - colour, 'the colour slide lasts about half of the splash').toBeGreaterThanOrEqual(1_000);
    expect(white - colour).toBeLessThanOrEqual(2_000);
    expect(gone - colour, 'the splash lasts about 2.5 s').toBeGreaterThanOrEqual(2_000);
    expect(shownAt - colour, 'the product list is hidden by the splash for at least ~2 s').toBeGreaterThanOrEqual(
      2_000,
    );
    expect(shownAt - colour, 'the product list shows by about 4 s').toBeLessThanOrEqual(4_000);

    // The visitor has seen the splash: the cookie remembers it ...
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'splash')?.value).toBeTruthy();

    // ... and a reload shows no splash at all: the page's own log saw no slide (a wall-clock bound on
    // the reload would measure the machine's load, not the splash).
    await page.reload();
    await expect.poll(() => uncovered(list), { intervals: [50] }).toBe(true);
    expect((await splashLog(page)).seen, 'slides after the reload').toEqual([]);
  });
});

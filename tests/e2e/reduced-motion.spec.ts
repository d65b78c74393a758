/**
 * design.md §5.3: when the visitor's device asks for reduced motion, the splash slides do not fade
 * and the payment drawer is in place from its first frame; otherwise both move.
 */
import type { Page } from '@playwright/test';
import {
  continueButton,
  expect,
  holdGooglePayStepCheck,
  inEnglish,
  openMachine,
  startMethod,
  test,
  type Texts,
} from './fixtures';
import { recordSplash, splashLog } from './splash-log';
import { payPath } from '../fixtures/machine-pages';

/** The drawer's top edge in each of the first 20 frames after it appears (a third of a second). */
async function sheetTopsWhileOpening(page: Page, t: Texts): Promise<number[]> {
  await page.evaluate(() => {
    const probe = window as unknown as { sheetTops?: Promise<number[]> };
    probe.sheetTops = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const sheet = document.querySelector('[role="dialog"]');
        if (!sheet) return;
        observer.disconnect();
        const tops: number[] = [];
        const measure = () => {
          tops.push(Math.round(sheet.getBoundingClientRect().top));
          if (tops.length < 20) requestAnimationFrame(measure);
          else resolve(tops);
        };
        measure();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  await continueButton(page, t).press('Enter');
  return page.evaluate(() => (window as unknown as { sheetTops: Promise<number[]> }).sheetTops);
}

inEnglish('reduced motion', (lang, t) => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    const reduced = reducedMotion === 'reduce';

    test.describe(reducedMotion, () => {
      test.use({ contextOptions: { reducedMotion } });

      test.describe('the splash', () => {
        test.use({ skipSplash: false });

        test(reduced ? 'the slides do not fade in' : 'the slides fade in', async ({ page }) => {
          // Each slide's animation is read inside the page as it appears: a slide lasts about 1.25 s,
          // which a busy machine can miss from outside.
          await page.addInitScript(recordSplash);
          await page.goto(payPath(1001));
          await expect.poll(async () => (await splashLog(page)).seen).toEqual(['splash-colour', 'splash-white']);
          const animation = reduced ? 'none' : 'fade-in';
          expect((await splashLog(page)).animations).toEqual({ 'splash-colour': animation, 'splash-white': animation });
        });
      });

      test(reduced ? 'the drawer is in place from its first frame' : 'the drawer slides up', async ({ page }) => {
        await openMachine(page, lang, 1001);
        const tops = await sheetTopsWhileOpening(page, t);
        const settled = tops.at(-1);
        if (reduced)
          expect(
            tops.every((top) => top === settled),
            `top edge per frame: ${tops.join(', ')}`,
          ).toBe(true);
        else expect(tops[0], `top edge per frame: ${tops.join(', ')}`).toBeGreaterThan(settled ?? 0);
      });
    });
  }
});

/** The loader's wheel, its opacity and transform, in each of the next `frames` animation frames. */
async function wheelPerFrame(page: Page, frames: number): Promise<{ opacity: string; transform: string }[]> {
  return page.evaluate(
    (count) =>
      new Promise<{ opacity: string; transform: string }[]>((resolve) => {
        const seen: { opacity: string; transform: string }[] = [];
        const measure = () => {
          const wheel = document.querySelector('.spinner__wheel');
          if (wheel) {
            const style = getComputedStyle(wheel);
            seen.push({ opacity: style.opacity, transform: style.transform });
          }
          if (seen.length < count) requestAnimationFrame(measure);
          else resolve(seen);
        };
        requestAnimationFrame(measure);
      }),
    frames,
  );
}

inEnglish('the loader under reduced motion', (lang, t) => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('it keeps changing (a pulse), and nothing on it moves', async ({ page }) => {
    await holdGooglePayStepCheck(page);
    await openMachine(page, lang, 1001);
    await continueButton(page, t).click();
    await startMethod(page, t, 'google_pay');
    await expect(page.getByRole('status', { name: t.payment.googlePay.loading })).toBeVisible();
    await expect(page.locator('.spinner__wheel')).not.toHaveCSS('animation-name', 'spin');
    // Across animation frames the wheel's opacity takes more than one value: it is visibly working.
    await expect
      .poll(async () => new Set((await wheelPerFrame(page, 12)).map(({ opacity }) => opacity)).size, {
        message: 'the wheel’s opacity changes from frame to frame',
      })
      .toBeGreaterThan(1);
    const frames = await wheelPerFrame(page, 12);
    expect(
      frames.every(({ transform }) => transform === 'none'),
      `transforms: ${frames.map(({ transform }) => transform).join(', ')}`,
    ).toBe(true);
  });
});

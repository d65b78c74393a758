/**
 * design.md §7.5: axe-core finds no WCAG 2.0/2.1 A or AA violation on any screen, in en and he.
 * The screens are those the screenshot suite reaches (tests/screens/screens.ts): every screen of every flow,
 * and the pages no chart drives. Motion is reduced, so every screen is scanned as it rests. Each screen's
 * layout is checked too, at 320 and 390 px (../screens/layout.ts; `npm run screenshots` checks fr and es).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { SCREEN_GROUPS, SlideMissed } from '../screens/screens';
import { expectLaidOut, onEachPhone } from '../screens/layout';
import { describeIn, expect, type Lang, LANGS, test } from './fixtures';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's own build with its settings, run in each frame of the page: the sandbox's provider frames are
 * another origin, and their results are wanted too.
 */
const AXE_IN_FRAME = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
;axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`;

/**
 * The wallets' own buttons: Google's (pay.js createButton) and Apple's (the apple-pay-button element), as
 * the sandbox's stand-ins make them after Google and Apple, are named in English ("Pay with GPay", "Pay
 * with Apple Pay": tests/fixtures/wallet-buttons.ts) over a caption in the page's language. Their markup
 * is the wallets', out of the app's reach: axe-core 4.14's rule that a name holds the visible caption is not
 * held against them, and every other rule is.
 */
const WALLETS_NAMING = 'label-content-name-mismatch';
const WALLET_BUTTONS = new Set(['.gpay-card-info-container', 'apple-pay-button,div[role="button"]']);
const walletsOwn = (rule: string, target: readonly unknown[]) =>
  rule === WALLETS_NAMING && WALLET_BUTTONS.has(target.join(' '));

/** A frame still on its first, empty document (its page is on the way): nothing in it to scan yet. */
const stillEmpty = (frame: Frame) => frame.url() === '' || frame.url() === 'about:blank';

/**
 * Puts axe-core in every frame that lacks it, once per document. (@axe-core/playwright's AxeBuilder put it
 * in again and opened a page of its own for every scan: five times the time of the scan itself.)
 */
async function putAxeInFrames(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (stillEmpty(frame)) continue;
    try {
      if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_IN_FRAME);
    } catch (error) {
      // A frame gone meanwhile has nothing left to scan.
      if (!frame.isDetached()) throw error;
    }
  }
}

/** axe-core's scan of the page and its frames, or of a splash slide alone (it covers the page). */
async function runAxe(page: Page, slide: string | undefined) {
  await putAxeInFrames(page);
  return page.evaluate(
    async ({ selector, tags }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const { violations, incomplete } = await axe.run(selector ?? document, {
        runOnly: { type: 'tag', values: tags },
      });
      return { violations, incomplete };
    },
    { selector: slide && `[data-testid="${slide}"]`, tags: WCAG_A_AA },
  );
}

/**
 * Scans the page (and its frames) once its finite animations have run; each violation is listed with
 * the elements it was found on. Soft, so that one screen's findings do not hide the next screen's.
 */
async function scan(page: Page, lang: Lang, screen: string): Promise<void> {
  const slide = SPLASH_SLIDES[screen];
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // A slide lasts 1.25 s, less than a whole page's scan may take on a busy machine: a slide's scan reads the
  // slide alone, which covers the page (the page behind it is scanned on its own screens). A slide gone
  // before axe found it is a missed slide, like one gone before the scan ended.
  const { violations, incomplete } = await runAxe(page, slide).catch(async (error: unknown) => {
    if (slide && !(await page.getByTestId(slide).isVisible())) throw new SlideMissed(`${screen} ended before its scan`);
    throw error;
  });
  // What axe could not decide (e.g. text over a picture) is left for a person to check: listed, not failed.
  const review = incomplete.map(({ id, nodes }) => `${id} ×${String(nodes.length)}`).join(', ') || 'none';
  test.info().annotations.push({
    type: 'axe',
    description: `${screen} [${lang}]: ${String(violations.length)} violations; to review: ${review}`,
  });
  const found = violations.flatMap(({ id, help, nodes }) => {
    const ours = nodes.filter((node) => !walletsOwn(id, node.target));
    return ours.length === 0 ? [] : [`${id} (${help}): ${ours.map((node) => node.target.join(' ')).join(' | ')}`];
  });
  // Slides only go forward: one still showing once the scan is over showed throughout it.
  if (slide && !(await page.getByTestId(slide).isVisible()))
    throw new SlideMissed(`${screen} ended before its scan did`);
  expect.soft(found, `axe violations on ${screen} [${lang}]`).toEqual([]);
}

/**
 * The splash's slides, by screen name: each shows for 1.25 s, less than a scan may take on a busy machine.
 * A scan counts only if its slide was on screen from start to end; otherwise the journey starts again.
 */
const SPLASH_SLIDES: Partial<Record<string, string>> = { splashColour: 'splash-colour', splashWhite: 'splash-white' };
const SLIDE_ATTEMPTS = 10;

/**
 * Runs a journey again (a few times at most) when it missed its slide, as a first visit again (the splash
 * plays only without the cookie its end sets); any other failure stands.
 */
async function untilScannedWhileShowing(context: BrowserContext, journey: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await journey();
      return;
    } catch (error) {
      if (!(error instanceof SlideMissed) || attempt === SLIDE_ATTEMPTS) throw error;
      test.info().annotations.push({ type: 'axe', description: `attempt ${String(attempt)}: ${error.message}` });
      await context.clearCookies({ name: 'splash' });
    }
  }
}

test.use({ contextOptions: { reducedMotion: 'reduce' } });

/**
 * The delivery screens are the success and failure pages (scanned in both languages with /pay's group) with the
 * machine's line added: they are scanned in Hebrew, the direction that asks more of a layout, and pictured in all
 * four languages by `npm run screenshots`. Their English journeys are tests/e2e/delivery.spec.ts.
 */
const SCANNED_IN: Partial<Record<string, readonly Lang[]>> = { 'screens of the machine delivering': ['he'] };

for (const { title, splash, journeys } of SCREEN_GROUPS) {
  describeIn(SCANNED_IN[title] ?? LANGS, `axe: ${title}`, (lang, t) => {
    if (splash) test.use({ skipSplash: false });
    for (const [name, journey] of Object.entries(journeys)) {
      test(name, async ({ page, request, context, baseURL }) => {
        // One journey through six machines scans six screens: more than one screen's time.
        test.slow(name === 'the product views', 'six machines opened and scanned in one journey');
        if (splash) await context.addInitScript({ content: AXE_IN_FRAME });
        await untilScannedWhileShowing(context, () =>
          journey({
            page,
            lang,
            t,
            request,
            context,
            baseURL,
            at: async (shot) => {
              await scan(page, lang, shot);
              if (!splash) await onEachPhone(page, () => expectLaidOut(page, shot));
            },
          }),
        );
      });
    }
  });
}

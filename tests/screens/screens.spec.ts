/**
 * `npm run screenshots`: drives the real app against the sandbox, in en, he, fr and es and at 390×844
 * and 320×568, to the screens of the main states (./shots.ts, reached by the journeys of ./screens.ts)
 * and saves each one, clipped to the viewport, under visualizations/screens/. Not part of `npm test`: these are the designers'
 * pictures; each journey still waits for what the screen must show, so that a picture never shows the wrong
 * state, and each picture's layout is checked (./layout.ts: nothing under a sticky bar or off the screen).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { type PageLang, TEXTS, test } from '../e2e/fixtures';
import { recordRenderedFonts } from './fonts';
import { expectLaidOut } from './layout';
import { SCREEN_GROUPS, type ShotName } from './screens';
import { LANGS, SCREENS_DIR, SHOTS, shotFile, VIEWPORTS } from './shots';

async function capture(page: Page, lang: PageLang, width: number, name: ShotName): Promise<void> {
  const path = join(SCREENS_DIR, shotFile(SHOTS[name], lang, width));
  mkdirSync(dirname(path), { recursive: true });
  // The images on screen have loaded or failed: lazy ones (the footer's marks) otherwise come and go by timing.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
      })
      .every((image) => image.complete),
  );
  // CSS pixels (not the phone's device pixels) and no caret keep the files small and stable.
  await page.screenshot({ path, scale: 'css', caret: 'hide', animations: 'disabled' });
  await recordRenderedFonts(page, lang, shotFile(SHOTS[name], lang, width).replaceAll('/', '_'));
  await expectLaidOut(page, name);
}

for (const { title, splash, journeys } of SCREEN_GROUPS) {
  for (const lang of LANGS) {
    for (const viewport of VIEWPORTS) {
      test.describe(`${title} [${lang}, ${String(viewport.width)} px]`, () => {
        test.use({ lang, viewport, ...(splash ? { skipSplash: false } : {}) });
        const t = TEXTS[lang];
        for (const [name, journey] of Object.entries(journeys)) {
          test(name, async ({ page, request, context, baseURL }) => {
            const at = (shot: ShotName) => capture(page, lang, viewport.width, shot);
            await journey({ page, lang, t, request, context, baseURL, at });
          });
        }
      });
    }
  }
}

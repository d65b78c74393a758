/**
 * `npm run screenshots`: drives the real app against the sandbox, in en and he, to the screens of
 * the main states (./shots.ts, reached by the journeys of ./screens.ts) and saves each one, clipped to
 * the 390×844 viewport, under visualizations/screens/. Not part of `npm test`: these are the designers'
 * pictures, not checks; each journey still waits for what the screen must show, so that a picture
 * never shows the wrong state.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { forEachLanguage, type Lang, test } from '../e2e/fixtures';
import { SCREEN_GROUPS, type ShotName } from './screens';
import { SCREENS_DIR, SHOTS, shotFile } from './shots';

async function capture(page: Page, lang: Lang, name: ShotName): Promise<void> {
  const path = join(SCREENS_DIR, shotFile(SHOTS[name], lang));
  mkdirSync(dirname(path), { recursive: true });
  // CSS pixels (not the phone's device pixels) and no caret keep the files small and stable.
  await page.screenshot({ path, scale: 'css', caret: 'hide', animations: 'disabled' });
}

for (const { title, splash, journeys } of SCREEN_GROUPS) {
  forEachLanguage(title, (lang, t) => {
    if (splash) test.use({ skipSplash: false });
    for (const [name, journey] of Object.entries(journeys)) {
      test(name, async ({ page, request, context, baseURL }) => {
        await journey({ page, lang, t, request, context, baseURL, at: (shot) => capture(page, lang, shot) });
      });
    }
  });
}

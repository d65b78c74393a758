/**
 * Which fonts the pictures were drawn in. The app ships no font of its own (phones use theirs), so a
 * picture taken on a machine with DejaVu looks unlike one taken with Noto: the manifest says which.
 * Each capture records the families Chromium actually rendered its text with (DevTools' platform fonts,
 * not the CSS stack), per language; the teardown gathers them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const FONTS_DIR = fileURLToPath(new URL('../../test-results/screens-fonts/', import.meta.url));

/** The families the page's visible text was rendered in, recorded under the capture's name. */
export async function recordRenderedFonts(page: Page, lang: string, capture: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('DOM.enable');
    await session.send('CSS.enable');
    const { root } = await session.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await session.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: 'h1, h2, p, button, label, li',
    });
    const families = new Set<string>();
    for (const nodeId of nodeIds) {
      const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts) families.add(font.familyName);
    }
    mkdirSync(FONTS_DIR, { recursive: true });
    writeFileSync(join(FONTS_DIR, `${capture}.json`), JSON.stringify({ lang, families: [...families] }));
  } finally {
    await session.detach();
  }
}

/** Every family the run's captures rendered, by language (sorted, for a stable manifest). */
export function renderedFonts(): Record<string, string[]> {
  const byLang = new Map<string, Set<string>>();
  // No folder: no capture has run yet.
  if (!existsSync(FONTS_DIR)) return {};
  for (const file of readdirSync(FONTS_DIR)) {
    const { lang, families } = JSON.parse(readFileSync(join(FONTS_DIR, file), 'utf8')) as {
      lang: string;
      families: string[];
    };
    const known = byLang.get(lang) ?? new Set<string>();
    for (const family of families) known.add(family);
    byLang.set(lang, known);
  }
  return Object.fromEntries(
    [...byLang.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([lang, set]) => [lang, [...set].sort()]),
  );
}

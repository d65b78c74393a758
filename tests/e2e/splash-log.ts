/**
 * What the splash showed, recorded inside the page: a slide lasts about 1.25 s, too short to be sure
 * of catching it from outside on a busy machine, so tests read the page's own log afterwards.
 */
import type { Page } from '@playwright/test';

export interface SplashLog {
  /** performance.now() when each slide first appeared, and when the last one went away. */
  colour?: number;
  white?: number;
  gone?: number;
  /** Every slide ever seen, in order. */
  seen: string[];
  /** Each slide's CSS animation-name when it first appeared (fade-in, or none under reduced motion). */
  animations: Record<string, string>;
}

/** Records, inside the page, when each splash slide appears and when the splash is gone. */
export function recordSplash(): void {
  const log: SplashLog = { seen: [], animations: {} };
  (window as unknown as { splashLog: SplashLog }).splashLog = log;
  new MutationObserver(() => {
    const slides = document.querySelectorAll('[data-testid^="splash-"]');
    slides.forEach((slide) => {
      const name = slide.getAttribute('data-testid') ?? '';
      if (log.seen.at(-1) !== name) log.seen.push(name);
      log.animations[name] ??= getComputedStyle(slide).animationName;
      if (name === 'splash-colour') log.colour ??= performance.now();
      if (name === 'splash-white') log.white ??= performance.now();
    });
    if (slides.length === 0 && log.seen.length > 0) log.gone ??= performance.now();
  }).observe(document, { childList: true, subtree: true });
}

export const splashLog = (page: Page) => page.evaluate(() => (window as unknown as { splashLog: SplashLog }).splashLog);

/**
 * Component tests (design.md §7 level 3): Testing Library in jsdom against the in-process sandbox.
 * English texts are in place before any test renders; every test starts with no cookies, an empty
 * local storage and the document in English, left to right.
 */
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, vi } from 'vitest';
import { startI18n } from '../../src/i18n/i18n';

// Production names no card scanner yet (card scan is withdrawn: .env); these tests walk card scan with one
// named, as a build that has chosen its provider would. Set before any test module reads src/config.ts.
vi.stubEnv('VITE_CARD_SCAN_URL', 'https://scan.card.test/scan');

// jsdom has no matchMedia. framer-motion (the drawer) copes without it, but views may ask for
// prefers-reduced-motion and the like: no media query matches here.
if (typeof window.matchMedia !== 'function') {
  const mediaQueryList = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  window.matchMedia = mediaQueryList;
}
// jsdom has no CSS.escape; user-event needs it to walk a radio group with the arrow keys.
const css = (globalThis as { CSS?: Partial<typeof CSS> }).CSS;
if (typeof css?.escape !== 'function') {
  const escape = (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);
  Object.defineProperty(globalThis, 'CSS', { value: { ...css, escape }, configurable: true });
}

// jsdom has no Worker. The Intl warm-up worker (src/lib/intl-warm-up.ts) only loads ICU's data ahead of
// the main thread, which here is Node's, loaded already: a worker that does nothing stands in.
if (typeof globalThis.Worker !== 'function') {
  class IdleWorker extends EventTarget {
    postMessage(): void {}
    terminate(): void {}
  }
  Object.defineProperty(globalThis, 'Worker', { value: IdleWorker, configurable: true });
}

// Shared CI machines can be several times slower than a quiet one (both cores busy): give findBy*/waitFor
// and each test room; what a test times, it asserts itself.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

await startI18n('en');

function clearCookies(): void {
  for (const entry of document.cookie.split('; ')) {
    const name = entry.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  clearCookies();
  localStorage.clear();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});

/**
 * index.html's first script: classic and inline (scripts/early-menu-plugin.ts builds it from this file,
 * and the Content-Security-Policy allows it by its hash), so it runs as the HTML arrives, before any module.
 * On /pay it asks for the menu and preloads the route's code, which the app would otherwise fetch only
 * once its entry had run; the /pay route's loader takes the request (src/api/early-menu.ts takeEarlyMenu).
 * On every other page it starts the Intl warm-up worker (src/lib/intl-warm-up.ts).
 */
import { earlyMenuRequest } from './api/early-menu';
import { startIntlWarmUp } from './lib/intl-warm-up';
import { localStore } from './lib/local-store';

/** The /pay route's chunks that index.html does not load, written in by the build. */
declare const PAY_ROUTE_CHUNKS: readonly string[];

const request = earlyMenuRequest(location, localStore, import.meta.env.VITE_API_BASE_URL);
if (request) {
  const response = fetch(request.url, request.init);
  // Its failure belongs to the menu call that takes it; until then it is no unhandled rejection.
  response.catch(() => undefined);
  window.earlyMenuRequest = { url: request.url, response };
  for (const href of PAY_ROUTE_CHUNKS) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As Vite's own preloads: its loader then sees the link and adds no second one for the same chunk.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
} else {
  // ICU's data, loaded off the main thread while the code downloads, for a first screen that formats with
  // Intl (times, dates). Started by the entry instead, the worker often lost the race. /pay's list needs none.
  startIntlWarmUp();
}

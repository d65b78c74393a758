/**
 * index.html's first script: classic and inline (scripts/early-menu-plugin.ts builds it from this file,
 * and the Content-Security-Policy allows it by its hash), so it runs as the HTML arrives, before any module.
 * On /pay it asks for the menu and preloads the route's code, which the app would otherwise fetch only
 * once its entry had run; the /pay route's loader takes the request (src/api/early-menu.ts takeEarlyMenu).
 * On every page it starts the Intl warm-up worker (public/intl-warm-up.js).
 */
import { earlyMenuRequest } from './api/early-menu';
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
}

// ICU's number data, loaded off the main thread while the code downloads. Started by the entry instead, the
// worker often had not finished when the list wrote its first amount, which then waited 20–70 ms for it.
new Worker(`${import.meta.env.BASE_URL}intl-warm-up.js`);

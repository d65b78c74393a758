import { readFileSync } from 'node:fs';
import { dirname, join as joinPath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * The stand-ins' browser code lives in ./browser/*.js: plain browser JavaScript, linted, no build
 * step. A served script joins some of those files into one classic script, so their top-level
 * names stay private to it, and gives them SANDBOX_ORIGIN: where the script was loaded from, which
 * is where its iframes and calls must go (the app's own origin, also behind `npm run dev`'s proxy).
 */
const BROWSER_DIR = joinPath(dirname(fileURLToPath(import.meta.url)), 'browser');

function join(...files: string[]): string {
  const sources = files.map((file) => readFileSync(joinPath(BROWSER_DIR, `${file}.js`), 'utf8'));
  return [
    '(function () {',
    "'use strict';",
    'const SANDBOX_ORIGIN = new URL(document.currentScript ? document.currentScript.src : location.href).origin;',
    ...sources,
    '})();',
    '',
  ].join('\n');
}

/** Served scripts by path under /sandbox: the provider SDK stand-ins and the stand-in pages' scripts. */
const SCRIPTS: Record<string, string> = {
  '/sdk/google-pay.js': join('sheet', 'google-pay'),
  // Apple's JS SDK (the <apple-pay-button> element) loads in any browser, Safari or not.
  '/sdk/apple-pay-sdk.js': join('apple-pay-sdk'),
  '/sdk/tranzila-hosted-fields.js': join('tranzila-hosted-fields'),
  '/sdk/stripe.js': join('stripe'),
  '/pages/forms.js': join('page-forms'),
  '/pages/card-scan.js': join('card-scan-page'),
  '/pages/tranzila-field.js': join('tranzila-field'),
};
const APPLE_PAY = join('sheet', 'apple-pay');
const NO_APPLE_PAY = '// No ApplePaySession here, as in Chrome. Set the cookie sandbox_apple_pay=1 to get one.\n';

const javascript = (c: Context, source: string, headers: Record<string, string> = {}) =>
  c.body(source, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', ...headers });

/** GET /sandbox/sdk/*.js and /sandbox/pages/*.js. */
export function scriptRoutes() {
  const app = new Hono();
  for (const [path, source] of Object.entries(SCRIPTS)) app.get(path, (c) => javascript(c, source));
  // Safari has ApplePaySession and Chrome has not: the sandbox plays Chrome unless the cookie says Safari.
  app.get('/sdk/apple-pay.js', (c) =>
    javascript(c, getCookie(c, 'sandbox_apple_pay') === '1' ? APPLE_PAY : NO_APPLE_PAY, {
      'Cache-Control': 'no-store',
      Vary: 'Cookie',
    }),
  );
  return app;
}

import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { SERVER_HEADERS_FILE, type ServerHeaders } from '../deploy/server-headers';
import { missingProviderSettings, originOf, providerSources, walletFrameOrigins } from './providers';

/** The build settings (.env, .env.sandbox) the policy is derived from; a missing or empty one adds nothing (a build refuses a missing provider setting). */
export type CspSettings = Record<string, string | undefined>;

type Directives = Record<string, string[]>;

/** Where a Sentry DSN (https://key@o1.ingest.sentry.io/42) sends its reports. */
const sentryOrigin = (dsn: string | undefined) => originOf(dsn?.replace(/\/\/[^@/]*@/, '//'));

/** The Hyp terminal's return page, the operator's (sandbox/api/hosted-page.ts, OPERATOR_HYP_RETURN_PATH). */
const operatorReturnPage = (apiBase: string | undefined) => {
  const origin = originOf(apiBase);
  return origin && `${origin}/v4/hyp/return`;
};

/** The policy's directives for these build settings and the page's inline scripts. */
export function cspDirectives(env: CspSettings, inlineScripts: readonly string[] = []): Directives {
  if (env.VITE_ANALYTICS_ID && !env.VITE_ANALYTICS_ENDPOINT) {
    throw new Error(
      'VITE_ANALYTICS_ID is set but VITE_ANALYTICS_ENDPOINT is empty: analytics would have nowhere to go',
    );
  }
  const providers = providerSources(env);
  const directives: Record<string, (string | undefined)[]> = {
    'default-src': ["'self'"],
    // No 'unsafe-inline' and no 'unsafe-eval': the app's code is its own files and the inline scripts the
    // build wrote (each by its hash); providers' code their hosts'.
    'script-src': ["'self'", ...inlineScripts.map(scriptHash), ...providers['script-src']],
    // The operator's API, the providers' scripts calling home, and the reports when they are configured.
    'connect-src': [
      "'self'",
      originOf(env.VITE_API_BASE_URL),
      ...providers['connect-src'],
      sentryOrigin(env.VITE_SENTRY_DSN),
      originOf(env.VITE_ANALYTICS_ENDPOINT),
    ],
    // The providers' frames (scripts/providers.ts); the app frames no page of its own but the hosted
    // page's return address, which is on this origin. On its way there the frame passes through the Hyp
    // terminal's one return page, the operator's (on the API's origin: contract, getPaymentPage), and a
    // frame's redirects are checked against frame-src too: that page alone, not the API's calls.
    'frame-src': ["'self'", operatorReturnPage(env.VITE_API_BASE_URL), ...providers['frame-src']],
    // Product images are whatever address the operator's catalogue gives (image_url), so any https host;
    // data: for the inline favicon.
    'img-src': ["'self'", 'data:', 'https:'],
    // The app needs only its stylesheet: React's `style` prop and framer-motion write through the CSSOM,
    // which CSP does not govern. The providers' scripts add <style> elements and style attributes
    // (Stripe.js, pay.js, and the sandbox's stand-ins as they do); a style cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.fromEntries(
    Object.entries(directives).map(([name, sources]) => [
      name,
      [...new Set(sources.filter((source): source is string => Boolean(source)))],
    ]),
  );
}

/** A CSP source allowing exactly this inline script. */
const scriptHash = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/** The text of each inline <script> of a page (one without src). */
export const inlineScriptsOf = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');

/** The policy as a header or meta value. */
export function buildCsp(env: CspSettings, inlineScripts: readonly string[] = []): string {
  return Object.entries(cspDirectives(env, inlineScripts))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The Permissions-Policy header: `payment` for the app's own page (Google Pay in Chrome and Apple Pay in
 * Safari run their sheets for it) and for the wallets' frames; the header's allowlist bounds what a
 * frame's allow="payment" can be given (developer.mozilla.org/docs/Web/HTTP/Headers/Permissions-Policy/payment).
 */
export function permissionsPolicy(env: CspSettings): string {
  return `payment=(${['self', ...new Set(walletFrameOrigins(env).map((origin) => `"${origin}"`))].join(' ')})`;
}

/** The Reporting-Endpoints group the policy's report-to names. */
export const CSP_REPORT_GROUP = 'csp-violations';

/**
 * Where the browser sends the policy's violation reports: the build setting VITE_CSP_REPORT_URL, the operator's
 * collector. An https address, or a path on the app's own origin (its server forwards it: deploy/Caddyfile,
 * CSP_REPORT_UPSTREAM). Browsers ignore a report endpoint that is not secure (developer.mozilla.org/docs/Web/HTTP/Headers/Reporting-Endpoints),
 * so plain http is refused, localhost included. Empty, a build fails: PCI DSS 11.6.1 wants violations seen.
 */
export function cspReportAddress(env: CspSettings): string {
  const address = env.VITE_CSP_REPORT_URL?.trim() ?? '';
  if (/^\/(?!\/)/.test(address) || URL.parse(address)?.protocol === 'https:') return address;
  throw new Error(
    `Content-Security-Policy: VITE_CSP_REPORT_URL must be the operator's https address for violation reports, or a path on ` +
      `this origin that its server forwards (.env for production, .env.sandbox for the sandbox), not "${address}"`,
  );
}

/**
 * The headers a server sends with the build's pages, for the policy of its index.html: report-to for
 * the browsers with the Reporting API (Chrome 96, Safari 16.4) and report-uri for the others (Firefox,
 * whose Reporting API is behind a preference); a browser that knows report-to ignores report-uri
 * (developer.mozilla.org/docs/Web/HTTP/Headers/Content-Security-Policy/report-uri).
 */
export function serverHeaders(env: CspSettings, pagePolicy: string): ServerHeaders {
  const address = cspReportAddress(env);
  return {
    'Content-Security-Policy': `${pagePolicy}; report-uri ${address}; report-to ${CSP_REPORT_GROUP}`,
    'Permissions-Policy': permissionsPolicy(env),
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${address}"`,
  };
}

/**
 * Puts the build's policy into index.html as a meta element, the first thing in <head>, so it covers
 * every script the page names (also those other plugins prepend), and allows the inline scripts the page
 * has then (src/early-menu.ts) by their hashes. Only for builds: the dev server's React refresh preamble
 * is an inline script. frame-ancestors, report-uri and report-to are ignored in a meta element (with a
 * console error), so only a server header can add them: the build also writes server-headers.json, the
 * policy with its report directives, Reporting-Endpoints and the Permissions-Policy, which every server
 * of the build sends (deploy/Caddyfile, sandbox/app.ts), read through deploy/server-headers.ts.
 */
export function cspPlugin(env: CspSettings): Plugin {
  // Known once index.html is final: the policy hashes its inline scripts.
  let policy: string | undefined;
  return {
    name: 'content-security-policy',
    apply: 'build',
    // Its index.html step runs after every other plugin's: the page is then final, inline scripts included.
    enforce: 'post',
    // A provider setting left empty would build a policy that silently blocks that provider.
    buildStart() {
      try {
        cspReportAddress(env);
      } catch (error) {
        this.error((error as Error).message);
      }
      const missing = missingProviderSettings(env);
      if (missing.length > 0)
        this.error(
          `Content-Security-Policy: ${missing.join(', ')} must be the provider's http(s) address ` +
            '(.env for production, .env.sandbox for the sandbox); without it the policy would block that provider',
        );
    },
    // The same policy for the servers' header (deploy/Caddyfile, npm run serve:prod, the sandbox), which
    // add frame-ancestors: one policy, computed here. Written once the page is, with the page's policy.
    writeBundle({ dir }) {
      if (!policy || !dir)
        throw new Error('Content-Security-Policy: the build wrote no index.html to take the policy of');
      writeFileSync(join(dir, SERVER_HEADERS_FILE), JSON.stringify(serverHeaders(env, policy), null, 2));
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (!html.includes('<head>')) throw new Error('index.html has no <head> for the Content-Security-Policy');
        policy = buildCsp(env, inlineScriptsOf(html));
        return html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
      },
    },
  };
}

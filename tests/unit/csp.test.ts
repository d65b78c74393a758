/**
 * The Content-Security-Policy the build puts into index.html (scripts/csp-plugin.ts), derived from the
 * build settings: the production .env names the providers' hosts, .env.sandbox keeps everything on the
 * page's own origin.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCsp, cspDirectives, permissionsPolicy, serverHeaders } from '../../scripts/csp-plugin';

/** A settings file's KEY=value lines. Not vite's loadEnv: under vitest, process.env already holds .env's values. */
const settings = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8')
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1).trim()]),
  );
const production = settings('.env');
const sandbox = { ...production, ...settings('.env.sandbox') };

/** The sandbox settings as a build expands ${SANDBOX_*} (vite does, from the file or the environment). */
const expandSandbox = (overrides: Record<string, string> = {}) => {
  const values: Record<string, string> = { ...sandbox, ...overrides };
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      value.replace(/\$\{(SANDBOX_\w+)\}/g, (_, setting: string) => values[setting] ?? ''),
    ]),
  );
};

describe('the Content-Security-Policy of a build', () => {
  it('runs no inline or eval’d script in production: only this origin and the providers’ script hosts', () => {
    const policy = cspDirectives(production);
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://pay.google.com',
      'https://applepay.cdn-apple.com', // Apple's JS SDK: <apple-pay-button>
      'https://hf.tranzila.com',
      'https://js.stripe.com',
    ]);
    expect(buildCsp(production)).not.toMatch(/unsafe-eval/);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
  });

  it('lets the page reach the operator’s API and the providers, and frame only their pages', () => {
    const policy = cspDirectives(production);
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://api.pay-operator.example', 'https://api.stripe.com']),
    );
    expect(policy['frame-src']).toEqual(
      expect.arrayContaining([
        'https://hf.tranzila.com', // hosted card fields
        'https://js.stripe.com',
        'https://hooks.stripe.com', // 3-D Secure
        'https://pay.google.com',
        'https://pay.hyp.co.il', // Hyp's hosted payment page (VITE_HOSTED_PAGE_ORIGIN)
      ]),
    );
    // Bit is a redirect, not a frame or a call.
    expect(buildCsp(production)).not.toContain('bit.example');
  });

  it('allows product images from any https host (image_url is the operator’s) and no plain http', () => {
    expect(cspDirectives(production)['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });

  it('lists the sandbox’s stand-ins by their own origin, as production lists the providers’ hosts', () => {
    // settings() reads the file as written; the build expands ${SANDBOX_*} as vite does.
    const expanded = expandSandbox();
    const providers = 'http://localhost:4174';
    expect(cspDirectives(expanded)['script-src']).toEqual(["'self'", providers]);
    expect(cspDirectives(expanded)['frame-src']).toEqual(["'self'", providers]);
    expect(cspDirectives(expanded)['connect-src']).toEqual(["'self'", providers]);
    expect(buildCsp(expanded).replaceAll(providers, '')).not.toMatch(/https?:\/\//);
  });

  it('lets the page call the sandbox’s API on its own origin when a build gives it one (SANDBOX_API_ORIGIN)', () => {
    const api = 'http://localhost:4312';
    const expanded = expandSandbox({ SANDBOX_API_ORIGIN: api });
    expect(expanded.VITE_API_BASE_URL).toBe(api);
    expect(cspDirectives(expanded)['connect-src']).toEqual(["'self'", api, 'http://localhost:4174']);
    // Only calls: no script or frame from the API's origin, but the Hyp terminal's return page (the
    // operator's), which the hosted page's frame passes through on its way back.
    expect(cspDirectives(expanded)['script-src']).not.toContain(api);
    expect(cspDirectives(expanded)['frame-src']).not.toContain(api);
    expect(cspDirectives(expanded)['frame-src']).toEqual(["'self'", `${api}/v4/hyp/return`, 'http://localhost:4174']);
  });

  it('has no frame-ancestors: a meta element cannot carry it (the sandbox server adds it as a header)', () => {
    expect(cspDirectives(production)).not.toHaveProperty('frame-ancestors');
  });

  it('names no script source but http(s) hosts: a javascript: or data: setting adds nothing', () => {
    const policy = cspDirectives({
      ...production,
      VITE_STRIPE_JS_URL: 'javascript:alert(1)',
      VITE_BIT_ORIGIN: 'data:,x',
    });
    expect(buildCsp({ ...production, VITE_STRIPE_JS_URL: 'javascript:alert(1)' })).not.toContain('javascript');
    expect(policy['script-src']).not.toContain('https://js.stripe.com');
  });

  it('adds Sentry’s ingest host without the DSN’s key, and the analytics endpoint, when they are configured', () => {
    const configured = {
      ...production,
      VITE_SENTRY_DSN: 'https://abc123publickey@o42.ingest.sentry.io/7',
      VITE_ANALYTICS_ID: 'G-TEST',
      VITE_ANALYTICS_ENDPOINT: 'https://collect.pay-operator.example/events',
    };
    const connect = cspDirectives(configured)['connect-src'];
    expect(connect).toContain('https://o42.ingest.sentry.io');
    expect(connect).toContain('https://collect.pay-operator.example');
    expect(buildCsp(configured)).not.toContain('abc123publickey');
    expect(cspDirectives(production)['connect-src']?.join(' ')).not.toMatch(/sentry|collect/);
  });

  it('refuses a measurement id without an endpoint: analytics would be on with nowhere to send', () => {
    expect(() => cspDirectives({ ...production, VITE_ANALYTICS_ID: 'G-TEST' })).toThrow(/VITE_ANALYTICS_ENDPOINT/);
  });
});

describe('the Permissions-Policy of a build (the production server’s header)', () => {
  it('allows payment to the page and to the wallets’ own frames: Google Pay’s and Stripe’s', () => {
    expect(permissionsPolicy(production)).toBe('payment=(self "https://pay.google.com" "https://js.stripe.com")');
  });

  it('gives it to the sandbox’s stand-ins’ origin instead, once', () => {
    const standIns = {
      ...production,
      VITE_GOOGLE_PAY_SDK_URL: 'http://localhost:4174/sandbox/sdk/google-pay.js',
      VITE_STRIPE_JS_URL: 'http://localhost:4174/sandbox/sdk/stripe.js',
    };
    expect(permissionsPolicy(standIns)).toBe('payment=(self "http://localhost:4174")');
  });

  it('gives nothing to a wallet setting that is no http(s) address', () => {
    expect(permissionsPolicy({ ...production, VITE_GOOGLE_PAY_SDK_URL: 'javascript:alert(1)' })).toBe(
      'payment=(self "https://js.stripe.com")',
    );
  });
});

describe('the servers’ headers of a build: the policy with its violation reports', () => {
  const page = "default-src 'self'; script-src 'self'";

  it('sends the reports to VITE_CSP_REPORT_URL by report-to (Reporting-Endpoints) and by report-uri', () => {
    expect(serverHeaders(production, page)).toEqual({
      'Content-Security-Policy': `${page}; report-uri /csp-reports; report-to csp-violations`,
      'Reporting-Endpoints': 'csp-violations="/csp-reports"',
      'Permissions-Policy': 'payment=(self "https://pay.google.com" "https://js.stripe.com")',
    });
    expect(serverHeaders({ ...production, VITE_CSP_REPORT_URL: 'https://reports.operator.example/csp' }, page)).toEqual(
      expect.objectContaining({
        'Content-Security-Policy': `${page}; report-uri https://reports.operator.example/csp; report-to csp-violations`,
        'Reporting-Endpoints': 'csp-violations="https://reports.operator.example/csp"',
      }),
    );
    expect(serverHeaders(sandbox, page)['Reporting-Endpoints']).toBe('csp-violations="/sandbox/csp-reports"');
  });

  it('refuses no address, plain http (browsers ignore an endpoint that is not secure) and another origin’s path', () => {
    for (const address of [
      undefined,
      '',
      '  ',
      'http://reports.operator.example/csp',
      'http://localhost:4173/r',
      '//evil.example/r',
      'csp-reports',
    ])
      expect(() => serverHeaders({ ...production, VITE_CSP_REPORT_URL: address }, page), String(address)).toThrow(
        /VITE_CSP_REPORT_URL/,
      );
  });
});

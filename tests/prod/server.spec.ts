/**
 * The production server (deploy/Caddyfile, npm run serve:prod) answers as production must: HTTP/2 over
 * TLS, the security headers with the build's own policy, hashed assets immutable and precompressed, every
 * app route answered with the app, and a missing asset a real 404.
 */
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request as newRequest } from '@playwright/test';
import { expect, openMachine, STAND_INS_ORIGIN, test } from '../e2e/fixtures';
import { SANDBOX_ORIGIN } from '../../playwright.prod.config';
import wheelshareEn from '../../locales/wheelshare/en.json' with { type: 'json' };
import { payPath } from '../fixtures/machine-pages';

const DIST = 'dist-prod';

/** The policy the build put into index.html's <meta> (scripts/csp-plugin.ts). */
const metaPolicy = (html: string) =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? 'no meta policy';

/** The libraries every page loads, a hashed asset, as index.html names it. */
const vendorScript = () =>
  /src="(\/assets\/vendor-[^"]+\.js)"/.exec(readFileSync(join(DIST, 'index.html'), 'utf8'))?.[1] ?? 'no vendor script';

/** One GET as sent, with exactly this Accept-Encoding (Playwright's client adds its own): headers and raw bytes. */
function get(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      { rejectUnauthorized: false, headers: { 'Accept-Encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

test('the browser talks HTTP/2 to the server, for the page and every asset', async ({ page, baseURL }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const protocols = new Map<string, string>();
  cdp.on('Network.responseReceived', ({ response }) => {
    if (response.url.startsWith(baseURL ?? '-')) protocols.set(response.url, response.protocol ?? 'unknown');
  });
  await openMachine(page, 'en', 1001);
  expect(protocols.size).toBeGreaterThan(3);
  expect(new Set(protocols.values())).toEqual(new Set(['h2']));
});

test('a page: the security headers, no-cache, and the build’s own policy as a header with its reports and frame-ancestors', async ({
  baseURL,
}) => {
  const page = await get(`${baseURL ?? ''}${payPath(1001)}`, 'identity');
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(page.headers['cache-control']).toBe('no-cache');
  // The policy with what only a header can carry: its violation reports (the sandbox build's
  // VITE_CSP_REPORT_URL, a path Caddy forwards to the sandbox) and frame-ancestors.
  expect(page.headers['content-security-policy']).toBe(
    `${metaPolicy(page.body.toString())}; report-uri /sandbox/csp-reports; report-to csp-violations; frame-ancestors 'self'`,
  );
  expect(page.headers['reporting-endpoints']).toBe('csp-violations="/sandbox/csp-reports"');
  expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
  expect(page.headers['x-content-type-options']).toBe('nosniff');
  expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The wallets' frames are the stand-ins' here (the real providers' in a production build).
  expect(page.headers['permissions-policy']).toBe(`payment=(self "${STAND_INS_ORIGIN}")`);
  expect(page.headers).not.toHaveProperty('server');
});

test('a hashed asset: cached for a year as immutable, brotli or gzip as the browser accepts, the same bytes', async ({
  baseURL,
}) => {
  const path = vendorScript();
  const file = readFileSync(join(DIST, path));
  const url = `${baseURL ?? ''}${path}`;

  const br = await get(url, 'gzip, deflate, br');
  expect(br.status).toBe(200);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toBe('Accept-Encoding');
  expect(br.body.length).toBeLessThan(file.length / 2);
  expect(brotliDecompressSync(br.body).equals(file)).toBe(true);

  const gzip = await get(url, 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).equals(file)).toBe(true);

  const identity = await get(url, 'identity');
  expect(identity.headers).not.toHaveProperty('content-encoding');
  expect(identity.body.equals(file)).toBe(true);
  expect(identity.headers['strict-transport-security']).toBe('max-age=31536000');
});

test('a missing hashed asset is a 404, never the app’s page', async ({ baseURL }) => {
  const missing = await get(`${baseURL ?? ''}/assets/index-0ld0ld0l.js`, 'br');
  expect(missing.status).toBe(404);
  expect(missing.body.toString()).not.toContain('<html');
});

test('the build’s records are not served', async ({ baseURL }) => {
  for (const path of ['/server-headers.json', '/.vite/manifest.json', '/sandbox.json'])
    expect((await get(`${baseURL ?? ''}${path}`, 'identity')).status, path).toBe(404);
});

test('a deep link to /pay?machine_id=… opens that machine’s products', async ({ page }) => {
  const response = await page.goto(payPath(1001));
  expect(response?.status()).toBe(200);
  await openMachine(page, 'en', 1001);
});

test('a deep link to /wheelshare/afterPayment shows its page', async ({ page }) => {
  await page.goto('/wheelshare/afterPayment');
  await expect(page.getByRole('heading', { name: wheelshareEn.afterPayment.heading })).toBeVisible();
});

/**
 * A violation on a payment page reaches the operator's collector (PCI DSS 11.6.1: an unexpected script is
 * reported, not only blocked). Here, not in tests/e2e: Chromium delivers report-to reports only for a page
 * served over https (it ignores Reporting-Endpoints on the plain-http sandbox, and report-uri once report-to
 * is there), and Caddy's https page posts them to /sandbox/csp-reports on its own origin, which it forwards to
 * the sandbox. Chromium 156 delivered such a report within a second in a trial with these launch flags
 * (scripts/chromium.json), no --short-reporting-delay needed; the poll allows expect's 10 s. A script from a
 * foreign origin with a path of its own tells this test's report from any other test's.
 */
test('a foreign script on /pay is blocked and reported to the sandbox, the operator’s collector', async ({
  page,
}, testInfo) => {
  await openMachine(page, 'en', 1001);
  const skimmer = `https://skimmer.example/${testInfo.testId}.js`;
  await page.evaluate((src) => {
    const script = document.createElement('script');
    script.src = src;
    document.head.append(script);
  }, skimmer);

  const sandbox = await newRequest.newContext({ baseURL: SANDBOX_ORIGIN });
  const reports = async () =>
    ((await (await sandbox.get('/sandbox/csp-reports')).json()) as { blockedURL: string }[]).filter(
      ({ blockedURL }) => blockedURL === skimmer,
    );
  await expect.poll(reports).toEqual([
    expect.objectContaining({
      via: 'report-to',
      documentURL: expect.stringContaining(payPath(1001)),
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
    }),
  ]);
  await sandbox.dispose();
});

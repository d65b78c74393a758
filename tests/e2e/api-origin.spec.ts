/**
 * The operator's API on an origin of its own, as in production (design.md §2.2): the browser really calls it
 * cross-origin, under CORS with credentials, and a misconfigured API origin gives the visitor the
 * menu-unavailable screen with its support call, never a blank page (requirements.md §8, design.md §10).
 */
import type { Page } from '@playwright/test';
import infoEn from '../../locales/info/en.json' with { type: 'json' };
import {
  API_ORIGIN,
  DEFAULT_SUPPORT_PHONE,
  escapeRegExp,
  expect,
  expectCharges,
  fill,
  linePrice,
  openPayment,
  product,
  productChoices,
  sheetButton,
  STAND_INS_ORIGIN,
  startMethod,
  successHeading,
  telHref,
  test,
  TEXTS,
  walletButton,
  watchPageErrors,
} from './fixtures';
import { menuCall, payPath } from '../fixtures/machine-pages';

const t = TEXTS.en;
const cola = product(1001, 101);

test.skip(!API_ORIGIN, 'this build serves the API on the app’s origin (build it with SANDBOX_API_ORIGIN)');

/** Uncaught errors: a page that throws while starting is the blank page these tests rule out. */
/** The menu-unavailable screen: its message, Try again, and a call to the default support phone. */
async function expectMenuUnavailable(page: Page) {
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(t.machine.unavailable);
  await expect(alert.getByRole('button', { name: t.machine.retry })).toBeVisible();
  // The machine's own phone came with the menu that never arrived: the product's default.
  await expect(alert.getByRole('link', { name: new RegExp(`^${escapeRegExp(t.machine.contact)}`) })).toHaveAttribute(
    'href',
    telHref(DEFAULT_SUPPORT_PHONE),
  );
  await expect(page.getByRole('status')).toHaveCount(0); // no spinner left turning
}

test('the whole Google Pay journey calls the API on its own origin, which answers CORS for the app', async ({
  page,
  request,
}) => {
  const calls: { url: URL; allowOrigin: string | undefined; allowCredentials: string | undefined }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/v4/api/')) return;
    const headers = response.headers();
    calls.push({
      url,
      allowOrigin: headers['access-control-allow-origin'],
      allowCredentials: headers['access-control-allow-credentials'],
    });
  });
  const sessionId = await openPayment(page, 'en', 1001);
  await startMethod(page, t, 'google_pay');
  await walletButton(page, t, 'google_pay').click();
  await sheetButton(page, 'Google Pay', 'Approve').click();
  await expect(successHeading(page, t)).toBeVisible();
  await expectCharges(request, sessionId, [{ method: 'google_pay', status: 'approved', amount: linePrice(cola) }]);

  const pageOrigin = new URL(page.url()).origin;
  expect(new URL(API_ORIGIN).origin).not.toBe(pageOrigin);
  expect(calls.map(({ url }) => url.pathname)).toEqual(
    expect.arrayContaining(['/v4/api/menu/get', '/v4/api/menu/set_purchase', '/v4/api/payment/pay/wallet']),
  );
  for (const { url, allowOrigin, allowCredentials } of calls) {
    expect(url.origin, url.pathname).toBe(API_ORIGIN);
    // Credentialed calls: the browser accepted them only because the API named this page and allowed credentials.
    expect(allowOrigin, url.pathname).toBe(pageOrigin);
    expect(allowCredentials, url.pathname).toBe('true');
  }
});

test('the app’s origin does not answer /v4/api: nothing passes by accident on one origin', async ({ request }) => {
  expect((await request.get(menuCall(1001))).status()).toBe(404);
  expect((await request.get(`${API_ORIGIN}${menuCall(1001)}`)).status()).toBe(200);
});

test('an app origin the API does not allow: the browser refuses the answers; the menu-unavailable screen', async ({
  page,
  baseURL,
}) => {
  const errors = watchPageErrors(page);
  // The same server, reached as http://[::1]:PORT: an origin the API does not answer CORS for.
  const foreign = new URL(baseURL ?? '');
  foreign.hostname = '[::1]';
  const refused: string[] = [];
  page.on('requestfailed', (sent) => {
    if (new URL(sent.url()).pathname === '/v4/api/menu/get') refused.push(sent.failure()?.errorText ?? '');
  });
  await page.goto(`${foreign.origin}${payPath(1001)}`);
  await expectMenuUnavailable(page);
  // Tried and retried (GETs retry twice), each refused by the browser, none answered to the page.
  expect(refused).toEqual(Array(3).fill('net::ERR_FAILED'));
  expect(errors).toEqual([]);
});

const WRONG_HOSTS = [
  // Nothing listens there (and the page's connect-src does not list it either).
  ['a host that does not answer', 'http://localhost:9'],
  // A server, but not the operator's API: the providers' stand-ins answer /v4/api 404, with no CORS.
  ['a server that is not the API', STAND_INS_ORIGIN],
] as const;

for (const [what, host] of WRONG_HOSTS) {
  test(`base_host saved on /debug_vars is ${what}: the menu-unavailable screen, then the default restores the menu`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    await page.goto('/debug_vars');
    const field = page.getByRole('textbox', { name: infoEn.debugVars.baseHost });
    await field.fill(host);
    await page.getByRole('button', { name: infoEn.debugVars.save, exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(fill(infoEn.debugVars.saved, { host }));

    await page.goto(payPath(1001));
    await expectMenuUnavailable(page);
    expect(errors).toEqual([]);

    await page.goto('/debug_vars');
    await page.getByRole('button', { name: infoEn.debugVars.useDefault, exact: true }).click();
    await page.goto(payPath(1001));
    await expect(productChoices(page, t)).toBeVisible();
  });
}

test('a base_host that is no address at all, stored by hand, is passed over: the menu comes from the build’s API', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  const menuCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/v4/api/menu/get')) menuCalls.push(new URL(sent.url()).origin);
  });
  // /debug_vars refuses these; local storage can still hold them (requirements.md §3 keeps the host there).
  for (const host of ['api.example.com', 'javascript:alert(1)', 'http://']) {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('base_host', value), host);
    await page.goto(payPath(1001));
    await expect(productChoices(page, t)).toBeVisible();
  }
  expect(new Set(menuCalls)).toEqual(new Set([API_ORIGIN]));
  expect(errors).toEqual([]);
});

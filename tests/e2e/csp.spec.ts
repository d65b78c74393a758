/**
 * The Content-Security-Policy of the build (scripts/csp-plugin.ts) in a real browser: every test here
 * runs under it, as every other browser test does. The payments whose provider code runs in the page
 * (Google Pay's sheet, Stripe's card element, Tranzila's hosted fields) complete without a single
 * violation; eval is refused; and while error reporting and analytics are not configured, none of
 * their code or requests reach the page.
 */
import type { Page } from '@playwright/test';
import {
  API_ORIGIN,
  card,
  drawerButton,
  expect,
  fillCardElement,
  fillHostedFields,
  inEnglish,
  hostedField,
  linePrice,
  openMachine,
  openPayment,
  payAmountButton,
  product,
  sheetButton,
  STAND_INS_ORIGIN,
  startMethod,
  successHeading,
  test,
} from './fixtures';
import { GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';
import { payPath } from '../fixtures/machine-pages';

/** What the browser reported against the policy: violation events and console errors. */
interface Violations {
  events: () => Promise<string[]>;
  console: string[];
}

/** Records every securitypolicyviolation of the page (from its first script on) and every CSP console message. */
async function watchPolicy(page: Page): Promise<Violations> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI}`),
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) console.push(message.text());
  });
  return {
    events: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    console,
  };
}

async function expectNoViolations(violations: Violations): Promise<void> {
  expect(await violations.events()).toEqual([]);
  expect(violations.console).toEqual([]);
}

inEnglish('Content-Security-Policy', (lang, t) => {
  test('the page carries the policy, in its meta element and as a header with its reports and frame-ancestors', async ({
    page,
  }) => {
    const response = await page.goto(payPath(1001));
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toContain("script-src 'self'");
    expect(meta).not.toContain('unsafe-eval');
    // A <meta> policy cannot carry report-uri or report-to (browsers ignore them there with a console
    // error, which the tests below would catch): only the header names where violations are reported.
    expect(meta).not.toContain('report');
    expect(response?.headers()['content-security-policy']).toBe(
      `${meta ?? ''}; report-uri /sandbox/csp-reports; report-to csp-violations; frame-ancestors 'self'`,
    );
    // Chromium acts on it only for an https page: tests/prod/server.spec.ts sees a violation reported.
    expect(response?.headers()['reporting-endpoints']).toBe('csp-violations="/sandbox/csp-reports"');
  });

  test('eval is refused: the policy is in force', async ({ page }) => {
    const violations = await watchPolicy(page);
    await openMachine(page, lang, 1001);
    // Later, from the page's own task: DevTools lets code it evaluates directly bypass the policy.
    const evaluated = await page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          setTimeout(() => {
            try {
              resolve(String(eval('1')));
            } catch (error) {
              resolve((error as Error).name);
            }
          }),
        ),
    );
    expect(evaluated).toBe('EvalError');
    // The browser reports it (Chromium may report one refusal more than once), and nothing else.
    await expect.poll(violations.events).toContain('script-src blocked eval');
    expect(new Set(await violations.events())).toEqual(new Set(['script-src blocked eval']));
  });

  test('Google Pay: the sheet approves the payment with no policy violation', async ({ page }) => {
    const violations = await watchPolicy(page);
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'google_pay');
    await drawerButton(page, t, GOOGLE_PAY_BUTTON).click();
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectNoViolations(violations);
  });

  test('Tranzila hosted fields: a card pays with no policy violation', async ({ page }) => {
    const violations = await watchPolicy(page);
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'credit_card');
    await expect(hostedField(page, 'cvv')).toBeEditable();
    await fillHostedFields(page, card());
    await payAmountButton(page, t, linePrice(product(1001, 101))).click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectNoViolations(violations);
  });

  test('Stripe card element: a card pays with no policy violation', async ({ page }) => {
    const violations = await watchPolicy(page);
    await openPayment(page, lang, 1004);
    await startMethod(page, t, 'stripe');
    await fillCardElement(page, t, card('4242424242424242'));
    const pay = payAmountButton(page, t, linePrice(product(1004, 401)));
    await expect(pay).toHaveAttribute('aria-busy', 'false');
    await pay.click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectNoViolations(violations);
  });
});

test('unconfigured error reporting and analytics: no Sentry code, no beacon, nothing off this origin but the providers’', async ({
  page,
  baseURL,
  t,
}) => {
  const scripts: Promise<string>[] = [];
  const requests: { url: string; type: string }[] = [];
  page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
  page.on('response', (response) => {
    // A worker that has already ended (the Intl warm-up) no longer hands over its body: the same URL is read again.
    if (response.request().resourceType() === 'script')
      scripts.push(response.text().catch(async () => (await page.request.get(response.url())).text()));
  });
  await openPayment(page, 'en', 1001);
  await startMethod(page, t, 'google_pay'); // taps that would be analytics events, were it configured
  await expect(drawerButton(page, t, GOOGLE_PAY_BUTTON)).toBeVisible();

  expect(scripts.length).toBeGreaterThan(3);
  for (const source of await Promise.all(scripts)) expect(source).not.toMatch(/__SENTRY__|sentry\.javascript/);
  expect(requests.filter(({ url }) => /sentry/i.test(url))).toEqual([]);
  expect(requests.filter(({ type }) => type === 'ping')).toEqual([]); // sendBeacon
  // The providers' code comes from their own origin (the stand-ins'), as in production from theirs; the
  // operator's API is on its own origin when the build gives it one.
  expect(
    requests.filter(
      ({ url }) => !url.startsWith(baseURL ?? '-') && ![STAND_INS_ORIGIN, API_ORIGIN].includes(new URL(url).origin),
    ),
  ).toEqual([]);
});

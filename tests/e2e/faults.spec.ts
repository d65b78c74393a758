/**
 * Faults (design.md §10.1), in the browser against the real sandbox: a fault is injected into one call of one
 * page (the `x-sandbox-fault` header, added to that page's requests only, so tests running side by side
 * never see each other's faults). Each test checks the translated message, the way forward, and that
 * the page threw nothing and logged no error but Chromium's own "Failed to load resource" lines.
 * The full matrix of calls × faults is tests/component/faults.test.tsx.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import wsEn from '../../locales/wheelshare/en.json' with { type: 'json' };
import wsHe from '../../locales/wheelshare/he.json' with { type: 'json' };
import { MAX_POLL_FAILURES } from '../../machines/wheelshare/wheelshare.machine';
import { GET_RETRIES } from '../../src/api/client';
import { POLL_TIMEOUT_MS } from '../../src/api/wheelshare';
import { FAULT_HEADER, type Fault } from '../../sandbox/faults';
import {
  API_ORIGIN,
  continueButton,
  drawer,
  drawerButton,
  escapeRegExp,
  expect,
  expectCharges,
  failurePage,
  inEnglish,
  type Lang,
  openMachine,
  openPayment,
  payOnPhone,
  phoneFor,
  productChoices,
  sheetButton,
  startMethod,
  test,
  intentPath,
} from './fixtures';
import { GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';
import { payPath } from '../fixtures/machine-pages';

/** requirements.md §9: the station polls every 1 s. */
const POLL_INTERVAL_MS = 1_000;
/** requirements.md §9: the hourly rate, 5 NIS; the station rents for an hour by default. */
const ONE_HOUR = 5;

/** Injects `fault` into every request this page sends to one call, until cleared; counts them. */
async function injectFault(page: Page, call: string, fault: Fault) {
  const state = { fault: fault as Fault | undefined, requests: 0 };
  await page.route(
    (url) => url.pathname === `/v4/api/${call}`,
    async (route) => {
      state.requests += 1;
      const headers = state.fault ? { ...route.request().headers(), [FAULT_HEADER]: state.fault } : undefined;
      await route.continue(headers ? { headers } : {});
    },
  );
  return {
    requests: () => state.requests,
    clear: () => {
      state.fault = undefined;
    },
  };
}

/** Uncaught errors and console errors, leaving out Chromium's own line for each failed request. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return errors;
}

/** The longest a lost connection may take to show: every failed poll timed out, then waited a tick. */
const LOST_WITHIN_MS = MAX_POLL_FAILURES * (POLL_TIMEOUT_MS + POLL_INTERVAL_MS);
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);
const STATION_TEXTS: Record<Lang, typeof wsEn> = { en: wsEn, he: wsHe };
/** This file's phone numbers (phoneFor): apart from the other files' rentals. */
const FAULT_PHONES = 9_910_000;

/** The visitor pays the station's rental on their phone, under the visitor uuid its payment link names. */
/** Pays the rental as the visitor's phone would: through the signed payment link of the station's QR code. */
async function payRentalOnPhone(request: APIRequestContext, qrCodeLink: string) {
  const qrLink = new URL(qrCodeLink);
  const link = await request.get(`${API_ORIGIN}/v4/api/merchants/custom/get_iframe${qrLink.search}`);
  const { payment } = (await link.json()) as { payment: { visitor_uuid: string } };
  await payOnPhone(request, payment.visitor_uuid, ONE_HOUR);
}

inEnglish('faults', (lang, t) => {
  const ws = STATION_TEXTS[lang];
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = watchErrors(page);
  });
  test.afterEach(() => {
    expect(errors).toEqual([]);
  });

  test('menu 500: tried three times, then the message with Try again and a support call; Try again loads the menu', async ({
    page,
  }) => {
    const menu = await injectFault(page, 'menu/get', '500');
    await page.goto(payPath(1001));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t.machine.unavailable);
    expect(menu.requests()).toBe(3);
    await expect(alert.getByRole('link', { name: startsWith(t.machine.contact) })).toBeVisible();

    menu.clear();
    await alert.getByRole('button', { name: t.machine.retry }).click();
    await expect(productChoices(page, t)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('menu network failure: the message with Try again and a support call, never a spinner', async ({ page }) => {
    const menu = await injectFault(page, 'menu/get', 'network');
    await page.goto(payPath(1001));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t.machine.unavailable);
    await expect(alert.getByRole('button', { name: t.machine.retry })).toBeVisible();
    await expect(alert.getByRole('link', { name: startsWith(t.machine.contact) })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(menu.requests()).toBe(3);
  });

  test('set_purchase malformed JSON: sent once; the message, a support call and Continue, which then works', async ({
    page,
  }) => {
    await openMachine(page, lang, 1001);
    const setPurchase = await injectFault(page, 'menu/set_purchase', 'malformed-json');
    await continueButton(page, t).click();
    await expect(page.getByRole('alert')).toHaveText(t.purchase.error);
    await expect(page.getByRole('link', { name: startsWith(t.machine.contact) })).toBeVisible();
    await expect(drawer(page, t)).toHaveCount(0);
    expect(setPurchase.requests()).toBe(1);

    setPurchase.clear();
    await continueButton(page, t).click();
    await expect(drawer(page, t)).toBeVisible();
    expect(setPurchase.requests()).toBe(2);
  });

  test('Google Pay’s pay call times out: sent once; the purchase asks the operator, and while the API stays offline the page says the payment could not be confirmed (support, Check again); asked again once the API is back, the operator says nothing was charged', async ({
    page,
    request,
  }) => {
    const sessionId = await openPayment(page, lang, 1001);
    await startMethod(page, t, 'google_pay');
    const pay = drawerButton(page, t, GOOGLE_PAY_BUTTON);
    await expect(pay).toBeVisible();
    const wallet = await injectFault(page, 'payment/pay/wallet', 'timeout');
    // The API is offline for the status call too.
    const status = await injectFault(page, 'payment/status', 'network');
    // The client's 15 s time-out runs on the page's clock, which the test moves on instead of waiting.
    await page.clock.install();
    await pay.click();
    const sent = page.waitForRequest((sentRequest) => sentRequest.url().includes('/v4/api/payment/pay/wallet'));
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await sent;
    await page.clock.fastForward(16_000);

    // Not the failure page: the charge may have gone through, so the operator is asked (GET /payment/status),
    // which retries with backoff on the page's clock, moved on a second at a time.
    const step = drawer(page, t);
    const unconfirmed = step.getByRole('status').filter({ hasText: t.payment.status.unconfirmed });
    let movedOn = 0;
    await expect
      .poll(
        async () => {
          if (await unconfirmed.isVisible()) return true;
          movedOn += 1_000;
          await page.clock.fastForward(1_000);
          return false;
        },
        { message: t.payment.status.unconfirmed },
      )
      .toBe(true);
    // The status call failed (each of its tries): not the minute's wait for a verdict running out.
    expect(status.requests()).toBe(1 + GET_RETRIES);
    expect(movedOn).toBeLessThan(60_000);
    await expect(step.getByRole('heading', { name: t.payment.status.title })).toBeVisible();
    await expect(step.getByRole('link', { name: startsWith(t.failure.support) })).toBeVisible();
    const checkAgain = drawerButton(page, t, t.payment.status.checkAgain);
    await expect(checkAgain).toBeEnabled();
    await expect(failurePage(page, t)).toHaveCount(0);
    expect(wallet.requests()).toBe(1);

    // The API is back: asked again, the operator says nothing was charged (the pay call never reached it).
    status.clear();
    await checkAgain.click();
    const failure = failurePage(page, t);
    await expect(failure).toContainText(t.payment.errors.notCharged);
    await expect(failure).not.toContainText(t.payment.errors.unconfirmed);
    await expect(failure.getByRole('button', { name: t.failure.retry })).toBeVisible();
    await expect(failure.getByRole('link', { name: startsWith(t.failure.support) })).toBeVisible();
    expect(status.requests()).toBe(2 + GET_RETRIES);
    await page.clock.fastForward(5_000);
    expect(wallet.requests()).toBe(1);
    await expectCharges(request, sessionId, []);
  });

  for (const [index, fault] of (['500', 'network'] as const).entries()) {
    test(`wheelshare polls fail (${fault}): connection lost with Try again, Cancel and a support call; Try again picks the payment up`, async ({
      page,
      request,
    }) => {
      const phone = phoneFor(lang, FAULT_PHONES + index);
      await page.goto('/wheelshare');
      await page.getByRole('textbox', { name: ws.form.phone }).fill(phone);
      await page.getByRole('button', { name: ws.form.submitRent }).click();
      await expect(page.getByRole('img', { name: ws.pay.qrLabel })).toBeVisible();
      // The link a phone reads from the QR code, which the station hides while the connection is lost.
      const qrCodeLink = (await page.getByRole('img', { name: ws.pay.qrLabel }).getAttribute('data-value')) ?? '';

      const polls = await injectFault(page, 'merchants/wheelshare/is_waiting_for_creditcard', fault);
      const lost = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: ws.lost.heading }) });
      // The chart's own bound: that many failed polls, each waited for, then tried again a tick later.
      await expect(lost).toContainText(ws.lost.text, { timeout: LOST_WITHIN_MS });
      await expect(lost.getByRole('button', { name: ws.lost.cancel })).toBeVisible();
      await expect(lost.getByRole('link', { name: startsWith(t.failure.support) })).toBeVisible();
      expect(polls.requests()).toBeGreaterThanOrEqual(3);

      polls.clear();
      await payRentalOnPhone(request, qrCodeLink);
      await lost.getByRole('button', { name: ws.lost.retry }).click();
      await expect(page.getByRole('heading', { name: ws.done.heading })).toBeVisible();
    });
  }

  test('get_iframe answers the wrong shape: the message with Try again and a support call; Try again goes on to the payment', async ({
    page,
  }) => {
    const intent = await injectFault(page, 'merchants/custom/get_iframe', 'schema-invalid');
    await page.goto(intentPath({ machine_id: '1001', amount: '7.5', info: 'Parking' }));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t.machine.unavailable);
    await expect(alert.getByRole('link', { name: startsWith(t.machine.contact) })).toBeVisible();
    await expect(page).toHaveURL(/\/genPaymentIntend\?/);

    intent.clear();
    await alert.getByRole('button', { name: t.machine.retry }).click();
    await expect(page).toHaveURL(/\/customPaymentIframe\?/);
    await expect(continueButton(page, t)).toBeVisible();
  });
});

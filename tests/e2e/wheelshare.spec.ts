/**
 * requirements.md §2 / §4 / §8: the wheelshare station (/wheelshare) and the visitor's landing page
 * (/wheelshare/afterPayment) against the sandbox. The visitor "pays on their phone" through the
 * sandbox's real wallet contract from the test. Tests run in parallel against one server, so each
 * uses its own phone number.
 */
import type { Page, Request } from '@playwright/test';
import wsEn from '../../locales/wheelshare/en.json' with { type: 'json' };
import wsHe from '../../locales/wheelshare/he.json' with { type: 'json' };
import {
  DEFAULT_SUPPORT_PHONE,
  escapeRegExp,
  expect,
  expectDocumentLanguage,
  expectWithinColumn,
  forEachLanguage,
  inEnglish,
  type Lang,
  payOnPhone,
  phoneFor,
  settled,
  telHref,
  test,
  TEXTS,
} from './fixtures';

/** requirements.md §9: the station polls every 1 s. */
const POLL_INTERVAL_MS = 1_000;
/** Silence is shown by waiting out two of the station's poll ticks: a live poll would have fired in them. */
const QUIET_POLLS_MS = 2 * POLL_INTERVAL_MS + 500;

type StationTexts = typeof wsEn;
const STATION_TEXTS: Record<Lang, StationTexts> = { en: wsEn, he: wsHe };

const WAITING = '**/v4/api/merchants/wheelshare/is_waiting_for_creditcard**';
const WAITING_PATH = '/v4/api/merchants/wheelshare/is_waiting_for_creditcard';
const SET_PURCHASE_PATH = '/v4/api/merchants/wheelshare/set_purchase';

function recordPolls(page: Page): Request[] {
  const polls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === WAITING_PATH) polls.push(request);
  });
  return polls;
}

async function openStation(page: Page, lang: Lang, ws: StationTexts) {
  await page.goto('/wheelshare');
  await expectDocumentLanguage(page, lang);
  await expect(page.getByRole('heading', { level: 1, name: ws.title })).toBeVisible();
}

const phoneField = (page: Page, ws: StationTexts) => page.getByRole('textbox', { name: ws.form.phone });
const rentButton = (page: Page, ws: StationTexts) => page.getByRole('button', { name: ws.form.submitRent });
const qrCode = (page: Page, ws: StationTexts) => page.getByRole('img', { name: ws.pay.qrLabel });

/** Fills the form to rent (hourly, an hour from now) and submits; answers the rental's session_id. */
async function rent(page: Page, ws: StationTexts, phone: string): Promise<string> {
  await phoneField(page, ws).fill(phone);
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === SET_PURCHASE_PATH && response.request().method() === 'POST',
  );
  await rentButton(page, ws).click();
  const { session_id: sessionId } = (await (await answered).json()) as { session_id: string };
  await expect(qrCode(page, ws)).toBeVisible();
  return sessionId;
}

/** requirements.md §9: the hourly rate, 5 NIS. */
const ONE_HOUR = 5;

inEnglish('wheelshare station', (lang) => {
  const ws = STATION_TEXTS[lang];

  test('submit is disabled while the phone is blank; an implausible number shows a clear error', async ({ page }) => {
    await openStation(page, lang, ws);
    await expect(rentButton(page, ws)).toBeDisabled();
    await phoneField(page, ws).fill('   ');
    await expect(rentButton(page, ws)).toBeDisabled();
    await phoneField(page, ws).fill('12345');
    await expect(rentButton(page, ws)).toBeEnabled();
    await rentButton(page, ws).click();
    await expect(page.getByRole('alert')).toHaveText(ws.form.phoneInvalid);
    await expect(phoneField(page, ws)).toHaveAttribute('aria-invalid', 'true');
    await phoneField(page, ws).fill(phoneFor(lang, 1));
    await expect(page.getByText(ws.form.phoneInvalid)).toHaveCount(0);
    await expect(qrCode(page, ws)).toHaveCount(0);
  });

  test('a poll failure or two is tried again; three in a row show connection lost with Try again', async ({ page }) => {
    let failuresLeft = 2;
    let failed = 0;
    await page.route(WAITING, async (route) => {
      if (failuresLeft <= 0) return route.fallback();
      failuresLeft -= 1;
      failed += 1;
      return route.fulfill({ status: 503, json: { message: 'sandbox is busy' } });
    });
    await openStation(page, lang, ws);
    const polls = recordPolls(page);
    await rent(page, ws, phoneFor(lang, 3));
    // The two failures pass, the next poll answers again: still waiting for the card.
    await expect.poll(() => polls.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
    expect(failed).toBe(2);
    await expect(page.getByRole('heading', { name: ws.lost.heading })).toHaveCount(0);
    await expect(qrCode(page, ws)).toBeVisible();

    failed = 0;
    failuresLeft = Number.POSITIVE_INFINITY;
    const lost = page.getByRole('heading', { name: ws.lost.heading });
    await expect(lost).toBeVisible({ timeout: 8_000 });
    expect(failed).toBe(3);
    await expect(page.getByText(ws.lost.text)).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(escapeRegExp(DEFAULT_SUPPORT_PHONE)) })).toHaveAttribute(
      'href',
      telHref(DEFAULT_SUPPORT_PHONE),
    );
    const polled = polls.length;
    await page.waitForTimeout(QUIET_POLLS_MS);
    expect(polls.length, 'no polling once the connection is lost').toBe(polled);

    failuresLeft = 0;
    await page.getByRole('button', { name: ws.lost.retry }).click();
    await expect(qrCode(page, ws)).toBeVisible();
    await expect.poll(() => polls.length).toBeGreaterThan(polled);
  });

  test('return after a paid rental: returned successfully', async ({ page, request }) => {
    const phone = phoneFor(lang, 4);
    await openStation(page, lang, ws);
    const sessionId = await rent(page, ws, phone);
    await payOnPhone(request, sessionId, ONE_HOUR);
    await page.getByRole('button', { name: ws.done.next }).click();

    await page.getByRole('radio', { name: ws.form.return }).check();
    await phoneField(page, ws).fill(phone);
    await page.getByRole('button', { name: ws.form.submitReturn }).click();
    await expect(page.getByRole('heading', { name: ws.returned.heading })).toBeVisible();
    await expect(page.getByText(ws.returned.text)).toBeVisible();
  });

  // The operator tells a caller without the rental's session nothing about a number (docs/payments.md): the
  // station, which holds no session for the number, asks nothing and says it has no rental for it.
  test('return of a number this station holds no rental session for: refused, the contact-support text, a support call and Try again', async ({
    page,
  }) => {
    await openStation(page, lang, ws);
    await page.getByRole('radio', { name: ws.form.return }).check();
    await phoneField(page, ws).fill(phoneFor(lang, 5));
    await page.getByRole('button', { name: ws.form.submitReturn }).click();
    const failure = page
      .getByRole('alert')
      .filter({ has: page.getByRole('heading', { name: ws.failure.returnHeading }) });
    await expect(failure).toContainText(ws.failure.contactSupport);
    await expect(failure).toContainText(ws.failure.noRental);
    await expect(failure.getByRole('link')).toHaveAttribute('href', telHref(DEFAULT_SUPPORT_PHONE));
    await expect(failure.getByRole('button', { name: ws.failure.retry })).toBeVisible();
  });

  test('afterPayment: the completion message, and Done goes to /wheelshare', async ({ page }) => {
    await page.goto('/wheelshare/afterPayment');
    await expectDocumentLanguage(page, lang);
    await expect(page.getByRole('heading', { level: 1, name: ws.afterPayment.heading })).toBeVisible();
    await expect(page.getByText(ws.afterPayment.text)).toBeVisible();
    await page.getByRole('button', { name: ws.afterPayment.done }).click();
    await expect(page).toHaveURL(/\/wheelshare$/);
    await expect(page.getByRole('heading', { level: 1, name: ws.title })).toBeVisible();
  });

  test('polling stops once the visitor leaves the station page (Back, inside the app)', async ({ page }) => {
    await page.goto('/wheelshare/afterPayment');
    await page.getByRole('button', { name: ws.afterPayment.done }).click();
    await expect(page.getByRole('heading', { level: 1, name: ws.title })).toBeVisible();
    const polls = recordPolls(page);
    await rent(page, ws, phoneFor(lang, 7));
    await expect.poll(() => polls.length).toBeGreaterThanOrEqual(2);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: ws.afterPayment.heading })).toBeVisible();
    await settled(page); // a poll already sent may still be answered
    const polled = polls.length;
    await page.waitForTimeout(QUIET_POLLS_MS);
    expect(polls.length, 'polls after leaving').toBe(polled);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('wheelshare station', (lang, t) => {
  const ws = STATION_TEXTS[lang];

  test('rent: the QR code links to /genPaymentIntend with the phone; paying on the phone shows all done', async ({
    page,
    request,
    baseURL,
  }) => {
    const phone = phoneFor(lang, 2);
    await openStation(page, lang, ws);
    await expect(page.getByText(ws.form.estimate)).toBeVisible();
    // Hours before minutes in every language: a time field never takes the page's rtl.
    for (const name of [ws.form.start, ws.form.end])
      await expect(page.getByLabel(name, { exact: true })).toHaveCSS('direction', 'ltr');
    const polls = recordPolls(page);
    const sessionId = await rent(page, ws, phone);

    const link = page.locator('.station-pay__url');
    // A signed payment link for the rental, expiring in 15 minutes (docs/payments.md "Payment links").
    await expect(link).toHaveText(new RegExp(`^${baseURL ?? ''}/genPaymentIntend\\?`));
    const url = new URL((await link.textContent()) ?? '');
    expect(url.protocol).toBe('http:');
    expect(url.pathname).toBe('/genPaymentIntend');
    expect(url.searchParams.get('machine_id')).toBe('15');
    expect(url.searchParams.get('phone_number')).toBe(phone);
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get('expires'))).toBeGreaterThan(Date.now() / 1000 + 14 * 60);
    await expect(page.getByRole('status')).toHaveText(ws.pay.waiting);

    await expect.poll(() => polls.length).toBeGreaterThanOrEqual(1);
    await payOnPhone(request, sessionId, ONE_HOUR);
    await expect(page.getByRole('heading', { name: ws.done.heading })).toBeVisible();
    await expect(page.getByText(ws.done.text)).toBeVisible();
    await expect(page.getByRole('heading', { name: ws.done.heading })).toBeFocused();
  });

  test('on a 320 × 568 phone both time fields lie within the form’s margins', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await openStation(page, lang, ws);
    // The rental options span the form; Chromium's "10:00 AM" once pushed a field 10 px past them.
    const column = page.getByRole('group', { name: ws.form.option });
    const times = [ws.form.start, ws.form.end].map((label) => page.getByLabel(label, { exact: true }));
    await expectWithinColumn(times, column);
  });

  test('language buttons: each language is a button, the current one pressed; a tap switches and is remembered', async ({
    page,
  }) => {
    await openStation(page, lang, ws);
    const languages = (label: string) => page.getByRole('group', { name: label });
    await expect(languages(t.language.label).getByRole('button')).toHaveText([
      'English',
      'עברית',
      'Français',
      'Español',
    ]);
    await expect(languages(t.language.label).getByRole('button', { pressed: true })).toHaveText(t.language.names[lang]);

    const other: Lang = lang === 'he' ? 'en' : 'he';
    await languages(t.language.label).getByRole('button', { name: t.language.names[other] }).click();
    await expectDocumentLanguage(page, other);
    await expect(page.getByRole('heading', { level: 1, name: STATION_TEXTS[other].title })).toBeVisible();
    await expect(languages(TEXTS[other].language.label).getByRole('button', { pressed: true })).toHaveText(
      t.language.names[other],
    );
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe(other);
  });
});

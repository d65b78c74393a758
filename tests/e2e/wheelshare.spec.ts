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

/** The success page's line for an hour's rental at machine 15 (locales: success.paidTo, summary.machine). */
const PAID_TO: Record<Lang, string> = {
  en: '₪5.00 paid to Machine 15',
  he: 'שילמת \u200f5.00\u00a0\u200f₪ ל‑מכונה 15',
};
/** 14:30 and 09:05 as each page writes a time of day. */
const CHOSEN_TIMES: Record<Lang, string[]> = { en: ['2:30 PM', '9:05 AM'], he: ['14:30', '9:05'] };
/** The estimate's detail for the form's default, an hour from now: one hour at 5. */
const ESTIMATE_DETAIL: Record<Lang, string> = { en: '(1 × ₪5.00)', he: '(1 × \u200f5.00\u00a0\u200f₪)' };

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
    await expect(failure).toContainText(ws.failure.causes.noRental);
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

    // What a phone reads from the QR code: a signed payment link for the rental, expiring in 15 minutes
    // (docs/payments.md "Payment links").
    const link = (await qrCode(page, ws).getAttribute('data-value')) ?? '';
    expect(link).toMatch(new RegExp(`^${baseURL ?? ''}/genPaymentIntend\\?`));
    const url = new URL(link);
    expect(url.protocol).toBe('http:');
    expect(url.pathname).toBe('/genPaymentIntend');
    expect(url.searchParams.get('machine_id')).toBe('15');
    expect(url.searchParams.get('phone_number')).toBe(phone);
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get('expires'))).toBeGreaterThan(Date.now() / 1000 + 14 * 60);
    await expect(page.getByRole('status')).toHaveText(ws.pay.waiting);
    // The station's screen is shared: the visitor's number is nowhere on it, the way to pay without scanning is said.
    await expect(page.getByText(ws.pay.link)).toBeVisible();
    expect(await page.locator('body').innerText()).not.toContain(phone);

    await expect.poll(() => polls.length).toBeGreaterThanOrEqual(1);
    await payOnPhone(request, sessionId, ONE_HOUR);
    await expect(page.getByRole('heading', { name: ws.done.heading })).toBeVisible();
    await expect(page.getByText(ws.done.text)).toBeVisible();
    await expect(page.getByRole('heading', { name: ws.done.heading })).toBeFocused();
    // The facts, as /pay's success page says them: how much to whom, the rental's reference, a support call.
    await expect(page.getByTestId('paid-to')).toHaveText(PAID_TO[lang]);
    const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: ws.done.heading }) });
    await expect(done).toContainText(sessionId.slice(0, 8).toUpperCase());
    await expect(done).not.toContainText(sessionId);
    await expect(done.getByRole('link', { name: new RegExp(`^${escapeRegExp(t.success.support)}`) })).toHaveAttribute(
      'href',
      telHref(DEFAULT_SUPPORT_PHONE),
    );
  });

  test('on a 320 × 568 phone both time fields, and the chosen times under them in the page’s format, lie within the form’s margins', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await openStation(page, lang, ws);
    const start = page.getByLabel(ws.form.start, { exact: true });
    await start.fill('14:30');
    await page.getByLabel(ws.form.end, { exact: true }).fill('09:05');
    const chosen = page.getByTestId('time-chosen');
    await expect(chosen).toHaveText(CHOSEN_TIMES[lang]);
    // The rental options span the form; Chromium's "10:00 AM" once pushed a field 10 px past them.
    const column = page.getByRole('group', { name: ws.form.option });
    const times = [ws.form.start, ws.form.end].map((label) => page.getByLabel(label, { exact: true }));
    await expectWithinColumn([...times, chosen.first(), chosen.last()], column);
  });

  test('on a 320 × 568 phone the language choice is one button on the logo’s row; its list opens over the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await openStation(page, lang, ws);
    const header = page.locator('.page__header');
    const headerHeight = async () => (await header.boundingBox())?.height ?? 0;
    const toggle = page.getByRole('button', { name: `${t.language.label}: ${t.language.names[lang]}` });
    const [logoBox, toggleBox] = await Promise.all([page.locator('.page__logo').boundingBox(), toggle.boundingBox()]);
    const middle = (box: { y: number; height: number } | null) => (box ? box.y + box.height / 2 : Number.NaN);
    expect(Math.abs(middle(logoBox) - middle(toggleBox))).toBeLessThanOrEqual(1);
    // One row of 44 px controls and the header's padding, as on every page with a language select.
    const closed = await headerHeight();
    expect(closed).toBeLessThanOrEqual(72);
    await toggle.click();
    const list = page.getByRole('group', { name: t.language.label });
    await expect(list.getByRole('button')).toHaveCount(4);
    expect(await headerHeight()).toBe(closed);
    // Each name whole inside its button (held to the toggle's width, "Français" ran out of its box in Hebrew).
    const overflowing = await list
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.filter((button) => button.scrollWidth > button.clientWidth).map((button) => button.textContent),
      );
    expect(overflowing).toEqual([]);
    await expectWithinColumn([list], page.locator('.page'));
  });

  test('Hebrew or not, the estimate’s “(1 × ₪5.00)” reads in the page’s direction', async ({ page }) => {
    await openStation(page, lang, ws);
    const detail = page.getByTestId('estimate-detail');
    await expect(detail).toHaveText(ESTIMATE_DETAIL[lang]);
    // Where each piece is drawn, left to right: the units, the rate and the brackets.
    const order = await detail.evaluate((element) =>
      [...element.childNodes]
        .map((node) => {
          const range = document.createRange();
          range.selectNode(node);
          const name = node.nodeName === 'BDI' ? 'rate' : (node.textContent ?? '').trim();
          return { name: name === '1' ? 'units' : name, left: range.getBoundingClientRect().left };
        })
        .filter(({ name }) => name !== '×')
        .sort((a, b) => a.left - b.left)
        .map(({ name }) => name),
    );
    expect(order).toEqual(lang === 'he' ? [')', 'rate', 'units', '('] : ['(', 'units', 'rate', ')']);
  });

  test('language buttons: one button names the language; it opens the four, each its own name, the current pressed; a tap switches and is remembered', async ({
    page,
  }) => {
    await openStation(page, lang, ws);
    const toggle = (texts: typeof t, current: Lang) =>
      page.getByRole('button', { name: `${texts.language.label}: ${texts.language.names[current]}` });
    const languages = (label: string) => page.getByRole('group', { name: label });
    await expect(toggle(t, lang)).toHaveAttribute('aria-expanded', 'false');
    await toggle(t, lang).click();
    await expect(toggle(t, lang)).toHaveAttribute('aria-expanded', 'true');
    await expect(languages(t.language.label).getByRole('button')).toHaveText([
      'English',
      'עברית',
      'Français',
      'Español',
    ]);
    await expect(languages(t.language.label).getByRole('button', { name: 'Français' })).toHaveAttribute('lang', 'fr');
    await expect(languages(t.language.label).getByRole('button', { pressed: true })).toHaveText(t.language.names[lang]);
    await page.keyboard.press('Escape');
    await expect(languages(t.language.label)).toBeHidden();
    await expect(toggle(t, lang)).toBeFocused();

    const other: Lang = lang === 'he' ? 'en' : 'he';
    // By keyboard: Enter opens the list, Tab reaches the buttons.
    await page.keyboard.press('Enter');
    await languages(t.language.label).getByRole('button', { name: t.language.names[other] }).focus();
    await page.keyboard.press('Enter');
    await expectDocumentLanguage(page, other);
    await expect(page.getByRole('heading', { level: 1, name: STATION_TEXTS[other].title })).toBeVisible();
    await expect(toggle(TEXTS[other], other)).toBeFocused();
    await toggle(TEXTS[other], other).click();
    await expect(languages(TEXTS[other].language.label).getByRole('button', { pressed: true })).toHaveText(
      t.language.names[other],
    );
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe(other);
  });
});

/**
 * /vacuum (requirements.md §2, §5, §9) in Chromium against the sandbox, in en and he: machine 1008 sells
 * "Vacuum — 1 hour" (801, ₪12 an hour) and "Vacuum + shampoo — 1 hour" (802, ₪18 an hour). The
 * splash, the grid, the loyalty popup ('Every tenth vacuuming is on us'), the time drawer and a
 * Google Pay payment of the hourly charge (no service fee); a Bit payment comes back to /vacuum.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import vacuumEn from '../../locales/vacuum/en.json' with { type: 'json' };
import vacuumHe from '../../locales/vacuum/he.json' with { type: 'json' };
import {
  BIT_PAGE,
  bitReturnAddress,
  chooseMethod,
  continueButton,
  drawer,
  drawerButton,
  editRequests,
  escapeRegExp,
  expect,
  expectCharges,
  expectDocumentLanguage,
  expectOnBottomEdge,
  expectWithinColumn,
  fill,
  forEachLanguage,
  inEnglish,
  isSetPurchase,
  linesSpannedBy,
  type Lang,
  methodContinue,
  money,
  openMachine,
  product,
  productInput,
  receiptText,
  SET_PURCHASE_PATH,
  sheetButton,
  startMethod,
  successHeading,
  successPage,
  tabTo,
  test,
  type Texts,
  walletSheet,
  deliveryStatus,
  holdRequests,
  PAYMENT_STATUS,
} from './fixtures';
import { GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';
import { recordSplash, splashLog } from './splash-log';
import { vacuumPath } from '../fixtures/machine-pages';

type VacuumTexts = typeof vacuumEn;
const VACUUM_TEXTS: Record<Lang, VacuumTexts> = { en: vacuumEn, he: vacuumHe };

const VACUUM = product(1008, 801);
const SHAMPOO = product(1008, 802);

/** The page opens at 10:00 local time, so both pickers start there. */
const OPENED_AT = new Date(2031, 2, 10, 10, 0);

const grid = (page: Page, v: VacuumTexts) => page.getByRole('group', { name: v.grid.title });
const gridRadio = (page: Page, v: VacuumTexts, name: string) => grid(page, v).getByRole('radio', { name, exact: true });
const offer = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const timeDrawer = (page: Page, v: VacuumTexts) => page.getByRole('dialog', { name: v.time.title, exact: true });
const startInput = (page: Page, v: VacuumTexts) => timeDrawer(page, v).getByLabel(v.time.start, { exact: true });
const endInput = (page: Page, v: VacuumTexts) => timeDrawer(page, v).getByLabel(v.time.end, { exact: true });
const payButton = (page: Page, v: VacuumTexts) =>
  timeDrawer(page, v).getByRole('button', { name: v.time.continue, exact: true });
/** The drawer's summary value for a label (a <dt>), e.g. Total -> ₪18.00. */
const summary = (page: Page, v: VacuumTexts, label: string): Locator =>
  timeDrawer(page, v)
    .locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The members the sandbox's operator recorded for a contact (GET /sandbox/promotion/members). */
async function promotionMembers(request: APIRequestContext, contact: string) {
  const response = await request.get('/sandbox/promotion/members');
  expect(response.ok(), 'GET /sandbox/promotion/members').toBe(true);
  const members = (await response.json()) as { machine_id: string; kind: string; contact: string }[];
  return members
    .filter((member) => member.contact === contact)
    .map(({ machine_id, kind, contact: kept }) => ({ machine_id, kind, contact: kept }));
}

/**
 * How a grid card says it is chosen: its mark's box, colours, corners and place from the card's top end corner
 * (undefined when no mark is drawn, e.g. the browser's own radio).
 */
function chosenMarkLook(radio: Locator) {
  return radio.locator('xpath=ancestor::label[1]').evaluate((card) => {
    const mark = [...card.querySelectorAll('span')].find((box) =>
      getComputedStyle(box).backgroundImage.includes('svg'),
    );
    if (!mark) return undefined;
    const { backgroundColor, borderColor, borderRadius } = getComputedStyle(mark);
    const box = mark.getBoundingClientRect();
    const edge = card.getBoundingClientRect();
    const fromEnd = getComputedStyle(card).direction === 'rtl' ? box.left - edge.left : edge.right - box.right;
    return {
      ...{ backgroundColor, borderColor, borderRadius, width: box.width, height: box.height },
      fromTop: Math.round(box.top - edge.top),
      fromEnd: Math.round(fromEnd),
    };
  });
}

async function openVacuum(page: Page, lang: Lang, t: Texts): Promise<void> {
  await page.clock.setFixedTime(OPENED_AT);
  await page.goto(vacuumPath(1008));
  await expectDocumentLanguage(page, lang);
  await expect(continueButton(page, t)).toBeVisible();
}

/** Chooses a product and continues; skips the offer when it shows. */
async function toTimeDrawer(page: Page, t: Texts, v: VacuumTexts, name = VACUUM.name): Promise<void> {
  await gridRadio(page, v, name).check({ force: true });
  await continueButton(page, t).click();
  const skip = offer(page, v.offer.title).getByRole('button', { name: v.offer.skip, exact: true });
  await expect(skip.or(timeDrawer(page, v))).toBeVisible();
  if (await skip.isVisible()) await skip.click();
  await expect(timeDrawer(page, v)).toBeVisible();
}

/** Continue to payment: answers set_purchase's session_id once the methods show. */
async function continueToMethods(page: Page, t: Texts, v: VacuumTexts): Promise<string> {
  const answered = page.waitForResponse((response) => isSetPurchase(response.request()));
  await payButton(page, v).click();
  const response = await answered;
  expect(response.ok(), 'POST set_purchase').toBe(true);
  await expect(drawer(page, t).getByRole('group', { name: t.methods.title })).toBeVisible();
  return ((await response.json()) as { session_id: string }).session_id;
}

/** Opens /vacuum, books `name` from 10:00 until `end` and continues to the payment methods; the session_id. */
async function bookUntil(page: Page, lang: Lang, t: Texts, v: VacuumTexts, end: string, name = VACUUM.name) {
  await openVacuum(page, lang, t);
  await toTimeDrawer(page, t, v, name);
  await endInput(page, v).fill(end);
  return continueToMethods(page, t, v);
}

inEnglish('/vacuum (1008)', (lang, t) => {
  const v = VACUUM_TEXTS[lang];

  test.describe('without the splash cookie', () => {
    test.use({ skipSplash: false });

    test('shows the splash, then the product grid', async ({ page }) => {
      await page.addInitScript(recordSplash);
      await page.goto(vacuumPath(1008));
      // The page renders under the splash, so its being visible says nothing about the slides: the
      // page's own log says when both have been shown, and then none is left.
      await expect
        .poll(async () => (await splashLog(page)).seen, { message: 'both slides came' })
        .toEqual(['splash-colour', 'splash-white']);
      await expect(page.locator('[data-testid^="splash-"]'), 'and went').toHaveCount(0);
      await expect(grid(page, v)).toBeVisible();
      await expectDocumentLanguage(page, lang);
    });
  });

  test('machine_close=true shows the machine as not active, as on /pay', async ({ page }) => {
    await page.goto(vacuumPath(1008, '&machine_close=true'));
    await expect(page.getByText(t.machine.notActive)).toBeVisible();
    await expect(grid(page, v)).toHaveCount(0);
  });

  test('the grid: each product with its price per hour; Continue is dimmed until one is chosen', async ({ page }) => {
    await openVacuum(page, lang, t);
    await expect(grid(page, v).getByRole('radio')).toHaveCount(2);
    for (const item of [VACUUM, SHAMPOO]) {
      const radio = gridRadio(page, v, item.name);
      await expect(radio).not.toBeChecked();
      await expect(radio).toHaveAccessibleDescription(fill(v.grid.perHour, { price: money(item.price, lang) }));
    }
    await expect(grid(page, v).locator('img')).toHaveCount(2);

    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'true');
    await continueButton(page, t).click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await grid(page, v).getByText(SHAMPOO.name, { exact: true }).click();
    await expect(gridRadio(page, v, SHAMPOO.name)).toBeChecked();
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');
  });

  test('the loyalty popup: the offer in a modal dialog; Skip opens the time drawer, and the offer is not repeated', async ({
    page,
  }) => {
    await openVacuum(page, lang, t);
    await gridRadio(page, v, VACUUM.name).check({ force: true });
    await continueButton(page, t).click();

    const dialog = offer(page, v.offer.title);
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('heading', { name: v.offer.title })).toBeFocused();
    await expect(dialog).toContainText(fill(v.offer.text, { count: '1', amount: money(3, lang) }));
    await dialog.getByRole('button', { name: v.offer.skip, exact: true }).click();

    await expect(timeDrawer(page, v)).toBeVisible();
    await timeDrawer(page, v).getByRole('button', { name: t.drawer.close }).click();
    await expect(timeDrawer(page, v)).toHaveCount(0);
    await expect(continueButton(page, t)).toBeFocused();
    await continueButton(page, t).click();
    await expect(timeDrawer(page, v)).toBeVisible();
    await expect(offer(page, v.offer.title)).toHaveCount(0);
  });

  test('Escape skips the offer', async ({ page }) => {
    await openVacuum(page, lang, t);
    await gridRadio(page, v, VACUUM.name).check({ force: true });
    await continueButton(page, t).click();
    await expect(offer(page, v.offer.title).getByRole('heading', { name: v.offer.title })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(offer(page, v.offer.title)).toHaveCount(0);
    await expect(timeDrawer(page, v)).toBeVisible();
  });

  test('join: an invalid contact is refused, a valid one joins; the operator receives it; after a reload a member is not asked again', async ({
    page,
    request,
  }) => {
    // One address per language: the sandbox's members are shared by every test of the run.
    const email = `dana.${lang}@example.com`;
    await openVacuum(page, lang, t);
    await gridRadio(page, v, VACUUM.name).check({ force: true });
    await continueButton(page, t).click();
    await offer(page, v.offer.title).getByRole('button', { name: v.offer.join, exact: true }).click();

    const signup = offer(page, v.signup.title);
    const field = signup.getByRole('textbox', { name: v.signup.contact, exact: true });
    await signup.getByRole('button', { name: v.signup.submit, exact: true }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(`${v.signup.empty} ${v.signup.hint}`);

    await field.fill('050-123');
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(`${v.signup.invalid} ${v.signup.hint}`);
    expect(await page.evaluate(() => localStorage.getItem('promotion_member'))).toBeNull();

    await field.fill(email.toUpperCase());
    await field.press('Enter');
    const joined = offer(page, v.joined.title);
    await expect(joined.getByRole('heading', { name: v.joined.title })).toBeFocused();
    await expect(joined).toContainText(v.joined.text);
    // The operator holds the contact (as the sign-up keeps it: lower case), for this machine.
    expect(await promotionMembers(request, email)).toEqual([{ machine_id: '1008', kind: 'email', contact: email }]);
    expect(await page.evaluate(() => localStorage.getItem('promotion_member'))).toBe(
      JSON.stringify({ kind: 'email', value: email }),
    );
    await joined.getByRole('button', { name: v.joined.continue, exact: true }).click();
    await expect(timeDrawer(page, v)).toBeVisible();

    await page.reload();
    await expect(continueButton(page, t)).toBeVisible();
    await gridRadio(page, v, VACUUM.name).check({ force: true });
    await continueButton(page, t).click();
    await expect(timeDrawer(page, v)).toBeVisible();
    await expect(page.getByRole('dialog', { name: v.offer.title })).toHaveCount(0);
  });

  test('join while the operator cannot be reached: the failure and a retry show, nothing is remembered; the retry joins', async ({
    page,
    request,
  }) => {
    const phone = lang === 'en' ? '050-700-0001' : '050-700-0002';
    const digits = phone.replaceAll('-', '');
    // The first join never reaches the operator (the network drops it); later ones go through.
    let dropped = 0;
    await page.route(
      (url) => url.pathname === '/v4/api/menu/promotion/join',
      (route) => {
        if (dropped > 0) return route.fallback();
        dropped += 1;
        return route.abort('internetdisconnected');
      },
    );
    await openVacuum(page, lang, t);
    await gridRadio(page, v, VACUUM.name).check({ force: true });
    await continueButton(page, t).click();
    await offer(page, v.offer.title).getByRole('button', { name: v.offer.join, exact: true }).click();
    const signup = offer(page, v.signup.title);
    await signup.getByRole('textbox', { name: v.signup.contact, exact: true }).fill(phone);
    await signup.getByRole('button', { name: v.signup.submit, exact: true }).click();

    await expect(signup.getByRole('alert')).toHaveText(v.signup.failed);
    expect(dropped, 'the join was sent and dropped').toBe(1);
    expect(await promotionMembers(request, digits)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('promotion_member'))).toBeNull();

    await signup.getByRole('button', { name: v.signup.retry, exact: true }).click();
    await expect(offer(page, v.joined.title).getByRole('heading', { name: v.joined.title })).toBeFocused();
    expect(await promotionMembers(request, digits)).toEqual([{ machine_id: '1008', kind: 'phone', contact: digits }]);
  });

  test('the time pickers are reachable and usable by keyboard', async ({ page }) => {
    await openVacuum(page, lang, t);
    await toTimeDrawer(page, t, v);
    await tabTo(page, startInput(page, v));
    await page.keyboard.press('Tab');
    // A time input has one stop per field (hours, minutes, maybe AM/PM): go on until the end time.
    await tabTo(page, endInput(page, v), 6);
    await page.keyboard.press('ArrowUp'); // the hour
    await expect(endInput(page, v)).toHaveValue('11:00');
    await expect(summary(page, v, t.success.total)).toHaveText(money(12, lang));
    await tabTo(page, payButton(page, v));
    await expect(payButton(page, v)).toHaveAttribute('aria-disabled', 'false');
  });

  test('pays with Bit: back from Bit’s page on /vacuum (not /pay), the operator’s verdict shows the vacuum’s success page; one approved charge', async ({
    page,
    request,
  }) => {
    const sessionId = await bookUntil(page, lang, t, v, '11:30');
    await startMethod(page, t, 'bit');
    await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
    const returnAddress = await bitReturnAddress(page, () =>
      page.getByRole('button', { name: 'Approve', exact: true }).click(),
    );
    expect(returnAddress.pathname).toBe('/vacuum');
    expect(returnAddress.searchParams.get('machine_id')).toBe('1008');
    expect(returnAddress.searchParams.has('bit_return')).toBe(false);
    await expect(successHeading(page, t)).toBeVisible();
    await expect(successPage(page, t)).toContainText(receiptText(t, [{ name: VACUUM.name, price: 18 }], 0, 'bit'));
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/vacuum' &&
        url.searchParams.get('machine_id') === '1008' &&
        !url.searchParams.has('bit_return'),
    );
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: 18 }]);
  });

  test('closing the payment drawer returns to the grid', async ({ page }) => {
    await bookUntil(page, lang, t, v, '12:00', SHAMPOO.name);
    await expect(drawer(page, t)).toContainText(money(36, lang));

    await drawer(page, t).getByRole('button', { name: t.drawer.close }).click();
    await expect(drawer(page, t)).toHaveCount(0);
    await expect(grid(page, v)).toBeVisible();
    await expect(gridRadio(page, v, SHAMPOO.name)).toBeChecked();
    await expect(continueButton(page, t)).toBeFocused();
  });

  test('a price sent instead of the span (an edited request) is refused: nothing is booked, the visitor is told', async ({
    page,
  }) => {
    // Before the operator priced the span, a vacuum line carried its charge as custom_price.
    const sent = await editRequests(page, SET_PURCHASE_PATH, () => [
      { product_id: VACUUM.id, count: 1, custom_price: 0.01 },
    ]);
    await openVacuum(page, lang, t);
    await toTimeDrawer(page, t, v);
    await endInput(page, v).fill('11:30');
    const answered = page.waitForResponse((response) => isSetPurchase(response.request()));
    await payButton(page, v).click();

    expect((await answered).status()).toBe(400);
    expect(sent).toHaveLength(1);
    await expect(page.getByRole('alert')).toContainText(t.purchase.error);
    await expect(drawer(page, t).getByRole('group', { name: t.methods.title })).toHaveCount(0);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('/vacuum (1008)', (lang, t) => {
  const v = VACUUM_TEXTS[lang];

  test("a chosen card looks as on /pay's grid: one mark, drawn alike, in the same corner", async ({ page }) => {
    await openMachine(page, lang, 1003);
    const payRadio = productInput(page, t, product(1003, 301).name);
    await payRadio.check();
    const onPay = await chosenMarkLook(payRadio);

    await openVacuum(page, lang, t);
    await gridRadio(page, v, VACUUM.name).check();
    const onVacuum = await chosenMarkLook(gridRadio(page, v, VACUUM.name));
    expect(onPay).toBeDefined();
    expect(onVacuum).toEqual(onPay);
  });

  test('the time drawer: both times start now; a span of 0 is blocked; 10:00 → 11:30 is 1.5 h × ₪12 = ₪18.00; 23:00 → 01:00 is the next day', async ({
    page,
  }) => {
    await openVacuum(page, lang, t);
    await toTimeDrawer(page, t, v);

    await expect(startInput(page, v)).toHaveValue('10:00');
    await expect(endInput(page, v)).toHaveValue('10:00');
    // Hours before minutes in every language: a time field never takes the page's rtl.
    for (const input of [startInput(page, v), endInput(page, v)]) await expect(input).toHaveCSS('direction', 'ltr');
    await expect(payButton(page, v)).toHaveAttribute('aria-disabled', 'true');
    await expect(payButton(page, v)).toHaveAccessibleDescription(v.time.spanZero);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (isSetPurchase(request)) sent.push(request.url());
    });
    // Once the sheet has slid up, a tap on the dimmed button sends nothing.
    await expect(payButton(page, v)).toBeInViewport({ ratio: 1 });
    await payButton(page, v).click({ force: true });
    await expect(timeDrawer(page, v)).toBeVisible();
    expect(sent).toEqual([]);

    await endInput(page, v).fill('11:30');
    await expect(timeDrawer(page, v)).toContainText(VACUUM.name);
    await expect(timeDrawer(page, v)).toContainText(fill(v.grid.perHour, { price: money(12, lang) }));
    if (lang === 'en') await expect(summary(page, v, v.time.duration)).toHaveText('1 hr 30 min');
    // The times as the page's language writes them: English's 12-hour clock, Hebrew's 24-hour one.
    await expect(summary(page, v, v.time.times)).toHaveText(
      lang === 'en' ? /^10:00\sAM – 11:30\sAM$/ : '10:00 – 11:30',
    );
    await expect(summary(page, v, t.success.subtotal)).toHaveText(money(18, lang));
    await expect(summary(page, v, t.success.serviceFee)).toHaveText(money(0, lang));
    await expect(summary(page, v, t.success.total)).toHaveText(money(18, lang));
    await expect(timeDrawer(page, v).getByText(v.time.nextDay)).toHaveCount(0);
    await expect(payButton(page, v)).toHaveAttribute('aria-disabled', 'false');

    await startInput(page, v).fill('23:00');
    await endInput(page, v).fill('01:00');
    if (lang === 'en') await expect(summary(page, v, v.time.duration)).toHaveText('2 hr');
    await expect(summary(page, v, v.time.times)).toHaveText(lang === 'en' ? /^11:00\sPM – 1:00\sAM$/ : '23:00 – 1:00');
    await expect(timeDrawer(page, v).getByText(v.time.nextDay)).toBeVisible();
    await expect(summary(page, v, t.success.total)).toHaveText(money(24, lang));
  });

  test('on a 320 × 568 phone the summary’s product name and its price per hour each keep to one line', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await openVacuum(page, lang, t);
    await toTimeDrawer(page, t, v);
    const price = fill(v.grid.perHour, { price: money(12, lang) });
    const item = timeDrawer(page, v).getByText(price, { exact: true }).locator('xpath=..');
    expect(await linesSpannedBy(item, new RegExp(escapeRegExp(VACUUM.name)))).toBe(1);
    expect(await linesSpannedBy(item, new RegExp(escapeRegExp(price)))).toBe(1);
  });

  test('on a 320 × 568 phone both time fields lie within the sheet’s margins', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await openVacuum(page, lang, t);
    await toTimeDrawer(page, t, v);
    await expectOnBottomEdge(page, timeDrawer(page, v));
    // The summary spans the sheet's content; Chromium's "10:00 AM" once pushed a field 10 px past it.
    const column = timeDrawer(page, v).getByRole('region', { name: v.time.summary });
    await expectWithinColumn([startInput(page, v), endInput(page, v)], column);
  });

  test('pays with Google Pay: the success page lists the vacuum and the total; one approved charge of it', async ({
    page,
    request,
  }) => {
    const sessionId = await bookUntil(page, lang, t, v, '11:30');
    await expect(drawer(page, t)).toContainText(money(18, lang));

    await chooseMethod(page, t, 'google_pay');
    await methodContinue(page, t).click();
    await drawerButton(page, t, GOOGLE_PAY_BUTTON).click();
    await expect(walletSheet(page, 'Google Pay')).toContainText('Total: 18.00 ILS');
    // The operator's first word on the machine is held: until then the page says what the vacuum does, start.
    const release = await holdRequests(page, `**${PAYMENT_STATUS}**`);
    await sheetButton(page, 'Google Pay', 'Approve').click();

    await expect(successHeading(page, t)).toBeVisible();
    await expect(deliveryStatus(page, t)).toHaveText(t.delivery.starting);
    release();
    await expect(deliveryStatus(page, t)).toHaveText(t.delivery.deliveredStart);
    await expect(successPage(page, t)).toContainText(
      receiptText(t, [{ name: VACUUM.name, price: 18 }], 0, 'google_pay'),
    );
    await expectCharges(request, sessionId, [{ method: 'google_pay', status: 'approved', amount: 18 }]);
  });
});

/**
 * The main journeys in Firefox ESR and WebKitGTK (the Playwright suite covers them in depth in
 * Chromium): /pay to success with Google Pay and with the card fields, the keypad, Hebrew with the
 * time pickers of /vacuum and /wheelshare, and pages that load without errors. Each journey is
 * written once, against the shared Driver.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS } from '../../sandbox/cards';
import type { Charge } from '../../sandbox/stores';
import catalogueJson from '../../sandbox/catalogue.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import he from '../../locales/he.json' with { type: 'json' };
import vacuumHe from '../../locales/vacuum/he.json' with { type: 'json' };
import wheelshareHe from '../../locales/wheelshare/he.json' with { type: 'json' };
import { type Driver, ENGINES, exists, launch, poll, tap, until, whenTappable } from './drivers';
import { byText, fieldState, labelled, shown, textOf } from './finders';
import { APP_ORIGIN } from './origins';
import { decodePng, meanX } from './png';
import { payPath, vacuumPath } from '../fixtures/machine-pages';
import { readMarks } from '../../scripts/payment-marks-plugin';

type Lang = 'en' | 'he';
type Texts = typeof en;
const TEXTS: Record<Lang, Texts> = { en, he };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');

interface CatalogueProduct {
  id: number;
  name: string;
  price: number;
  convenience_fee_type?: 'flat' | 'percent';
  convenience_fee_value?: number;
}
const catalogue = catalogueJson as unknown as { machines: Record<string, { products: CatalogueProduct[] }> };
function product(machineId: number, productId: number): CatalogueProduct {
  const found = catalogue.machines[String(machineId)]?.products.find(({ id }) => id === productId);
  if (!found) throw new Error(`product ${productId} is not on machine ${machineId}`);
  return found;
}
const cents = (value: number) => Math.round(value * 100 + Number.EPSILON * 100) / 100;
/** requirements.md §5: the line price is the price plus its fee (percent of the price, or flat), to the cent. */
function linePrice(item: CatalogueProduct): number {
  const value = item.convenience_fee_value ?? 0;
  return cents(item.price + (item.convenience_fee_type === 'percent' ? cents((item.price * value) / 100) : value));
}
const money = (amount: number) => `₪${amount.toFixed(2)}`;

const COLA = product(1001, 101);
const VACUUM = product(1008, 801);
const FUTURE_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

const DRAWER = '[role="dialog"].drawer__sheet';

/** Each brand's own mark file (src/assets/marks/), by its name: what the page's view of the joined file must draw. */
const MARK_FILES = Object.fromEntries(readMarks().map(({ id, svg }) => [id, svg]));
/** Twice the footer's 38×24 CSS px. */
const MARK_BOX = { width: 76, height: 48 };

/** A fresh visitor: no storage, the language cookie and the splash already seen; then the page in `lang`. */
async function open(driver: Driver, lang: Lang, path: string): Promise<void> {
  await driver.goto(`${APP_ORIGIN}/sandbox/charges`);
  await driver.run((language: string) => {
    localStorage.clear();
    sessionStorage.clear();
    document.cookie = `language=${language}; path=/`;
    document.cookie = 'splash=1; path=/';
  }, lang);
  await driver.goto(`${APP_ORIGIN}${path}`);
  await until(
    driver,
    `the document in ${lang}`,
    (language: string, dir: string) =>
      document.documentElement.lang === language && document.documentElement.dir === dir && document.body.innerText,
    lang,
    lang === 'he' ? 'rtl' : 'ltr',
  );
}

/** The page's record of failed loads and errors since it loaded, and the engine's record of failed requests. */
async function loadErrors(driver: Driver): Promise<string[]> {
  const recorded = await driver.run(() => window.__loadErrors ?? ['the load recorder is not installed']);
  return [...recorded, ...driver.networkErrors()];
}

async function charges(): Promise<Charge[]> {
  const response = await fetch(`${APP_ORIGIN}/sandbox/charges`);
  if (!response.ok) throw new Error(`GET /sandbox/charges: ${response.status}`);
  return (await response.json()) as Charge[];
}

/** The charges recorded since `before` (the suite runs one journey at a time). */
async function chargesSince(before: Charge[]): Promise<Pick<Charge, 'method' | 'status' | 'amount'>[]> {
  const known = new Set(before.map(({ id }) => id));
  return (await charges())
    .filter(({ id }) => !known.has(id))
    .map(({ method, status, amount }) => ({ method, status, amount }));
}

/** /pay for machine 1001 (a list, Cola preselected) to the payment methods; chooses `method` and continues. */
async function startPayment(driver: Driver, t: Texts, method: keyof Texts['methods']['names']): Promise<void> {
  await open(driver, 'en', payPath(1001));
  await tap(driver, 'Continue', byText, 'main, body', 'button', t.purchase.continue);
  await tap(driver, `the ${method} card`, byText, `${DRAWER} fieldset`, 'label, label *', t.methods.names[method]);
  await until(
    driver,
    `${method} chosen`,
    (name: string) =>
      [...document.querySelectorAll<HTMLInputElement>('[role="dialog"] input[type="radio"]')].some(
        (radio) => radio.checked && radio.labels?.[0]?.textContent.includes(name),
      ),
    t.methods.names[method],
  );
  await tap(driver, 'Continue in the drawer', byText, DRAWER, 'button', t.methods.continue);
}

async function expectSuccess(driver: Driver, t: Texts): Promise<void> {
  try {
    await until(driver, 'the success page', byText, DRAWER, 'h1, h2, h3', t.success.title);
  } catch (error) {
    throw new Error(`${String(error)}\nThe drawer says: ${await driver.run(textOf, DRAWER)}`);
  }
  expect(await driver.run(textOf, DRAWER)).toContain(t.success.text);
}

describe.each(ENGINES)('%s', (engine) => {
  let driver: Driver;

  beforeAll(async () => {
    driver = await launch(engine);
  });
  afterAll(async () => {
    await driver.close();
  });

  test('/pay (list) → Google Pay → the success page; one approved charge', async () => {
    const t = TEXTS.en;
    const before = await charges();
    await startPayment(driver, t, 'google_pay');
    // The stand-in's own button, as Google's pay.js makes it ("Pay with GPay").
    await tap(driver, 'Google Pay button', byText, DRAWER, 'button', 'Pay with GPay');
    await until(driver, 'the Google Pay sheet', shown, '[role="dialog"][aria-label="Google Pay (sandbox)"]');
    expect(await driver.run(textOf, '[role="dialog"][aria-label="Google Pay (sandbox)"]')).toContain(
      `Total: ${linePrice(COLA).toFixed(2)} ILS`,
    );
    await tap(driver, 'Approve', byText, '[role="dialog"][aria-label="Google Pay (sandbox)"]', 'button', 'Approve');
    await expectSuccess(driver, t);
    expect(await chargesSince(before)).toEqual([{ method: 'google_pay', status: 'approved', amount: linePrice(COLA) }]);
    expect(await loadErrors(driver)).toEqual([]);
  });

  test('/pay (list) → card fields (Tranzila hosted fields) → the success page; one approved charge', async () => {
    const t = TEXTS.en;
    const before = await charges();
    await startPayment(driver, t, 'credit_card');
    await tap(driver, 'Continue in the popup', byText, '[role="alertdialog"]', 'button', t.popup.continue);
    await driver.typeInFrame('Card number', TEST_CARDS.approved);
    await driver.typeInFrame('Expiry (MM/YY)', FUTURE_EXPIRY);
    await driver.typeInFrame('CVV', '123');
    const pay = fill(t.payment.payAmount, { amount: money(linePrice(COLA)) });
    await until(
      driver,
      `${pay} ready`,
      (scope: string, name: string) =>
        [...document.querySelectorAll(`${scope} button`)].some(
          (button) => button.textContent.trim() === name && button.getAttribute('aria-busy') === 'false',
        ),
      DRAWER,
      pay,
    );
    await tap(driver, pay, byText, DRAWER, 'button', pay);
    await expectSuccess(driver, t);
    expect(await chargesSince(before)).toEqual([{ method: 'tranzila', status: 'approved', amount: linePrice(COLA) }]);
    expect(await loadErrors(driver)).toEqual([]);
  });

  test('the keypad (1006): on-screen keys and the keyboard enter ₪12.5; Continue opens the drawer to pay ₪12.50', async () => {
    const t = TEXTS.en;
    await open(driver, 'en', payPath(1006));
    await until(driver, 'the amount entry', byText, 'main, body', 'h1', t.amount.title);
    const display = () => driver.run(textOf, 'output.amount-entry__display');
    expect(await display()).toBe('₪0');
    const keypad = `[role="group"][aria-label="${t.amount.keypad}"]`;
    for (const key of ['1', '2', '9']) await tap(driver, `the key ${key}`, byText, keypad, 'button', key);
    await poll(driver, '₪129', display, (text) => text === '₪129');
    await tap(driver, 'the backspace key', byText, keypad, 'button', t.amount.backspace);
    await poll(driver, '₪12', display, (text) => text === '₪12');
    await tap(driver, 'the decimal point key', byText, keypad, 'button', t.amount.decimalPoint);
    // The keyboard types into the same amount (the page listens on the document).
    await driver.type('5');
    await poll(driver, '₪12.5', display, (text) => text === '₪12.5');
    await tap(driver, 'Continue', byText, 'main, body', 'button', t.purchase.continue);
    await until(driver, 'the drawer with the amount', byText, DRAWER, 'h1, h2, h3', t.drawer.title);
    await until(
      driver,
      'about to pay ₪12.50',
      (scope: string, text: string) => document.querySelector(scope)?.textContent.includes(text) ?? false,
      DRAWER,
      money(12.5),
    );
    expect(await driver.run(textOf, DRAWER)).toContain(`${t.methods.aboutToPay} ${money(12.5)}`);
    expect(await loadErrors(driver)).toEqual([]);
  });

  test('Hebrew: the document is rtl and the screen is translated', async () => {
    await open(driver, 'he', payPath(1001));
    await until(driver, 'the Hebrew Continue button', byText, 'main, body', 'button', he.purchase.continue);
    const text = await driver.run(textOf, 'body');
    expect(text).toContain(he.products.choose);
    expect(text).not.toContain(en.products.choose);
    expect(await loadErrors(driver)).toEqual([]);
  });

  /**
   * Types 01:11 into a time field the way a visitor does, from its first field, and checks the field
   * reads hours before minutes: dir=ltr on it, the value, and (where the engine lets a page style the
   * field's parts, WebKit) the hours drawn to the left of the minutes.
   */
  async function expectHoursBeforeMinutes(label: string): Promise<void> {
    const before = await poll(driver, `the time field "${label}"`, () => driver.run(fieldState, label));
    if (!before) throw new Error(`no time field "${label}"`);
    expect(before.direction).toBe('ltr');
    await whenTappable(driver, label, labelled, [label]);
    await driver.clickAt(before.paddingLeft + 4, labelled, label);
    await driver.type('01');
    if (!driver.timeFieldAdvancesItself) await driver.press('Tab');
    // Then the minutes, and "a" for AM where the field has a 12-hour clock (Firefox in en-US).
    await driver.type('11a');
    await poll(
      driver,
      `${label} = 01:11`,
      () => driver.run(fieldState, label),
      (state) => state?.value === '01:11',
    );

    if (driver.engine !== 'webkit') return;
    // WebKit draws the field's parts as ::-webkit-datetime-edit-*-field: hours red, minutes blue, then
    // the red must lie left of the blue (with the page's rtl inherited, WebKit drew 11:01).
    await driver.run(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        'input[type=time]::-webkit-datetime-edit-hour-field { color: rgb(255, 0, 0) }' +
          'input[type=time]::-webkit-datetime-edit-minute-field { color: rgb(0, 0, 255) }',
      );
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    const fieldBox = (name: string) => {
      for (const element of document.querySelectorAll('label'))
        if (element.textContent.trim() === name && element.htmlFor) {
          const input = document.getElementById(element.htmlFor) as Element;
          input.scrollIntoView({ block: 'center' });
          const { x, y, width, height } = input.getBoundingClientRect();
          return { x, y, width, height };
        }
      return null;
    };
    // The screenshot may still show a frame before the colours (or the scroll): read until both are drawn.
    const { red, blue } = await poll(
      driver,
      'the time field drawn in colour',
      async () => {
        const box = await driver.run(fieldBox, label);
        if (!box) throw new Error(`no time field "${label}"`);
        const png = await driver.screenshot();
        if (process.env.ENGINES_DEBUG) writeFileSync(`/tmp/engines-time-${label.length}.png`, png);
        const drawn = decodePng(png);
        return {
          red: meanX(drawn, box, ([r, g, b]) => r > 180 && g < 90 && b < 90),
          blue: meanX(drawn, box, ([r, g, b]) => b > 180 && r < 90 && g < 90),
        };
      },
      (colours) => colours.red !== undefined && colours.blue !== undefined,
    );
    // The hours (red) left of the minutes (blue).
    expect(red ?? Infinity).toBeLessThan(blue ?? -Infinity);
  }

  test('Hebrew /vacuum (1008): the time drawer reads hours before minutes', async () => {
    await open(driver, 'he', vacuumPath(1008));
    await tap(driver, VACUUM.name, byText, 'main, body', 'label, label *', VACUUM.name);
    await tap(driver, 'Continue', byText, 'main, body', 'button', he.purchase.continue);
    // The loyalty offer may come first: skip it.
    await until(
      driver,
      'the offer or the time drawer',
      (skip: string, start: string) =>
        [...document.querySelectorAll('button')].some((button) => button.textContent.trim() === skip) ||
        [...document.querySelectorAll('label')].some((label) => label.textContent.trim() === start),
      vacuumHe.offer.skip,
      vacuumHe.time.start,
    );
    if (await exists(driver, byText, '[role="dialog"]', 'button', vacuumHe.offer.skip))
      await tap(driver, 'Skip', byText, '[role="dialog"]', 'button', vacuumHe.offer.skip);
    await expectHoursBeforeMinutes(vacuumHe.time.start);
    expect(await loadErrors(driver)).toEqual([]);
  });

  test('Hebrew /wheelshare: the rental times read hours before minutes', async () => {
    await open(driver, 'he', '/wheelshare');
    await expectHoursBeforeMinutes(wheelshareHe.form.start);
    expect(await loadErrors(driver)).toEqual([]);
  });

  test('/pay’s footer: each mark, a view of the one marks file, is drawn as its brand’s own file', async () => {
    await open(driver, 'en', payPath(1001));
    await until(driver, 'the footer’s marks loaded', () => {
      const marks = [...document.querySelectorAll<HTMLImageElement>('footer img')];
      return marks.length > 0 && marks.every((mark) => mark.complete && mark.naturalWidth > 0);
    });
    // Over the page, at twice the footer's 38×24: each footer mark's view, and under it its brand's own file.
    const views = await driver.run(
      async (files: Record<string, string>, size: number[]) => {
        const [width = 0, height = 0] = size;
        const sheet = document.createElement('div');
        sheet.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:#fff';
        document.body.append(sheet);
        const place = (source: string, left: number, top: number) => {
          const image = new Image(width, height);
          image.src = source;
          image.style.cssText = `position:absolute;left:${left}px;top:${top}px`;
          sheet.append(image);
          return image.decode();
        };
        const shown = [...document.querySelectorAll<HTMLImageElement>('footer img')].map((mark) => mark.src);
        await Promise.all(
          shown.flatMap((source, index) => [
            place(source, 8 + index * (width + 8), 8),
            place(
              `data:image/svg+xml,${encodeURIComponent(files[new URL(source).hash.slice(1)] ?? '')}`,
              8 + index * (width + 8),
              16 + height,
            ),
          ]),
        );
        return shown.map((source) => new URL(source).hash.slice(1));
      },
      MARK_FILES,
      [MARK_BOX.width, MARK_BOX.height],
    );
    expect(views).toEqual(['google-pay', 'bit', 'visa', 'mastercard', 'amex', 'discover']);
    const drawn = decodePng(await driver.screenshot());
    views.forEach((view, index) => {
      let largestDifference = 0;
      let inked = 0;
      for (let y = 0; y < MARK_BOX.height; y += 1)
        for (let x = 0; x < MARK_BOX.width; x += 1) {
          const left = 8 + index * (MARK_BOX.width + 8) + x;
          const own = drawn.at(left, 16 + MARK_BOX.height + y);
          const shown = drawn.at(left, 8 + y);
          largestDifference = Math.max(
            largestDifference,
            ...own.map((value, channel) => Math.abs(value - (shown[channel] ?? 0))),
          );
          if (own.slice(0, 3).some((value) => value < 200)) inked += 1;
        }
      // A file that drew nothing would match a view that drew nothing.
      expect(inked, view).toBeGreaterThan(300);
      // WebKitGTK rounds a channel of a few edge pixels one step apart between the two images; Firefox draws them alike.
      expect(largestDifference, view).toBeLessThanOrEqual(1);
    });
  });

  test.each([payPath(1001), vacuumPath(1008), '/wheelshare'])(
    '%s loads without a failed load or an error event',
    async (path) => {
      await open(driver, 'en', path);
      await until(
        driver,
        'the page loaded and drawn',
        () =>
          document.readyState === 'complete' &&
          [...document.querySelectorAll('button')].some((button) => button.getClientRects().length > 0),
      );
      expect(await loadErrors(driver)).toEqual([]);
      // The phone's width, as in Chromium's tests: no toolbar or classic scrollbar takes any of it.
      expect(await driver.run(() => [innerWidth, document.documentElement.clientWidth])).toEqual([390, 390]);
      // Firefox fired an error event on a <link rel=modulepreload> of the entry chunk it had already loaded.
      const duplicates = await driver.run(() => {
        const entries = [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map(
          (script) => script.src,
        );
        return [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
          .map((link) => link.href)
          .filter((href) => entries.includes(href));
      });
      expect(duplicates).toEqual([]);
      // The recorder does see a failed load in this engine (so an empty record means something).
      await driver.run(() => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = '/assets/engines-missing-chunk.js';
        document.head.append(link);
      });
      await until(driver, 'the failed preload recorded', () => (window.__loadErrors ?? []).length > 0);
    },
  );
});

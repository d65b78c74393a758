/**
 * Shared fixtures for the browser tests: the visitor's language, the splash cookie, the locale
 * texts (so every name is the one a screen reader hears) and the sandbox catalogue's figures.
 */
import { readFileSync } from 'node:fs';
import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
import catalogueJson from '../../sandbox/catalogue.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import he from '../../locales/he.json' with { type: 'json' };

export { expect };

export type Lang = 'en' | 'he';
export type Texts = typeof en;

/** The two languages every user-facing behaviour is checked in (he is right-to-left). */
export const LANGS: readonly Lang[] = ['en', 'he'];
// Locale parity is the unit tests' job (tests/unit/locales.test.ts); here he is read with en's shape.
export const TEXTS: Record<Lang, Texts> = { en, he: he };

/** Replaces i18next `{{name}}` placeholders, as the app does. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---------------------------------------------------------------------------------------------
// The sandbox catalogue and the money rules of spec §5
// ---------------------------------------------------------------------------------------------

interface CatalogueProduct {
  id: number | string;
  name: string;
  price: number;
  available?: boolean;
  is_most_popular?: boolean;
  image_url?: string;
  convenience_fee_type?: 'flat' | 'percent';
  convenience_fee_value?: number;
}

interface CatalogueMenu {
  products: CatalogueProduct[];
  currency_symbol?: string;
  technician_phone_number?: string | null;
  available_languages?: string[];
}

const machines = (catalogueJson as unknown as { machines: Record<string, CatalogueMenu> }).machines;

export function machine(id: string | number): CatalogueMenu {
  const menu = machines[String(id)];
  if (!menu) throw new Error(`machine ${id} is not in sandbox/catalogue.json`);
  return menu;
}

export function product(machineId: string | number, productId: number | string): CatalogueProduct {
  const found = machine(machineId).products.find((candidate) => String(candidate.id) === String(productId));
  if (!found) throw new Error(`product ${productId} is not on machine ${machineId}`);
  return found;
}

const cents = (value: number) => Math.round(value * 100 + Number.EPSILON * 100) / 100;

/** Spec §5: percent -> price × value / 100 rounded to 2 decimals; flat -> the value. */
export function fee(item: CatalogueProduct): number {
  const value = item.convenience_fee_value ?? 0;
  return item.convenience_fee_type === 'percent' ? cents((item.price * value) / 100) : cents(value);
}

/** Spec §5: line price = price + fee. */
export function linePrice(item: CatalogueProduct): number {
  return cents(item.price + fee(item));
}

/** ₪12.50 — how the app writes an amount. */
export function money(amount: number, symbol = '₪'): string {
  return `${symbol}${amount.toFixed(2)}`;
}

/** The default technician phone the build bakes in (.env, overridden by .env.sandbox). */
export const DEFAULT_SUPPORT_PHONE: string = (() => {
  let phone = '';
  for (const file of ['.env', '.env.sandbox']) {
    let text = '';
    try {
      text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    } catch {
      continue;
    }
    const match = /^VITE_DEFAULT_SUPPORT_PHONE=(.*)$/m.exec(text);
    if (match?.[1]) phone = match[1].trim();
  }
  if (!phone) throw new Error('VITE_DEFAULT_SUPPORT_PHONE is not set in .env');
  return phone;
})();

/** `tel:` keeps the digits and '+' only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

export const SET_PURCHASE = '**/v4/api/menu/set_purchase**';
export const MENU_GET = '**/v4/api/menu/get**';

export const isSetPurchase = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/v4/api/menu/set_purchase');

interface Options {
  /** The interface language under test. */
  lang: Lang;
  /** The `language` cookie the visitor arrives with; by default `lang`. `null` sends none. */
  languageCookie: string | null | undefined;
  /** Sets the `splash` cookie so the 2.5 s splash is skipped (everything but the splash tests). */
  skipSplash: boolean;
}

interface Fixtures {
  /** The locale texts of `lang`. */
  t: Texts;
  /** The POST set_purchase requests the page has sent so far. */
  setPurchaseRequests: Request[];
  exposeSetPurchaseBody: undefined;
}

export const test = base.extend<Fixtures & Options>({
  lang: ['en', { option: true }],
  languageCookie: [undefined, { option: true }],
  skipSplash: [true, { option: true }],
  t: async ({ lang }, use) => {
    await use(TEXTS[lang]);
  },
  context: async ({ context, baseURL, lang, languageCookie, skipSplash }, use) => {
    if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
    const language = languageCookie === undefined ? lang : languageCookie;
    const cookies: { name: string; value: string; url: string }[] = [];
    if (language !== null) cookies.push({ name: 'language', value: language, url: baseURL });
    if (skipSplash) cookies.push({ name: 'splash', value: '1', url: baseURL });
    await context.addCookies(cookies);
    await use(context);
  },
  setPurchaseRequests: async ({ page }, use) => {
    const requests: Request[] = [];
    page.on('request', (request) => {
      if (isSetPurchase(request)) requests.push(request);
    });
    await use(requests);
  },
  // Chromium does not report the body of a fetch() made with a Request object (ky does that) unless
  // the request is intercepted; a pass-through route makes set_purchase bodies readable in every test.
  exposeSetPurchaseBody: [
    async ({ page }, use) => {
      await page.route(SET_PURCHASE, (route) => route.fallback());
      await use(undefined);
    },
    { auto: true },
  ],
});

/** Runs `body` once per language, inside a describe that sets `lang`. */
export function forEachLanguage(title: string, body: (lang: Lang, t: Texts) => void): void {
  for (const lang of LANGS) {
    test.describe(`${title} [${lang}]`, () => {
      test.use({ lang });
      body(lang, TEXTS[lang]);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Page helpers
// ---------------------------------------------------------------------------------------------

/** The document language and direction a screen reader and the layout use. */
export async function expectDocumentLanguage(page: Page, lang: Lang | 'fr' | 'es'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
}

/** Opens /pay for a machine and waits until the page speaks `lang`. */
export async function openPay(page: Page, lang: Lang, query: string): Promise<void> {
  await page.goto(`/pay?${query}`);
  await expectDocumentLanguage(page, lang);
}

/** Opens a machine's product selection (menu loaded). */
export async function openMachine(page: Page, lang: Lang, machineId: string | number, extra = ''): Promise<void> {
  await openPay(page, lang, `machine_id=${machineId}${extra}`);
  await expect(continueButton(page, TEXTS[lang])).toBeVisible();
}

/** The page's Continue button (product selection). */
export function continueButton(page: Page, t: Texts): Locator {
  return page.getByRole('button', { name: t.purchase.continue, exact: true });
}

/** The product choices (LIST and GRID): a group named by its legend. */
export function productChoices(page: Page, t: Texts): Locator {
  return page.getByRole('group', { name: t.products.choose });
}

/** A product card's radio or checkbox, named by the product's name. */
export function productInput(page: Page, t: Texts, name: string, role: 'radio' | 'checkbox' = 'radio'): Locator {
  return productChoices(page, t).getByRole(role, { name, exact: true });
}

/** The payment drawer (bottom sheet). */
export function drawer(page: Page, t: Texts): Locator {
  return page.getByRole('dialog', { name: t.drawer.title });
}

export const VIEWPORT_HEIGHT = 844;

/** The sheet is 90 % of the viewport high (spec §9: 90vh) and, once it has slid up, sits on the bottom edge. */
export async function expectSheetSettled(page: Page, t: Texts): Promise<void> {
  const sheet = drawer(page, t);
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.abs(box.y + box.height - VIEWPORT_HEIGHT) <= 2 : false;
    })
    .toBe(true);
  const box = await sheet.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(0.9 * VIEWPORT_HEIGHT - 2);
  expect(box?.height).toBeLessThanOrEqual(0.9 * VIEWPORT_HEIGHT + 2);
}

/** The payment-method radios inside the drawer. */
export function methodList(page: Page, t: Texts): Locator {
  return drawer(page, t).getByRole('group', { name: t.methods.title });
}

export function methodRadio(page: Page, t: Texts, method: keyof Texts['methods']['names']): Locator {
  return methodList(page, t).getByRole('radio', { name: t.methods.names[method], exact: true });
}

/**
 * Taps a payment-method card. The radio itself is visually hidden (the card is its label), so the
 * visitor taps the card's visible name; the radio must then be checked.
 */
export async function chooseMethod(page: Page, t: Texts, method: keyof Texts['methods']['names']): Promise<void> {
  await methodList(page, t).getByText(t.methods.names[method], { exact: true }).click();
  await expect(methodRadio(page, t, method)).toBeChecked();
}

/** Continue inside the drawer's method chooser. */
export function methodContinue(page: Page, t: Texts): Locator {
  return drawer(page, t).getByRole('button', { name: t.methods.continue, exact: true });
}

/** The drawer's "Total ₪x including all fees" line, as text. */
export function totalLine(t: Texts, amount: number): RegExp {
  return new RegExp(
    `${escapeRegExp(t.methods.total)}\\s*${escapeRegExp(money(amount))}\\s*${escapeRegExp(t.methods.includingFees)}`,
  );
}

/** Presses Tab until `target` has focus (keyboard only); fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 30): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

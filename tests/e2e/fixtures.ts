/**
 * Shared fixtures for the browser tests: the visitor's language, the splash cookie, the locale
 * texts (so every name is the one a screen reader hears) and the sandbox catalogue's figures.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type FrameLocator,
  type Locator,
  type Page,
  type Request,
  type Route,
} from '@playwright/test';
import { checkCard, TEST_CARDS, type CardInput } from '../../sandbox/cards';
import type { Charge } from '../../sandbox/stores';
import catalogueJson from '../../sandbox/catalogue.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import he from '../../locales/he.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { signedQuery } from '../fixtures/signed-link';
import { APPLE_PAY_BUTTON, GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';

export { expect };

/** The two languages every user-facing behaviour is checked in (he is right-to-left). */
export type Lang = 'en' | 'he';
/** Every language of the app: fr and es are pictured too (npm run screenshots). */
export type PageLang = Lang | 'fr' | 'es';
export type Texts = typeof en;

export const LANGS: readonly Lang[] = ['en', 'he'];
// Locale parity is the unit tests' job (tests/unit/locales.test.ts); here each is read with en's shape.
export const TEXTS: Record<PageLang, Texts> = { en, he, fr, es };

/** Replaces i18next `{{name}}` placeholders, as the app does. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** Escapes text for use inside a RegExp; any whitespace (a no-break space in an amount) matches any. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s');
}

// ---------------------------------------------------------------------------------------------
// The sandbox catalogue and the money rules of requirements.md §5
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

/** requirements.md §5: percent -> price × value / 100 rounded to 2 decimals; flat -> the value. */
export function fee(item: CatalogueProduct): number {
  const value = item.convenience_fee_value ?? 0;
  return item.convenience_fee_type === 'percent' ? cents((item.price * value) / 100) : cents(value);
}

/** requirements.md §5: line price = price + fee. */
export function linePrice(item: CatalogueProduct): number {
  return cents(item.price + fee(item));
}

/**
 * How the app writes an amount in the page's language, CLDR's currency patterns written out (amounts under
 * a thousand): en "₪12.50"; he "‏12.50 ‏₪" (right-to-left marks before the number and the symbol); fr and
 * es "12,50 ₪" (a no-break space before the symbol).
 */
export function money(amount: number, lang: PageLang = 'en', symbol = '₪'): string {
  const digits = amount.toFixed(2);
  if (lang === 'he') return `\u200f${digits}\u00a0\u200f${symbol}`;
  if (lang === 'fr' || lang === 'es') return `${digits.replace('.', ',')}\u00a0${symbol}`;
  return `${symbol}${digits}`;
}

/** The language a set of texts is in. */
export const langOf = (t: Texts): PageLang =>
  (Object.keys(TEXTS) as PageLang[]).find((lang) => TEXTS[lang] === t) ?? 'en';

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

/** The call that has the operator record a purchase: set_purchase, or book_link for a payment link's page. */
export const isBooking = (request: Request) =>
  isSetPurchase(request) ||
  (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/v4/api/merchants/custom/book_link'));

interface Options {
  /** The interface language under test. */
  lang: PageLang;
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
export async function expectDocumentLanguage(page: Page, lang: PageLang): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
}

/** Opens /pay for a machine and waits until the page speaks `lang`. */
export async function openPay(page: Page, lang: PageLang, query: string): Promise<void> {
  await page.goto(`/pay?${query}`);
  await expectDocumentLanguage(page, lang);
}

/** Opens a machine's product selection (menu loaded). */
export async function openMachine(page: Page, lang: PageLang, machineId: string | number, extra = ''): Promise<void> {
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

/** The viewport's height: 844 in the browser tests (playwright.config.ts), 568 too for the screenshots at 320 px. */
export function viewportHeight(page: Page): number {
  const size = page.viewportSize();
  if (!size) throw new Error('the page has no fixed viewport');
  return size.height;
}

/** A bottom sheet has slid up: it sits on the bottom edge of the viewport. */
export async function expectOnBottomEdge(page: Page, sheet: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.abs(box.y + box.height - viewportHeight(page)) <= 2 : false;
    })
    .toBe(true);
}

/** The payment drawer has slid up: on the bottom edge, 90 % of the viewport tall (requirements.md §2). */
export async function expectSheetSettled(page: Page, t: Texts): Promise<void> {
  const sheet = drawer(page, t);
  await expectOnBottomEdge(page, sheet);
  const box = await sheet.boundingBox();
  const height = viewportHeight(page);
  expect(box?.height).toBeGreaterThanOrEqual(0.9 * height - 2);
  expect(box?.height).toBeLessThanOrEqual(0.9 * height + 2);
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
    `${escapeRegExp(t.methods.total)}\\s*${escapeRegExp(money(amount, langOf(t)))}\\s*${escapeRegExp(t.methods.includingFees)}`,
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

// ---------------------------------------------------------------------------------------------
// Payments: the purchase's session, the sandbox's charges, the methods' steps and the outcome pages
// ---------------------------------------------------------------------------------------------

export { TEST_CARDS };

/** A charge as GET /sandbox/charges lists it. */
export type SandboxCharge = Charge;

/** A card expiry some years ahead and one long gone (MM/YY), and a CVV the card rules accept. */
export const FUTURE_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
export const PAST_EXPIRY = '01/20';
export const TEST_CVV = '123';

/** What the sandbox's wallet pay call says when it declines (sandbox/api/payment.ts). */
export const WALLET_DECLINED = 'Card declined (sandbox).';

/** The field message the sandbox's card rules (sandbox/cards.ts) give a card they refuse before charging. */
export function cardFieldError(card: CardInput): string {
  const check = checkCard(card);
  if (check.outcome !== 'invalid') throw new Error(`the card rules accept ${card.number} ${card.expiry}`);
  return check.error.message;
}

/**
 * The charges the sandbox recorded for one purchase. Charges are global to the server and the tests
 * run in parallel, so a test counts only those of its own purchase (set_purchase's session_id).
 */
export async function chargesFor(request: APIRequestContext, sessionId: string): Promise<SandboxCharge[]> {
  const response = await request.get('/sandbox/charges');
  expect(response.ok(), 'GET /sandbox/charges').toBe(true);
  const charges = (await response.json()) as SandboxCharge[];
  return charges.filter((charge) => charge.session_id === sessionId);
}

type ExpectedCharge = Pick<SandboxCharge, 'method' | 'status' | 'amount'>;

/** The origins the build the test server serves names (vite.config.ts writes them). */
const BUILD_ORIGINS = JSON.parse(readFileSync(join(process.env.SANDBOX_DIST ?? 'dist', 'sandbox.json'), 'utf8')) as {
  providersOrigin: string;
  apiOrigin?: string;
};

/** The providers' stand-ins' origin. */
export const STAND_INS_ORIGIN = BUILD_ORIGINS.providersOrigin;

/** Where a test calls the operator's API itself: its own origin when the build has one, else the app's (''). */
export const API_ORIGIN = BUILD_ORIGINS.apiOrigin ?? '';

/** The visitor pays a wheelshare rental on their phone: Google Pay through the sandbox's wallet contract. */
export async function payOnPhone(request: APIRequestContext, sessionId: string, amount: number): Promise<void> {
  const response = await request.post(
    `${API_ORIGIN}/v4/api/payment/pay/wallet?machine_id=15&payment_method=google_pay`,
    {
      headers: { 'session-uuid': sessionId, 'idempotency-key': randomUUID() },
      data: {
        paymentData: { paymentMethodData: { tokenizationData: { token: 'approve' } } },
        amount: amount.toFixed(2),
        currencyCode: 'ILS',
      },
    },
  );
  expect(((await response.json()) as { status: number }).status).toBe(0);
}

/** Waits until the purchase has exactly these charges, in order; answers them. */
export async function expectCharges(
  request: APIRequestContext,
  sessionId: string,
  expected: readonly ExpectedCharge[],
): Promise<SandboxCharge[]> {
  const summary = (charges: SandboxCharge[]) =>
    charges.map(({ method, status, amount }) => ({ method, status, amount }));
  await expect
    .poll(async () => summary(await chargesFor(request, sessionId)), { message: `charges of session ${sessionId}` })
    .toEqual(expected);
  return chargesFor(request, sessionId);
}

/** Records the requests the page (and its frames) send with this method to a path; read it at any time. */
export function recordRequests(page: Page, method: string, path: string | RegExp): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    const matches = typeof path === 'string' ? pathname === path : path.test(pathname);
    if (request.method() === method && matches) requests.push(request);
  });
  return requests;
}

/**
 * Stripe's code: the StripeStep and Stripe adapter chunks (with @stripe/*) and Stripe.js (the sandbox's
 * stand-in). Not our own Stripe chart (`stripe.machine-*.js`), which comes with the purchase's charts.
 */
export const STRIPE_CODE = /\/assets\/(?![^/]*\.machine-)[^/]*stripe[^/]*\.js$|\/sdk\/stripe\.js$/i;

/** The sandbox serves its ApplePaySession stand-in only to a browser with this cookie (it plays Safari). */
export async function enableSandboxApplePay(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  await context.addCookies([{ name: 'sandbox_apple_pay', value: '1', url: baseURL }]);
}

/**
 * Holds every script chunk whose code contains `text` (a lazily loaded view, its words) until the returned
 * function is called: what the page shows while they load can then be looked at.
 */
export async function holdChunksContaining(page: Page, text: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const chunks = '**/assets/*.js';
  await page.route(chunks, async (route) => {
    // A kept-alive socket the server has just closed fails the first fetch (ECONNRESET on a busy machine).
    const response = await route.fetch().catch(() => route.fetch());
    const body = await response.text();
    if (body.includes(text)) await held;
    await route.fulfill({ response, body });
  });
  return () => {
    release();
    // Chunks asked for later load straight from the server.
    void page.unroute(chunks);
  };
}

/** Every uncaught error the page throws from now on. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Clicks the product page's Continue; answers the session_id set_purchase gave this purchase. */
export async function continueToPayment(page: Page, t: Texts): Promise<string> {
  const answered = page.waitForResponse((response) => isBooking(response.request()));
  await continueButton(page, t).click();
  const response = await answered;
  expect(response.ok(), `POST ${new URL(response.url()).pathname}`).toBe(true);
  const { session_id: sessionId } = (await response.json()) as { session_id: string };
  await expect(methodList(page, t)).toBeVisible();
  return sessionId;
}

/**
 * Opens a machine, selects the named products (none: the preselected or only one) and continues to
 * the payment methods; answers the purchase's session_id.
 */
export async function openPayment(
  page: Page,
  lang: PageLang,
  machineId: string | number,
  products: readonly string[] = [],
  role: 'radio' | 'checkbox' = 'radio',
): Promise<string> {
  const t = TEXTS[lang];
  await openMachine(page, lang, machineId);
  for (const name of products) await productInput(page, t, name, role).check();
  return continueToPayment(page, t);
}

type Method = keyof Texts['methods']['names'];

type PopupMethod = 'credit_card' | 'card_scan' | 'bit';

/** The popup card entry, card scan and Bit explain themselves in before they start (requirements.md §2). */
export function methodPopup(page: Page, t: Texts, method: PopupMethod): Locator {
  return drawer(page, t).getByRole('alertdialog', { name: t.popup[method].title });
}

/** The popup's Continue: the app's own button that starts card entry, card scan or Bit. */
export function popupContinue(page: Page, t: Texts, method: PopupMethod): Locator {
  return methodPopup(page, t, method).getByRole('button', { name: t.popup.continue, exact: true });
}

/** Chooses a method and continues; card entry, card scan and Bit first explain themselves in a popup. */
export async function startMethod(page: Page, t: Texts, method: Method): Promise<void> {
  await chooseMethod(page, t, method);
  await methodContinue(page, t).click();
  if (method === 'credit_card' || method === 'card_scan' || method === 'bit') {
    await popupContinue(page, t, method).click();
    await expect(methodPopup(page, t, method)).toHaveCount(0);
  }
}

/** A button in the drawer, by its exact name. */
export function drawerButton(page: Page, t: Texts, name: string): Locator {
  return drawer(page, t).getByRole('button', { name, exact: true });
}

/** The visitor closes the drawer (a success page so ends its payment, requirements.md §4), and it is gone. */
export async function closeDrawer(page: Page, t: Texts): Promise<void> {
  await drawerButton(page, t, t.drawer.close).click();
  await expect(drawer(page, t)).toHaveCount(0);
}

/** The card forms' "Pay ₪x" button. */
export function payAmountButton(page: Page, t: Texts, amount: number): Locator {
  return drawerButton(page, t, fill(t.payment.payAmount, { amount: money(amount, langOf(t)) }));
}

/** The wallet stand-ins' payment sheet: a modal dialog over the page, outside the drawer. */
export function walletSheet(page: Page, wallet: 'Google Pay' | 'Apple Pay'): Locator {
  return page.getByRole('dialog', { name: `${wallet} (sandbox)`, exact: true });
}

/** Approve / Decline / Cancel in a wallet sheet. */
export function sheetButton(page: Page, wallet: 'Google Pay' | 'Apple Pay', name: 'Approve' | 'Decline' | 'Cancel') {
  return walletSheet(page, wallet).getByRole('button', { name, exact: true });
}

/** The stand-in hosted fields (Tranzila): one frame per field, titled, each with one labelled input. */
export const HOSTED_FIELDS = { number: 'Card number', expiry: 'Expiry (MM/YY)', cvv: 'CVV' } as const;

export function hostedField(page: Page, field: keyof typeof HOSTED_FIELDS): Locator {
  const title = HOSTED_FIELDS[field];
  return page.frameLocator(`iframe[title="${title}"]`).getByRole('textbox', { name: title, exact: true });
}

export interface TestCard {
  number: string;
  expiry: string;
  cvv: string;
}

/** A card the sandbox approves; `number` swaps in another test card. */
export const card = (number: string = TEST_CARDS.approved, expiry = FUTURE_EXPIRY): TestCard => ({
  number,
  expiry,
  cvv: TEST_CVV,
});

export async function fillHostedFields(page: Page, { number, expiry, cvv }: TestCard): Promise<void> {
  await hostedField(page, 'number').fill(number);
  await hostedField(page, 'expiry').fill(expiry);
  await hostedField(page, 'cvv').fill(cvv);
}

/** A wallet's own pay button in the drawer, named as the provider names it (tests/fixtures/wallet-buttons.ts). */
export function walletButton(page: Page, t: Texts, wallet: 'google_pay' | 'apple_pay'): Locator {
  return drawerButton(page, t, wallet === 'apple_pay' ? APPLE_PAY_BUTTON : GOOGLE_PAY_BUTTON);
}

/** The stand-in Stripe card element's inputs, labelled as Stripe labels them. */
export const STRIPE_FIELDS = { number: 'Card number', expiry: 'Expiry (MM / YY)', cvv: 'CVC' } as const;

export function stripeInput(page: Page, t: Texts, field: keyof typeof STRIPE_FIELDS): Locator {
  return drawer(page, t).getByRole('textbox', { name: STRIPE_FIELDS[field], exact: true });
}

export async function fillCardElement(page: Page, t: Texts, { number, expiry, cvv }: TestCard): Promise<void> {
  await stripeInput(page, t, 'number').fill(number);
  await stripeInput(page, t, 'expiry').fill(expiry);
  await stripeInput(page, t, 'cvv').fill(cvv);
}

/** The custom payment page that a payment link opens (requirements.md §6). */
export const CUSTOM_PAYMENT_PAGE = '/customPaymentIframe';

/** A payment link as the merchant signs it: 7.50 on machine 1001 (Google Pay, card fields, Bit), with `extra` values. */
export function linkPath(extra: Record<string, string> = {}): string {
  return `${CUSTOM_PAYMENT_PAGE}?${signedQuery({ machineId: '1001', totalPrice: '7.50', info: 'Wheelchair rental', ...extra })}`;
}

/** A /genPaymentIntend link as the merchant signs it. */
export function intentPath(values: Record<string, string>): string {
  return `/genPaymentIntend?${signedQuery(values)}`;
}

/** A phone number of a test's own, per language: the sandbox keys rentals by phone and the tests share it. */
export const phoneFor = (lang: Lang, number: number) => `05${lang === 'he' ? 8 : 7}${String(number).padStart(7, '0')}`;

/** The hosted payment page (Yaad Sarig / Hyp, the sandbox's stand-in) in the frame the app titles. */
export function hostedPageFrame(page: Page, t: Texts): FrameLocator {
  return page.frameLocator(`iframe[title="${t.payment.hostedPage.title}"]`);
}

export async function fillHostedPage(page: Page, t: Texts, { number, expiry, cvv }: TestCard): Promise<void> {
  const frame = hostedPageFrame(page, t);
  await frame.getByLabel('Card number', { exact: true }).fill(number);
  await frame.getByLabel('Expiry (MM/YY)', { exact: true }).fill(expiry);
  await frame.getByLabel('CVV', { exact: true }).fill(cvv);
}

/** The hosted page's "Pay ₪x" (the provider's button, not the app's). */
export function hostedPagePayButton(page: Page, t: Texts, amount: number): Locator {
  return hostedPageFrame(page, t).getByRole('button', { name: `Pay ${money(amount)}`, exact: true });
}

/** The success page: the section under its "Payment successful" heading. */
export function successHeading(page: Page, t: Texts): Locator {
  return drawer(page, t).getByRole('heading', { name: t.success.title, exact: true });
}

export function successPage(page: Page, t: Texts): Locator {
  // `has` is matched inside each section, so it names the heading from there.
  const heading = page.getByRole('heading', { name: t.success.title, exact: true });
  return drawer(page, t).locator('section').filter({ has: heading });
}

/** The failure page: the section under its "Payment failed" heading. */
export function failureHeading(page: Page, t: Texts): Locator {
  return drawer(page, t).getByRole('heading', { name: t.failure.title, exact: true });
}

export function failurePage(page: Page, t: Texts): Locator {
  const heading = page.getByRole('heading', { name: t.failure.title, exact: true });
  return drawer(page, t).locator('section').filter({ has: heading });
}

export interface ReceiptLine {
  name: string;
  /** The product's own price, without its fee (requirements.md §2: the item price). */
  price: number;
}

/** How the visitor paid, as the receipt names it (locales: success.paymentMethods). */
export type PaidWith = keyof Texts['success']['paymentMethods'];

/**
 * A receipt as the success page writes it (requirements.md §2): each item at its price without the fee, the
 * subtotal (the items' sum), the service fee, the total (subtotal + fee), and the method it was paid with.
 */
export function receiptText(t: Texts, lines: readonly ReceiptLine[], serviceFee: number, paidWith: PaidWith): RegExp {
  const subtotal = cents(lines.reduce((sum, line) => sum + line.price, 0));
  const lang = langOf(t);
  const items = lines.map(({ name, price }) => `${escapeRegExp(name)}\\s*${escapeRegExp(money(price, lang))}`);
  const rows = [
    [t.success.subtotal, money(subtotal, lang)],
    [t.success.serviceFee, money(serviceFee, lang)],
    [t.success.total, money(cents(subtotal + serviceFee), lang)],
    [t.success.paidWith, t.success.paymentMethods[paidWith]],
  ] as const;
  const totalsText = rows.map(([label, value]) => `${escapeRegExp(label)}\\s*${escapeRegExp(value)}`);
  return new RegExp([...items, ...totalsText].join('\\s*'));
}

/** The receipt of one unit of a catalogue product, paid with `paidWith` (requirements.md §5 figures). */
export function receiptOfProduct(t: Texts, item: ReturnType<typeof product>, paidWith: PaidWith): RegExp {
  return receiptText(t, [{ name: item.name, price: item.price }], fee(item), paidWith);
}

/** Local storage of the page's origin, by key (requirements.md §3 keys: payStatus, pay_data, pay_history ...). */
export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** The technician's phone a machine's support buttons call, as a tel: address. */
export function machineTel(machineId: string | number): string {
  return telHref(machine(machineId).technician_phone_number ?? DEFAULT_SUPPORT_PHONE);
}

let tapCounters = 0;

/** What the taps from now on reached: where each pointerdown landed, and the clicks on the button. */
export interface Taps {
  /** 'button' for a pointerdown on the button, `cover` for one on the cover, else what took it. */
  landed: string[];
  /** The clicks dispatched on the button (the ones its click handler sees). */
  clicks: number;
}

/**
 * Counts, from now on, the pointerdowns and clicks that reach `target` (the capture phase on its
 * window, so nothing the app does can hide them). The page reports each one through a binding, so the
 * count survives the page leaving (Bit's redirect). Answers the live count.
 */
export async function countTaps(page: Page, target: Locator, cover = ''): Promise<Taps> {
  tapCounters += 1;
  const binding = `__tapReached${String(tapCounters)}`;
  const taps: Taps = { landed: [], clicks: 0 };
  await page.exposeBinding(binding, (_source, type: string, landed: string) => {
    if (type === 'click') taps.clicks += landed === 'button' ? 1 : 0;
    else taps.landed.push(landed);
  });
  await target.evaluate(
    (element, [name, cover]) => {
      const view = element.ownerDocument.defaultView as unknown as Window &
        Record<string, ((type: string, landed: string) => Promise<void>) | undefined>;
      for (const type of ['pointerdown', 'click'])
        view.addEventListener(
          type,
          (event) => {
            const onButton = event.composedPath().includes(element);
            const hit = event.target instanceof Element ? event.target : null;
            const landed = onButton ? 'button' : cover && hit?.closest(cover) ? cover : (hit?.tagName ?? 'elsewhere');
            void view[name]?.(type, landed);
          },
          { capture: true },
        );
    },
    [binding, cover] as const,
  );
  return taps;
}

/**
 * A double tap on one of the app's own buttons: Playwright's dblclick, two real taps at the button's
 * centre in one go, the second while the first is being handled. Both must have reached the button
 * (pointerdown and click), so the app's chart, not an overlay or luck, refused the second; where the
 * app covers the button at once, `secondLandsOn` is a selector of the app's own cover that takes it.
 */
export async function doubleTap(page: Page, target: Locator, secondLandsOn = 'button'): Promise<void> {
  const taps = await countTaps(page, target, secondLandsOn === 'button' ? '' : secondLandsOn);
  await target.dblclick();
  const expected = { landed: ['button', secondLandsOn], clicks: secondLandsOn === 'button' ? 2 : 1 };
  await expect.poll(() => structuredClone(taps), { message: 'where the two taps landed' }).toEqual(expected);
}

/**
 * Two activations of one of the app's own buttons in the same task, before the page can re-render or
 * cover it: both reach the button's click handler even when the first one takes the button away (the
 * popups' Continue), so the app's chart, not the DOM, must refuse the second.
 */
export async function clickTwiceAtOnce(page: Page, target: Locator): Promise<void> {
  const taps = await countTaps(page, target);
  await target.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
  await expect.poll(() => taps.clicks, { message: 'activations that reached the button' }).toBe(2);
}

/** The choices on the sandbox's card scanner page (sandbox/standins/card-scan.ts). */
export const SCANNER_BUTTONS = {
  approved: `Simulate scan: Visa ${TEST_CARDS.approved.slice(0, 4)}…`,
  declined: `Simulate scan: declined card ${TEST_CARDS.declined}`,
  cancel: 'Cancel',
} as const;

/** A button on the scanner page, in the frame the card-scan step titles. */
export function scannerButton(page: Page, t: Texts, choice: keyof typeof SCANNER_BUTTONS): Locator {
  return drawer(page, t)
    .locator(`iframe[title="${t.payment.cardScan.frameTitle}"]`)
    .contentFrame()
    .getByRole('button', { name: SCANNER_BUTTONS[choice], exact: true });
}

/**
 * Taps a choice on the scanner page once its script is running: the page's buttons show before
 * its script (at the end of the body) has loaded, and a tap before then does nothing. `double`: a
 * double tap, the sandbox page's own check (its page, not the app's).
 */
export async function tapScanner(
  page: Page,
  t: Texts,
  choice: keyof typeof SCANNER_BUTTONS,
  { double = false } = {},
): Promise<void> {
  const button = scannerButton(page, t, choice);
  await expect(button).toBeEnabled();
  await expect.poll(() => button.evaluate((element) => element.ownerDocument.readyState)).toBe('complete');
  await (double ? button.dblclick() : button.click());
}

// ---------------------------------------------------------------------------------------------
// A payment across a reload (or Back / Forward): what the page sent before and after
// ---------------------------------------------------------------------------------------------

/** The path of set_purchase, which a reloaded page must not send again by itself. */
export const SET_PURCHASE_PATH = '/v4/api/menu/set_purchase';

export interface RequestsAroundNavigation {
  /** Paths the page (and its frames) sent before the navigation the test started had committed. */
  before: string[];
  /** Paths sent once the main frame had its new document. */
  after: string[];
  /**
   * Runs a navigation of the main frame (page.reload(), goBack() ...); requests count as `after`
   * from the moment the main frame commits its next document, not from the call.
   */
  navigate<T>(action: () => Promise<T>): Promise<T>;
}

/** Records the requests sent with this method to these paths, split at a navigation `navigate` starts. */
export function recordAroundNavigation(
  page: Page,
  method: string,
  paths: readonly (string | RegExp)[],
): RequestsAroundNavigation {
  let phase: 'before' | 'navigating' | 'after' = 'before';
  const before: string[] = [];
  const after: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && phase === 'navigating') phase = 'after';
  });
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    const matches = paths.some((path) => (typeof path === 'string' ? pathname === path : path.test(pathname)));
    if (sent.method() === method && matches) (phase === 'after' ? after : before).push(pathname);
  });
  return {
    before,
    after,
    async navigate(action) {
      phase = 'navigating';
      return action();
    },
  };
}

/**
 * Where the held charge call ends up when the page reloads under it (what a real reload can do):
 * - 'reached the server': the server got the call and charged; its answer never reached the page.
 * - 'lost with the page': the reload cancelled the call before it left the browser; nothing charged.
 */
export type HeldCharge = 'reached the server' | 'lost with the page';

/** A POST the page sends, held in flight by page.route (the first one; later ones go through). */
export interface HeldCall {
  /**
   * Waits until the page has sent the call (it is then out and unanswered), lets it end as `held` says
   * and runs `navigate`, which takes its document away: 'reached the server' sends it on from the test
   * (route.fetch: the server gets it and answers) before the navigation, and the answer reaches no page;
   * 'lost with the page' aborts it after the navigation, never having left the browser.
   */
  endAcross(held: HeldCharge, navigate: () => Promise<unknown>): Promise<void>;
  /** Removes the hold. */
  stop(): Promise<void>;
}

export async function holdCall(page: Page, path: string): Promise<HeldCall> {
  const routes: Route[] = [];
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, async (route) => {
    if (route.request().method() !== 'POST' || routes.length > 0) return route.fallback();
    routes.push(route); // held: neither sent on nor answered until endAcross says so
  });
  return {
    async endAcross(held, navigate) {
      await expect.poll(() => routes.length, { message: `${path} held in flight` }).toBe(1);
      const [route] = routes;
      if (!route) throw new Error('unreachable: the poll saw the held route');
      const answer = held === 'reached the server' ? await route.fetch({ maxRedirects: 0 }) : undefined;
      await navigate();
      // The document that sent the call is gone: whatever the route does now reaches no page.
      await (answer ? route.fulfill({ response: answer }) : route.abort()).catch(() => undefined);
    },
    stop: () => page.unroute(matches),
  };
}

/**
 * Reloads the page while its charge call is in flight and checks design.md §10.2 (no double charge) and §10.8 (nothing
 * lost) once more. The charge call (`chargePath`, a POST) is held with page.route; the reload happens only once the
 * route has it, which proves the scenario: the call was out and unanswered when the page went. `held` says whether the
 * server got it (route.fetch, answered to nobody) or not (aborted). Then the reloaded page asks the operator about the
 * payment underway (GET /payment/status, under the purchase's session) and tells the truth: the success page when the
 * charge reached the server, "you have not been charged" when it did not, "being confirmed" while a payment it only
 * started (Bit's init) waits at the processor. Closing that leads to the products; nothing of the payment is sent
 * again; exactly one charge call was sent, and exactly the charges the server got: one of `expected`, or none (always
 * none without `expected`).
 */
export async function reloadDuringPayment(
  page: Page,
  request: APIRequestContext,
  t: Texts,
  options: {
    sessionId: string;
    /** The call that charges (a POST): the sandbox records a charge for each one it gets. */
    chargePath: string;
    /** Other POSTs of the payment (intents, tokens ...), which the reloaded page must not send either. */
    alsoPaths?: readonly string[];
    /** The tap that starts the payment; the charge call follows it. */
    pay: () => Promise<unknown>;
    held: HeldCharge;
    expected?: ExpectedCharge;
  },
): Promise<void> {
  const { sessionId, chargePath, alsoPaths = [], pay, held, expected } = options;
  const sent = recordAroundNavigation(page, 'POST', [chargePath, ...alsoPaths, SET_PURCHASE_PATH]);
  const call = await holdCall(page, chargePath);
  await pay();
  const asked = recordRequests(page, 'GET', PAYMENT_STATUS);
  await call.endAcross(held, () => sent.navigate(() => page.reload()));

  const reached = held === 'reached the server';
  if (reached && expected) await expect(successHeading(page, t)).toBeVisible();
  else if (reached) await expect(drawer(page, t)).toContainText(t.payment.status.pending);
  else await expect(failurePage(page, t)).toContainText(t.payment.errors.notCharged);
  expect(asked.length, 'the operator asked about the payment').toBeGreaterThan(0);
  for (const status of asked) expect(await status.headerValue('session-uuid')).toBe(sessionId);
  await closeDrawer(page, t);
  await expect(continueButton(page, t)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sent.after, 'payment requests after the reload').toEqual([]);
  expect(
    sent.before.filter((path) => path === chargePath),
    `${chargePath} calls before the reload`,
  ).toHaveLength(1);
  await expectCharges(request, sessionId, held === 'reached the server' && expected ? [expected] : []);
  await call.stop();
}

/** The payment calls and provider pages the tests watch (src/api/payment.ts, sandbox/standins). */
export const WALLET_PAY = '/v4/api/payment/pay/wallet';
export const APPLE_VALIDATE = '/v4/api/payment/pre/apple_pay/validate_merchant';
export const STRIPE_INTENT = '/v4/api/payment/pre/stripe';
export const STRIPE_PAYMENT_METHOD = '/sandbox/stripe/payment_methods';
export const STRIPE_CONFIRM = '/sandbox/stripe/confirm';
export const HOSTED_PAGE = '/sandbox/hosted-page/pay';
export const CARD_SCAN_CHARGE = '/sandbox/card-scan/charge';
export const BIT_PAGE = '/sandbox/bit/pay';
/** GET /v4/api/payment/status: what the operator knows of a purchase's payment (asked under its session). */
export const PAYMENT_STATUS = '/v4/api/payment/status';

/**
 * The request Bit's page sends the browser back with: the address its decision (a POST to BIT_PAGE)
 * redirects to. Start waiting before the decision; answers that address.
 */
export async function bitReturnAddress(page: Page, decide: () => Promise<void>): Promise<URL> {
  const returned = page.waitForRequest((sent) => {
    const from = sent.redirectedFrom();
    return from !== null && from.method() === 'POST' && new URL(from.url()).pathname === BIT_PAGE;
  });
  await decide();
  return new URL((await returned).url());
}

/** The operator's recorded outcomes of one purchase (GET /sandbox/payments: notifications and its own queries). */
export async function recordedPayments(
  request: APIRequestContext,
  sessionId: string,
): Promise<{ method: string; transaction_id: string; status: string; source: string }[]> {
  const response = await request.get('/sandbox/payments');
  expect(response.ok(), 'GET /sandbox/payments').toBe(true);
  const outcomes = (await response.json()) as {
    session_id: string;
    method: string;
    transaction_id: string;
    status: string;
    source: string;
  }[];
  return outcomes
    .filter((outcome) => outcome.session_id === sessionId)
    .map(({ method, transaction_id, status, source }) => ({ method, transaction_id, status, source }));
}
/** Google's side of its sheet: the payer's card, which the sheet waits for (sandbox/standins/google-pay.ts). */
export const GOOGLE_PAY_CARD = '/sandbox/google-pay/card';
export const TRANZILA_CHARGE = '/sandbox/tranzila/charge';

/** What the sandbox's card processors say when they decline (sandbox/cards.ts). */
export const CARD_DECLINED = 'Your card was declined.';

/**
 * Resolves once the page has handled everything a tap queued and painted the result: a task, then a
 * frame, then a task. What a refused tap would have done (a request, a dialog) has happened by then, so
 * "nothing happened" is checked after the app's own work instead of after a guessed sleep.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0);
      }),
  );
}

/**
 * Rewrites the JSON body of every POST to `path` on its way out, as a visitor could in the browser's
 * devtools; answers the bodies sent, so a test can first show the edit happened.
 */
export async function editRequests(page: Page, path: string, edit: (body: unknown) => unknown): Promise<unknown[]> {
  const sent: unknown[] = [];
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const body = edit(route.request().postDataJSON());
      sent.push(body);
      return route.continue({ postData: JSON.stringify(body) });
    },
  );
  return sent;
}

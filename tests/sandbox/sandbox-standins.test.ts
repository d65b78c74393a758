// @vitest-environment jsdom
// The stand-in SDKs as a page runs them: served by the sandbox, run in a DOM, their calls
// answered by the same sandbox app (fetch goes to app.request).
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInThisContext } from 'node:vm';
import { findByRole, fireEvent, getByLabelText, getByRole, queryByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readApplePayPaymentData } from '../../sandbox/standins/apple-pay-token';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { loadCatalogue } from '../../sandbox/catalogue';
import { TOKENIZABLE_CARD } from '../fixtures/menus';
import { APPLE_PAY_BUTTON, GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';

// (Not new URL(path, import.meta.url): under jsdom, Vite turns that into a served URL.)
const catalogue = loadCatalogue(join(dirname(fileURLToPath(import.meta.url)), '../../sandbox/catalogue.json'));
const FUTURE = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

type Outcome = Record<string, unknown>;
interface PaymentsClient {
  isReadyToPay(request: unknown): Promise<Outcome>;
  createButton(options: Record<string, unknown>): HTMLElement;
  loadPaymentData(request: unknown): Promise<Outcome>;
}
interface ApplePaySession {
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: { paymentData: { data: string } } } }) => void) | null;
  oncancel: (() => void) | null;
}
interface CardElement {
  mount(target: string): void;
  on(event: string, handler: (event: Outcome) => void): CardElement;
}
interface Stripe {
  elements(): { create(type: string): CardElement; getElement(type: string): CardElement | null };
  createPaymentMethod(data: { type: string; card: CardElement | null }): Promise<Outcome>;
  confirmCardPayment(clientSecret: string, data: { payment_method: { card: CardElement } }): Promise<Outcome>;
}
interface TzlaFields {
  onEvent(name: string, handler: () => void): void;
  charge(params: Outcome, callback: (error: Outcome | null, response?: Outcome) => void): void;
}
/** The globals the stand-ins install. */
interface StandIns {
  google: { payments: { api: { PaymentsClient: new (options: { environment: string }) => PaymentsClient } } };
  ApplePaySession: new (version: number, request: unknown) => ApplePaySession;
  Stripe: (key: string) => Stripe;
  TzlaHostedFields: { create(options: unknown): TzlaFields };
}
const standIns = window as unknown as StandIns;

let app: SandboxApp;

/** Runs a served script in this page, as a <script src> would. */
async function load(path: string, headers: Record<string, string> = {}) {
  const source = await (await app.providers.request(path, { headers })).text();
  runInThisContext(source, { filename: path });
}

async function newPurchase(machineId = '1005', lines: unknown = [{ product_id: 501, count: 1 }]) {
  const response = await app.request(`/v4/api/menu/set_purchase?machine_id=${machineId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(lines),
  });
  return ((await response.json()) as { session_id: string }).session_id;
}

beforeEach(() => {
  app = createSandboxApp({ catalogue });
  // The stand-ins call their own server (a script run here has no src, so it calls this page's origin).
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const { pathname } = new URL(url, location.href);
    return (pathname.startsWith('/v4/') ? app : app.providers).request(pathname, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('Google Pay stand-in', () => {
  const request = (totalPrice = '5.00') => ({
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [TOKENIZABLE_CARD],
    transactionInfo: { totalPriceStatus: 'FINAL', totalPrice, currencyCode: 'ILS' },
  });
  const client = async () => {
    await load('/sandbox/sdk/google-pay.js');
    return new standIns.google.payments.api.PaymentsClient({ environment: 'TEST' });
  };
  // The sheet shows once Google has answered with the payer's card, never within the call.
  const sheet = () => findByRole(document.body, 'dialog', { name: 'Google Pay (sandbox)' });

  // developers.google.com/pay/api/web/reference/request-objects#IsReadyToPayRequest: apiVersion 2 and the methods.
  const readiness = { apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [TOKENIZABLE_CARD] };

  it("isReadyToPay answers Google's side's word; refuses a request without the version or the methods; fails when Google does", async () => {
    const payments = await client();
    expect(await payments.isReadyToPay(readiness)).toEqual({ result: true });
    const developerError = { statusCode: 'DEVELOPER_ERROR' };
    await expect(payments.isReadyToPay({ ...readiness, apiVersion: 1 })).rejects.toMatchObject(developerError);
    await expect(payments.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0 })).rejects.toMatchObject(developerError);
    await expect(payments.isReadyToPay({ ...readiness, allowedPaymentMethods: [] })).rejects.toMatchObject(
      developerError,
    );

    // Google's side says no, or fails.
    const googleSays = (answer: Response) =>
      vi.stubGlobal('fetch', (url: string) =>
        Promise.resolve(
          new URL(url, location.href).pathname === '/sandbox/google-pay/ready' ? answer : Response.error(),
        ),
      );
    googleSays(Response.json({ result: false }));
    expect(await payments.isReadyToPay(readiness)).toEqual({ result: false });
    googleSays(new Response('', { status: 500 }));
    await expect(payments.isReadyToPay(readiness)).rejects.toMatchObject({ statusCode: 'INTERNAL_ERROR' });
  });

  it("makes Google's button: named as Google names it, its caption in buttonLocale's language", async () => {
    const payments = await client();
    const onClick = vi.fn();
    const options = { onClick, buttonColor: 'black', buttonType: 'pay', buttonSizeMode: 'fill' };
    document.body.append(payments.createButton({ ...options, buttonLocale: 'he' }));
    const button = getByRole(document.body, 'button', { name: GOOGLE_PAY_BUTTON });
    // The caption in the button's language, then the mark: Google's G and "Pay" drawn (its artwork), not words.
    expect(button.textContent).toBe('תשלום עם');
    expect(button.querySelector('svg[aria-hidden="true"]')?.querySelectorAll('path')).toHaveLength(5);
    expect(button.className).toBe('gpay-card-info-container black pay he');
    expect(button.parentElement?.className).toBe('gpay-card-info-container-fill');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();

    document.body.replaceChildren(payments.createButton({ ...options, buttonLocale: 'fr', buttonType: 'buy' }));
    expect(getByRole(document.body, 'button', { name: 'Buy with GPay' }).textContent).toBe('Acheter avec');
  });

  it('createButton throws without an onClick function, as pay.js does', async () => {
    const payments = await client();
    expect(() => payments.createButton({ buttonType: 'pay' })).toThrow(TypeError);
  });

  it("shows the account's card and the total once Google has answered; Approve resolves with PaymentData whose token approves", async () => {
    const payments = await client();
    const paid = payments.loadPaymentData(request());
    expect(queryByRole(document.body, 'dialog')).toBeNull();
    expect((await sheet()).textContent).toContain('Visa •••• 1111 · Total: 5.00 ILS');
    fireEvent.click(getByRole(await sheet(), 'button', { name: 'Approve' }));
    expect(await paid).toMatchObject({
      apiVersion: 2,
      apiVersionMinor: 0,
      paymentMethodData: {
        type: 'CARD',
        description: 'Visa •••• 1111',
        info: { cardNetwork: 'VISA', cardDetails: '1111' },
        tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{"sandbox":"approve"}' },
      },
    });
    expect(queryByRole(document.body, 'dialog')).toBeNull();
  });

  it('Decline resolves with a token containing "decline"; Cancel and Escape reject with CANCELED', async () => {
    const payments = await client();
    const declined = payments.loadPaymentData(request());
    fireEvent.click(getByRole(await sheet(), 'button', { name: 'Decline' }));
    expect(JSON.stringify(await declined)).toContain('decline');

    const canceled = { statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' };
    const cancelled = payments.loadPaymentData(request());
    fireEvent.click(getByRole(await sheet(), 'button', { name: 'Cancel' }));
    await expect(cancelled).rejects.toEqual(canceled);
    const escaped = payments.loadPaymentData(request());
    fireEvent.keyDown(await sheet(), { key: 'Escape' });
    await expect(escaped).rejects.toEqual(canceled);
  });

  it("refuses a second call while the first one's sheet is on its way, and a Google that does not answer is INTERNAL_ERROR", async () => {
    const payments = await client();
    const first = payments.loadPaymentData(request());
    await expect(payments.loadPaymentData(request())).rejects.toMatchObject({ statusCode: 'DEVELOPER_ERROR' });
    fireEvent.click(getByRole(await sheet(), 'button', { name: 'Cancel' }));
    await expect(first).rejects.toMatchObject({ statusCode: 'CANCELED' });

    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    await expect(payments.loadPaymentData(request())).rejects.toMatchObject({ statusCode: 'INTERNAL_ERROR' });
    expect(queryByRole(document.body, 'dialog')).toBeNull();
  });

  it.each([
    ['a price without 2 decimals', request('5')],
    ['a price status other than FINAL', { ...request(), transactionInfo: { totalPriceStatus: 'ESTIMATED' } }],
    ['apiVersion 1', { ...request(), apiVersion: 1 }],
    ['a card method without tokenizationSpecification', { ...request(), allowedPaymentMethods: [{ type: 'CARD' }] }],
  ])('rejects %s with DEVELOPER_ERROR and shows nothing', async (_case, bad) => {
    const payments = await client();
    await expect(payments.loadPaymentData(bad)).rejects.toMatchObject({ statusCode: 'DEVELOPER_ERROR' });
    expect(queryByRole(document.body, 'dialog')).toBeNull();
  });
});

describe('Apple Pay JS SDK stand-in: <apple-pay-button>', () => {
  /** Apple's button lives in the element's shadow root (Testing Library does not look inside by itself). */
  const appleButton = async (attributes: Record<string, string>) => {
    await load('/sandbox/sdk/apple-pay-sdk.js');
    const element = document.createElement('apple-pay-button');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    if (!element.shadowRoot) throw new Error('no shadow root');
    return {
      element,
      button: getByRole(element.shadowRoot as unknown as HTMLElement, 'button', { name: APPLE_PAY_BUTTON }),
    };
  };

  it("is a focusable button named as Apple names it, its caption in the locale attribute's language", async () => {
    const { element, button } = await appleButton({ buttonstyle: 'black', type: 'pay', locale: 'he-IL' });
    expect(button.tabIndex).toBe(0);
    // The caption in the locale's language, then the mark: Apple's logo and "Pay" drawn (Apple's glyphs), not words.
    expect(button.textContent).toBe('תשלום עם');
    expect(button.querySelector('svg[aria-hidden="true"] path')).not.toBeNull();
    element.setAttribute('locale', 'es-ES');
    expect(button.textContent).toBe('Pagar con');
  });

  it('takes its size and corners from the documented CSS custom properties', async () => {
    const { element } = await appleButton({ buttonstyle: 'black', type: 'pay', locale: 'en-US' });
    const css = element.shadowRoot?.querySelector('style')?.textContent ?? '';
    for (const property of ['width', 'height', 'border-radius', 'padding', 'box-sizing'])
      expect(css).toContain(`var(--apple-pay-button-${property}`);
  });

  it('lets the page handle its click (Enter and Space too); it starts no session itself', async () => {
    const { element, button } = await appleButton({ buttonstyle: 'black', type: 'pay', locale: 'en-US' });
    const onClick = vi.fn();
    element.addEventListener('click', onClick);
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.keyDown(button, { key: ' ' });
    expect(onClick).toHaveBeenCalledTimes(3);
    expect(queryByRole(document.body, 'dialog')).toBeNull();
  });
});

describe('Apple Pay stand-in', () => {
  const paymentRequest = {
    countryCode: 'IL',
    currencyCode: 'ILS',
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    merchantCapabilities: ['supports3DS'],
    total: { label: 'Sandbox Vending', amount: '5.00' },
  };
  const sheet = () => getByRole(document.body, 'dialog', { name: 'Apple Pay (sandbox)' });
  /** The stand-in's listeners for the browser's gesture events (jsdom's own events are never trusted). */
  const gestureListeners: ((event: Partial<Event>) => void)[] = [];
  const loadSafari = async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    await load('/sandbox/sdk/apple-pay.js', { cookie: 'sandbox_apple_pay=1' });
    gestureListeners.splice(
      0,
      Infinity,
      ...listen.mock.calls.filter(([type]) => type === 'click').map(([, l]) => l as never),
    );
    listen.mockRestore();
  };
  /** Runs `create` inside a tap, as the browser would report a real one to the stand-in. */
  const inTap = <T>(create: () => T): T => {
    for (const listener of gestureListeners) listener({ isTrusted: true, type: 'click' });
    return create();
  };

  it('throws InvalidAccessError for a session created outside a tap, as WebKit does', async () => {
    await loadSafari();
    expect(() => new standIns.ApplePaySession(1, paymentRequest)).toThrow(
      expect.objectContaining({ name: 'InvalidAccessError' }),
    );
    expect(() => inTap(() => new standIns.ApplePaySession(1, paymentRequest))).not.toThrow();
  });

  // What WebKit's ApplePaySession constructor refuses with a TypeError (ApplePayRequestBase.cpp,
  // ApplePayMerchantCapability.cpp, PaymentRequestValidator): Apple's request rules, not the app's.
  it.each([
    ['no total label', { total: { amount: '5.00' } }, 'Missing total label.'],
    ['no networks', { supportedNetworks: [] }, 'At least one supported network must be provided.'],
    [
      'an unknown network',
      { supportedNetworks: ['visa', 'notANetwork'] },
      '"notANetwork" is not a valid payment network.',
    ],
    [
      'a network of a later version (jcb is version 2)',
      { supportedNetworks: ['jcb'] },
      '"jcb" is not a valid payment network.',
    ],
    ['no capabilities', { merchantCapabilities: [] }, 'At least one merchant capability must be provided.'],
    ['an unknown capability', { merchantCapabilities: ['3DS'] }, /'3DS' is not a valid enum value/],
  ])('throws a TypeError for a request with %s, as Safari does', async (_case, change, message) => {
    await loadSafari();
    const create = () => inTap(() => new standIns.ApplePaySession(1, { ...paymentRequest, ...change }));
    expect(create).toThrow(TypeError);
    expect(create).toThrow(message);
  });

  it('accepts a network from the version that introduced it', async () => {
    await loadSafari();
    const jcb = { ...paymentRequest, supportedNetworks: ['jcb'] };
    expect(() => inTap(() => new standIns.ApplePaySession(2, jcb))).not.toThrow();
  });

  it('is absent without the cookie, as in Chrome', async () => {
    Reflect.deleteProperty(window, 'ApplePaySession');
    await load('/sandbox/sdk/apple-pay.js');
    expect('ApplePaySession' in window).toBe(false);
  });

  it('validates the merchant, then Approve authorizes a payment the sandbox approves', async () => {
    await loadSafari();
    const session = inTap(() => new standIns.ApplePaySession(3, paymentRequest));
    const validated = new Promise<string>(
      (resolve) => (session.onvalidatemerchant = (event) => resolve(event.validationURL)),
    );
    const authorized = new Promise<{ paymentData: { data: string } }>(
      (resolve) => (session.onpaymentauthorized = (event) => resolve(event.payment.token)),
    );
    session.begin();
    expect(getByRole(sheet(), 'button', { name: 'Approve' })).toHaveProperty('disabled', true);

    const validationURL = await validated;
    expect(validationURL).toBe('https://apple-pay-gateway-cert.apple.com/paymentservices/startSession');
    const session_uuid = await newPurchase();
    const merchantSession = await app.request('/v4/api/payment/pre/apple_pay/validate_merchant', {
      method: 'POST',
      headers: { 'session-uuid': session_uuid },
      body: JSON.stringify({ validationURL }),
    });
    // The operator calls only Apple's hosts: the stand-in's address must be one.
    expect(merchantSession.status).toBe(200);
    session.completeMerchantValidation(await merchantSession.json());
    fireEvent.click(getByRole(sheet(), 'button', { name: 'Approve' }));

    const token = await authorized;
    expect(token).toMatchObject({ paymentMethod: { network: 'Visa' } });
    // What the payer approved on the sheet, as the operator reads the token: 5.00 ILS (ISO 4217 376).
    expect(readApplePayPaymentData(token.paymentData.data)).toEqual({
      transactionAmount: 500,
      currencyCode: '376',
      sandboxOutcome: 'approve',
    });
    const paid = await app.request(`/v4/api/payment/pay/wallet?machine_id=1005&payment_method=apple_pay`, {
      method: 'POST',
      headers: { 'session-uuid': session_uuid, 'idempotency-key': randomUUID() },
      body: JSON.stringify(token),
    });
    expect(await paid.json()).toMatchObject({ status: 0 });
    session.completePayment(0);
    expect(queryByRole(document.body, 'dialog')).toBeNull();
  });

  it('allows one session at a time; Cancel calls oncancel and frees the page', async () => {
    await loadSafari();
    const first = inTap(() => new standIns.ApplePaySession(1, paymentRequest));
    const cancelled = vi.fn();
    first.oncancel = cancelled;
    first.begin();
    expect(() => inTap(() => new standIns.ApplePaySession(1, paymentRequest)).begin()).toThrow(
      expect.objectContaining({ name: 'InvalidAccessError' }),
    );
    fireEvent.keyDown(sheet(), { key: 'Escape' });
    expect(cancelled).toHaveBeenCalledOnce();
    expect(() => inTap(() => new standIns.ApplePaySession(1, paymentRequest)).begin()).not.toThrow();
  });

  it('refuses an unsupported version and a request without a total', async () => {
    await loadSafari();
    expect(() => inTap(() => new standIns.ApplePaySession(99, paymentRequest))).toThrow(
      expect.objectContaining({ name: 'InvalidAccessError' }),
    );
    expect(() => inTap(() => new standIns.ApplePaySession(3, { ...paymentRequest, total: undefined }))).toThrow(
      TypeError,
    );
  });
});

describe('Stripe.js stand-in', () => {
  const type = (label: string, value: string) =>
    fireEvent.input(getByLabelText(document.body, label), { target: { value } });

  async function mountedCard() {
    await load('/sandbox/sdk/stripe.js');
    const stripe = standIns.Stripe('pk_test_sandbox');
    const elements = stripe.elements();
    const card = elements.create('card');
    const changes: Outcome[] = [];
    card.on('change', (event) => changes.push(event));
    document.body.innerHTML = '<div id="card"></div>';
    card.mount('#card');
    return { stripe, elements, card, changes };
  }

  it('renders labelled card inputs and reports completeness on change', async () => {
    const { elements, card, changes } = await mountedCard();
    expect(elements.getElement('card')).toBe(card);
    type('Card number', TEST_CARDS.approved);
    type('Expiry (MM / YY)', FUTURE);
    expect(changes.at(-1)).toMatchObject({ elementType: 'card', empty: false, complete: false });
    type('CVC', '123');
    expect(changes.at(-1)).toMatchObject({ complete: true });
  });

  it('pays: createPaymentMethod, then confirmCardPayment with the client secret records one charge', async () => {
    const { stripe, card } = await mountedCard();
    type('Card number', TEST_CARDS.approved);
    type('Expiry (MM / YY)', FUTURE);
    type('CVC', '123');
    expect(await stripe.createPaymentMethod({ type: 'card', card })).toMatchObject({
      paymentMethod: { card: { last4: '4580' } },
    });

    // Machine 1004 takes cards through Stripe: product 401 costs 20.40 ILS, 2040 minor units.
    const session = await newPurchase('1004', [{ product_id: 401, count: 1 }]);
    const intent = await app.request('/v4/api/payment/pre/stripe?machine_id=1004', {
      method: 'POST',
      headers: { 'session-uuid': session, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ totalPrice: 20.4, currencyCode: 'ILS', amount: 2040, currency: 'ils' }),
    });
    const { client_secret } = (await intent.json()) as { client_secret: string };
    expect(await stripe.confirmCardPayment(client_secret, { payment_method: { card } })).toMatchObject({
      paymentIntent: { status: 'requires_capture', capture_method: 'manual', amount: 2040, amount_capturable: 2040 },
    });
    // Stripe confirms an authorized intent no more.
    expect(await stripe.confirmCardPayment(client_secret, { payment_method: { card } })).toMatchObject({
      error: {
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent could not be confirmed because it has a status of requires_capture.',
      },
    });
    expect(app.charges.list()).toMatchObject([{ method: 'stripe', status: 'approved', capture_method: 'manual' }]);
  });

  it('answers a validation_error for a bad card', async () => {
    const { stripe, card } = await mountedCard();
    type('Card number', '4242424242424241');
    type('Expiry (MM / YY)', FUTURE);
    type('CVC', '123');
    expect(await stripe.createPaymentMethod({ type: 'card', card })).toMatchObject({
      error: { type: 'validation_error', code: 'invalid_number' },
    });
  });
});

describe('Tranzila hosted fields stand-in', () => {
  // The script takes its own origin as Tranzila's; under runInThisContext that is the page's.
  const tranzilaOrigin = () => location.origin;
  const CHANNEL = 'tzla-hosted-fields';

  /** A message from one of the field frames, as the browser delivers it to the page. */
  const fromFrame = (frame: HTMLIFrameElement, data: Outcome, origin = tranzilaOrigin()) =>
    window.dispatchEvent(
      new MessageEvent('message', { data: { channel: CHANNEL, ...data }, origin, source: frame.contentWindow }),
    );

  async function mountFields() {
    await load('/sandbox/sdk/tranzila-hosted-fields.js');
    document.body.innerHTML = '<div id="number"></div><div id="expiry"></div><div id="cvv"></div>';
    const fields = standIns.TzlaHostedFields.create({
      sandbox: true,
      fields: {
        credit_card_number: { selector: '#number', placeholder: '4580 4580 4580 4580', tabindex: 1 },
        cvv: { selector: '#cvv', placeholder: 'CVV', tabindex: 3 },
        expiry: { selector: '#expiry', placeholder: 'MM/YY', tabindex: 2 },
      },
      styles: { input: { 'font-size': '16px' } },
    });
    const frames = [...document.querySelectorAll('iframe')];
    const posted = frames.map((frame) => vi.spyOn(frame.contentWindow as Window, 'postMessage'));
    return { fields, frames, posted };
  }

  it("frames one titled field per selector from Tranzila's origin, naming the merchant's", async () => {
    const { frames } = await mountFields();
    expect(frames.map((frame) => frame.title)).toEqual(['Card number', 'Expiry (MM/YY)', 'CVV']);
    const src = new URL(frames[0]?.getAttribute('src') ?? '');
    expect(src.pathname).toBe('/sandbox/tranzila/field');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      name: 'credit_card_number',
      placeholder: '4580 4580 4580 4580',
      parent_origin: location.origin,
    });
  });

  it('sends the styles to each frame that says it is ready, only to its origin', async () => {
    const { frames, posted } = await mountFields();
    const [number] = frames;
    if (!number) throw new Error('missing frame');
    fromFrame(number, { type: 'ready' }, 'https://elsewhere.test');
    expect(posted[0]).not.toHaveBeenCalled();
    fromFrame(number, { type: 'ready' });
    expect(posted[0]).toHaveBeenCalledExactlyOnceWith(
      { channel: CHANNEL, type: 'style', css: 'input { font-size: 16px; }' },
      tranzilaOrigin(),
    );
  });

  it("charges by asking the card-number frame (never reading the card), and answers only that frame's reply", async () => {
    const { fields, frames, posted } = await mountFields();
    const [number, expiry] = frames;
    if (!number || !expiry) throw new Error('missing frames');
    for (const frame of frames) fromFrame(frame, { type: 'ready' });
    const callback = vi.fn();
    const params = { terminal_name: 'sandbox', thtk: 'token', amount: '5.00' };
    fields.charge(params, callback);
    expect(posted[0]).toHaveBeenLastCalledWith({ channel: CHANNEL, type: 'charge', id: 1, params }, tranzilaOrigin());

    const response = { errors: null, transaction_response: { success: false, error_code: '004' } };
    fromFrame(number, { type: 'charged', id: 1, response }, 'https://elsewhere.test');
    fromFrame(expiry, { type: 'charged', id: 1, response });
    expect(callback).not.toHaveBeenCalled();
    fromFrame(number, { type: 'charged', id: 1, response });
    expect(callback).toHaveBeenCalledExactlyOnceWith(null, response);
  });
});

import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { checkCard, TEST_CARDS } from '../../sandbox/cards';
import { loadCatalogue } from '../../sandbox/catalogue';
import { BIT_REQUEST_TTL_MS } from '../../sandbox/standins/bit';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { postTranzilaCharge, tranzilaHandshake } from '../fixtures/tranzila';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));

const now = new Date();
const yy = (year: number) => String(year % 100).padStart(2, '0');
const FUTURE = `12/${yy(now.getFullYear() + 2)}`;
const THIS_MONTH = `${String(now.getMonth() + 1).padStart(2, '0')}/${yy(now.getFullYear())}`;
const LAST_YEAR = `12/${yy(now.getFullYear() - 1)}`;
interface Card {
  number: string;
  expiry: string;
  cvv: string;
}
const GOOD_CARD: Card = { number: TEST_CARDS.approved, expiry: FUTURE, cvv: '123' };

type Json = Record<string, unknown>;
const read = async (response: Response) => (await response.json()) as Json;

/** The providers' stand-ins answer on their own origin; everything else is the app's. */
const STAND_IN = /^\/sandbox\/(?:tranzila|hosted-page|stripe|bit|card-scan|sdk|pages)\b/;
const serverOf = (app: SandboxApp, path: string) => (STAND_IN.test(path) ? app.providers : app);

async function postJson(app: SandboxApp, path: string, body: unknown) {
  return serverOf(app, path).request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function postForm(app: SandboxApp, path: string, fields: Record<string, string>) {
  return serverOf(app, path).request(path, { method: 'POST', body: new URLSearchParams(fields) });
}

const googlePay = (outcome: string, amount: string | number = '5.00', currencyCode = 'ILS') => ({
  paymentData: {
    apiVersion: 2,
    paymentMethodData: {
      type: 'CARD',
      tokenizationData: { type: 'PAYMENT_GATEWAY', token: `{"sandbox":"${outcome}"}` },
    },
  },
  amount,
  currencyCode,
});
const applePayToken = (data: string) => ({
  paymentData: { version: 'EC_v1', data },
  paymentMethod: { displayName: 'Visa 1111', network: 'Visa', type: 'debit' },
  transactionIdentifier: 'ABC',
});
const GOOGLE = '/pay/wallet?machine_id=1005&payment_method=google_pay';
const APPLE = '/pay/wallet?machine_id=1005&payment_method=apple_pay';

describe('card rules (sandbox/cards.ts)', () => {
  const outcome = (card: Partial<Card>) => checkCard({ ...GOOD_CARD, ...card });

  it('approves any Luhn-valid number, declines 4000000000000002', () => {
    expect(outcome({})).toEqual({ outcome: 'approve', last4: '4580', brand: 'visa' });
    expect(outcome({ number: '5555 5555 5555 4444' })).toMatchObject({ outcome: 'approve', brand: 'mastercard' });
    expect(outcome({ number: TEST_CARDS.declined })).toMatchObject({ outcome: 'decline', last4: '0002' });
  });

  it.each([
    ['a non-Luhn number', { number: '4580458045804581' }, 'number', 'invalid_number'],
    ['a short number', { number: '4242' }, 'number', 'invalid_number'],
    ['an empty number', { number: '' }, 'number', 'invalid_number'],
    ['an expiry last year', { expiry: LAST_YEAR }, 'expiry', 'expired_card'],
    ['an expiry that is not MM/YY', { expiry: '13/40' }, 'expiry', 'invalid_expiry'],
    ['an empty cvv', { cvv: '' }, 'cvv', 'invalid_cvc'],
    ['a 2-digit cvv', { cvv: '12' }, 'cvv', 'invalid_cvc'],
    ['the cvv-error card', { number: TEST_CARDS.cvvError }, 'cvv', 'incorrect_cvc'],
  ])('rejects %s', (_case, card, field, code) => {
    expect(outcome(card)).toMatchObject({ outcome: 'invalid', error: { field, code } });
  });

  it('accepts this month as expiry, and a scanned card without a cvv', () => {
    expect(outcome({ expiry: THIS_MONTH }).outcome).toBe('approve');
    expect(checkCard({ number: TEST_CARDS.approved, expiry: FUTURE }).outcome).toBe('approve');
  });
});

describe('POST /v4/api/payment/pay/wallet', () => {
  it('Google Pay: approves and records the charge, declines a "decline" token and records that too', async () => {
    const app = createSandboxApp({ catalogue });
    const declinedSession = await newPurchase(app);
    const declined = await read(await payment(app, declinedSession, GOOGLE, googlePay('decline')));
    expect(declined).toEqual({ status: 1, msg: 'Card declined (sandbox).', data: { transaction_id: 'SBX-000001' } });

    const session = await newPurchase(app);
    const approved = await read(await payment(app, session, GOOGLE, googlePay('approve', 5)));
    expect(approved).toEqual({ status: 0, msg: 'Payment approved.', data: { transaction_id: 'SBX-000002' } });
    expect(app.charges.list()).toMatchObject([
      { session_id: declinedSession, method: 'google_pay', status: 'declined', amount: 5, currency: 'ILS' },
      { session_id: session, method: 'google_pay', status: 'approved', amount: 5, machine_id: '1005' },
    ]);
  });

  it('Apple Pay: reads the outcome from token.paymentData.data, given the token or the payment holding it', async () => {
    const app = createSandboxApp({ catalogue });
    const declined = await read(await payment(app, await newPurchase(app), APPLE, applePayToken('decline-1a2b')));
    expect(declined).toMatchObject({ status: 1 });
    const wrapped = { token: applePayToken('approve') };
    expect(await read(await payment(app, await newPurchase(app), APPLE, wrapped))).toMatchObject({ status: 0 });
    expect(app.charges.list().map((charge) => [charge.method, charge.status])).toEqual([
      ['apple_pay', 'declined'],
      ['apple_pay', 'approved'],
    ]);
  });

  it.each([
    ['an amount that is not the total', GOOGLE, googlePay('approve', '5.50'), /amount must be the purchase total 5/],
    ['an amount with 3 decimals', GOOGLE, googlePay('approve', '5.000'), /amount/],
    ['another currency', GOOGLE, googlePay('approve', '5.00', 'USD'), /currencyCode must be ILS/],
    ['Google paymentData without a token', GOOGLE, { amount: '5.00', currencyCode: 'ILS' }, /paymentData/],
    ['an Apple token without paymentData', APPLE, { transactionIdentifier: 'x' }, /./],
    ['an unknown payment_method', '/pay/wallet?machine_id=1005&payment_method=paypal', {}, /payment_method/],
    ['another machine than the purchase', '/pay/wallet?machine_id=1001&payment_method=google_pay', {}, /1005/],
  ])('answers 400 for %s and records nothing', async (_case, path, body, message) => {
    const app = createSandboxApp({ catalogue });
    const response = await payment(app, await newPurchase(app), path, body);
    expect(response.status).toBe(400);
    expect((await read(response)).message).toMatch(message);
    expect(app.charges.list()).toEqual([]);
  });

  it('answers 400 {message} for a missing or unknown session', async () => {
    const app = createSandboxApp({ catalogue });
    for (const session of [undefined, 'no-such-session']) {
      const response = await payment(app, session, GOOGLE, googlePay('approve'));
      expect(response.status).toBe(400);
      expect(await read(response)).toEqual({ message: expect.stringMatching(/session/) as unknown });
    }
  });

  it('reads the session uuid from the query too', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const response = await payment(app, undefined, `${GOOGLE}&session_uuid=${session}`, googlePay('approve'));
    expect(await read(response)).toMatchObject({ status: 0 });
  });

  it('never charges a paid purchase twice: a second attempt records nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    await payment(app, session, GOOGLE, googlePay('approve'));
    const again = await read(await payment(app, session, APPLE, applePayToken('approve')));
    expect(again).toEqual({ status: 2, msg: 'This purchase is already paid.', data: { transaction_id: '' } });
    expect(app.charges.list()).toHaveLength(1);
  });

  it('refuses a double tap while the first attempt is processed: one record', async () => {
    const app = createSandboxApp({ catalogue, processingMs: 30 });
    const session = await newPurchase(app);
    const answers = await Promise.all([1, 2].map(() => payment(app, session, GOOGLE, googlePay('decline')).then(read)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([1, 2]);
    expect(answers).toContainEqual(
      expect.objectContaining({ msg: 'A payment for this purchase is already being processed.' }),
    );
    expect(app.charges.list()).toHaveLength(1);
  });

  it('lets a declined purchase be tried again', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    await payment(app, session, GOOGLE, googlePay('decline'));
    expect(await read(await payment(app, session, GOOGLE, googlePay('approve')))).toMatchObject({ status: 0 });
    expect(app.charges.list().map((charge) => charge.status)).toEqual(['declined', 'approved']);
  });
});

describe('POST /v4/api/payment/pre/apple_pay/validate_merchant', () => {
  const app = createSandboxApp({ catalogue });
  const validate = (body: unknown) => payment(app, undefined, '/pre/apple_pay/validate_merchant', body);

  it('answers a merchant session shaped like Apple’s', async () => {
    const response = await validate({
      validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    });
    expect(response.status).toBe(200);
    const session = await read(response);
    expect(Object.keys(session).sort()).toEqual(
      [
        'displayName',
        'domainName',
        'epochTimestamp',
        'expiresAt',
        'merchantIdentifier',
        'merchantSessionIdentifier',
        'nonce',
        'signature',
      ].sort(),
    );
    expect(session).toMatchObject({ domainName: 'localhost' });
    expect(session.expiresAt).toBeGreaterThan(session.epochTimestamp as number);
  });

  it.each([
    ['no validationURL', {}],
    ['an http validationURL', { validationURL: 'http://apple-pay-gateway.apple.com/startSession' }],
    ['a validationURL that is no URL', { validationURL: 'apple' }],
  ])('answers 400 for %s', async (_case, body) => {
    const response = await validate(body);
    expect(response.status).toBe(400);
    expect((await read(response)).message).toMatch(/validationURL/);
  });
});

describe('POST /v4/api/payment/pre/stripe', () => {
  // Machine 1004 (Stripe) sells product 401 at 20 + 2 %: 20.40 ILS, 2040 minor units.
  const productToBuy = { totalPrice: 20.4, currencyCode: 'ILS', countryCode: 'IL', label: 'Pass', machine_id: '1004' };
  const intent = (app: SandboxApp, session: string, body: unknown) =>
    payment(app, session, '/pre/stripe?machine_id=1004', body);

  it('answers a client secret, the same one again for the same purchase', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]);
    const first = await read(await intent(app, session, { ...productToBuy, amount: 2040, currency: 'ils' }));
    expect(first.client_secret).toMatch(/^pi_sbx_1_secret_[0-9a-f]+$/);
    expect(await read(await intent(app, session, { ...productToBuy, amount: 2040, currency: 'ils' }))).toEqual(first);
    expect(app.purchases.get(session)?.payment_intent).toMatchObject({ id: 'pi_sbx_1', amount: 2040, currency: 'ils' });
  });

  it.each([
    ['major units', { amount: 20.4, currency: 'ils' }, /whole number/],
    ['another amount', { amount: 2000, currency: 'ils' }, /amount must be 2040/],
    ['an uppercase currency', { amount: 2040, currency: 'ILS' }, /currency must be ils/],
  ])('answers 400 {message} for %s', async (_case, fields, message) => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]);
    const response = await intent(app, session, { ...productToBuy, ...fields });
    expect(response.status).toBe(400);
    expect((await read(response)).message).toMatch(message);
  });
});

/** Tranzila's hosted-fields charge as its card-number frame posts it, with a new handshake of the purchase. */
async function tranzilaCharge(app: SandboxApp, session: string, card: Partial<Card> = {}, amount = 5) {
  const { number, expiry, cvv } = { ...GOOD_CARD, ...card };
  const { answer } = await tranzilaHandshake(app, session);
  return postTranzilaCharge(app, {
    terminal_name: 'sandbox',
    thtk: answer.thtk,
    amount,
    currency_code: 'ILS',
    response_language: 'english',
    credit_card_number: number,
    expiry,
    cvv,
  });
}

describe('Tranzila hosted fields: POST /sandbox/tranzila/charge', () => {
  it('approves a good card in Tranzila’s shape and records it', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    expect(await read(await tranzilaCharge(app, session))).toEqual({
      errors: null,
      transaction_response: {
        success: true,
        transaction_id: 'SBX-000001',
        amount: 5,
        currency_code: 'ILS',
        credit_card_last_4_digits: '4580',
        error_code: '000',
      },
    });
    expect(app.charges.list()).toMatchObject([{ method: 'tranzila', status: 'approved', session_id: session }]);
  });

  it.each([
    ['a non-Luhn number', { number: '4580458045804581' }, 'credit_card_number'],
    ['a past expiry', { expiry: LAST_YEAR }, 'expiry'],
    ['a short cvv', { cvv: '1' }, 'cvv'],
    ['the cvv-error card', { number: TEST_CARDS.cvvError }, 'cvv'],
  ])('answers a field error for %s and records nothing', async (_case, card, param) => {
    const app = createSandboxApp({ catalogue });
    const answer = await read(await tranzilaCharge(app, await newPurchase(app), card));
    expect(answer).toMatchObject({
      errors: [{ param, message: expect.any(String) as unknown }],
      transaction_response: null,
    });
    expect(app.charges.list()).toEqual([]);
  });

  // The old stand-in answered a decline as an error too; Tranzila answers it as a response (success false).
  it('declines 4000000000000002 as a response: success false, code 004, no errors; records the attempt', async () => {
    const app = createSandboxApp({ catalogue });
    const answer = await read(await tranzilaCharge(app, await newPurchase(app), { number: TEST_CARDS.declined }));
    expect(answer).toEqual({
      errors: null,
      transaction_response: {
        success: false,
        transaction_id: 'SBX-000001',
        error_code: '004',
        error: 'Your card was declined.',
      },
    });
    expect(app.charges.list()).toMatchObject([{ method: 'tranzila', status: 'declined' }]);
  });

  it('never charges a paid purchase twice', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    await tranzilaCharge(app, session);
    const again = await read(await tranzilaCharge(app, session));
    expect(again).toEqual({
      errors: [{ param: 'general', message: 'This purchase is already paid.' }],
      transaction_response: null,
    });
    expect(app.charges.list()).toHaveLength(1);
  });

  it('answers a general error for a charge without a terminal', async () => {
    const app = createSandboxApp({ catalogue });
    const noTerminal = await read(await postTranzilaCharge(app, { amount: 5 }));
    expect(noTerminal).toMatchObject({ errors: [{ param: 'general' }], transaction_response: null });
  });

  it('serves one labelled input per field page', async () => {
    const app = createSandboxApp({ catalogue });
    const page = await app.providers.request(
      `/sandbox/tranzila/field?name=expiry&placeholder=MM%2FYY&parent_origin=${encodeURIComponent('http://localhost')}`,
    );
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await page.text();
    expect(text).toContain('<html lang="en">');
    expect(text).toMatch(/<label[^>]*for="field">Expiry \(MM\/YY\)<\/label>/);
    expect(text).toMatch(/<input[^>]*autocomplete="cc-exp"[^>]*inputmode="numeric"[^>]*placeholder="MM\/YY"/s);
    expect((await app.providers.request('/sandbox/tranzila/field?name=password')).status).toBe(404);
    // Framed only by the merchant's sites, which it reports to.
    expect(page.headers.get('content-security-policy')).toBe('frame-ancestors http://localhost');
    const elsewhere = await app.providers.request('/sandbox/tranzila/field?name=cvv&parent_origin=https://evil.test');
    expect(elsewhere.status).toBe(400);
  });
});

describe('POST /v4/api/payment/post/payment_succeeded_callback', () => {
  const CALLBACK = '/post/payment_succeeded_callback?machine_id=1005&payment_type=ajax';

  it('answers status 0 only for the approved Tranzila charge of this purchase', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const declined = await read(await tranzilaCharge(app, session, { number: TEST_CARDS.declined }));
    const approved = await read(await tranzilaCharge(app, session));
    const callback = (body: unknown, query = '&simulate_error=false') =>
      payment(app, session, CALLBACK + query, body).then(read);

    expect(await callback(approved)).toEqual({ status: 0, msg: 'ok' });
    expect(await callback(declined)).toMatchObject({ status: 1 });
    expect(await callback({ transaction_response: { transaction_id: 'SBX-999999' } })).toMatchObject({ status: 1 });
    expect(await callback({})).toMatchObject({ status: 1 });
    expect(await callback(approved, '&simulate_error=true')).toMatchObject({
      status: 1,
      msg: expect.any(String) as unknown,
    });
  });

  it('answers status 1 for another purchase’s transaction', async () => {
    const app = createSandboxApp({ catalogue });
    const paid = await read(await tranzilaCharge(app, await newPurchase(app)));
    const other = await newPurchase(app);
    expect(await read(await payment(app, other, CALLBACK, paid))).toMatchObject({ status: 1 });
  });
});

describe('GET /v4/api/payment/pay/pay_ajax and the Hyp payment page', () => {
  /** The Hyp terminal's one return page: the operator's, on the API (here the app's first origin). */
  const TERMINAL_RETURN = 'http://localhost/v4/hyp/return';
  const RETURN_URL = 'http://localhost/payment-return.html';
  const AJAX = '/pay/pay_ajax?machine_id=1005';
  type PageAnswer = { data: { data: { payment_url: string } } };
  async function hostedPage(app: SandboxApp, session?: string) {
    const purchase = session ?? (await newPurchase(app));
    const answer = (await read(await payment(app, purchase, AJAX))) as PageAnswer;
    return { session: purchase, answer, url: new URL(answer.data.data.payment_url) };
  }
  const pay = (app: SandboxApp, url: URL | string, card: Partial<Card> = {}) =>
    postForm(app, typeof url === 'string' ? url : url.pathname + url.search, { ...GOOD_CARD, ...card });
  /** Where a 303 sends the frame. */
  const locationOf = (response: Response) => {
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location') ?? '', 'http://providers.localhost');
  };
  /** The operator's check of what the return page received (as the app posts it). */
  const verify = async (app: SandboxApp, session: string, returned: URL | Record<string, string>) =>
    read(
      await payment(
        app,
        session,
        '/post/hosted_page/verify?machine_id=1005',
        returned instanceof URL ? Object.fromEntries(returned.searchParams) : returned,
      ),
    );

  it('answers the signed page address on the providers’ origin, the total, the symbol and what is bought', async () => {
    const app = createSandboxApp({ catalogue });
    const { session, answer, url } = await hostedPage(app);
    expect(answer).toEqual({
      data: {
        data: {
          payment_url: url.href,
          total_price: 5,
          currency_symbol: '₪',
          info: expect.stringMatching(/× 1/) as unknown,
        },
      },
    });
    expect(url.origin).toBe(app.providersOrigin); // the provider's own origin, never the app's
    expect(url.pathname).toBe('/sandbox/hosted-page/pay');
    expect([...url.searchParams.keys()]).toEqual(['token', 'signature']); // no return address: the terminal's
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{16,}$/);
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    // Hyp's page address is one-time: each call asks Hyp for a new one.
    const again = (await read(await payment(app, session, AJAX))) as typeof answer;
    expect(again.data.data.payment_url).not.toBe(url.href);
  });

  it.each([
    ['the app’s own return page', RETURN_URL],
    ['another site', 'https://evil.example/payment-return.html'],
    ['an empty one', ''],
  ])('refuses a return_url (%s) with 400: the return page is the terminal’s, set by Hyp', async (_case, returnUrl) => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const response = await payment(app, session, `${AJAX}&return_url=${encodeURIComponent(returnUrl)}`);
    expect(response.status).toBe(400);
    expect(await read(response)).toEqual({ message: expect.stringMatching(/terminal’s settings/) as unknown });
    expect(app.charges.list()).toHaveLength(0);
  });

  it('shows an accessible card form with the amount on its Pay button', async () => {
    const app = createSandboxApp({ catalogue });
    const { url } = await hostedPage(app);
    const page = await app.providers.request(url.pathname + url.search);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await page.text();
    expect(text).toContain('<html lang="en">');
    expect(text).toMatch(/<title>.+<\/title>/);
    for (const [id, label] of [
      ['number', 'Card number'],
      ['expiry', 'Expiry (MM/YY)'],
      ['cvv', 'CVV'],
    ])
      expect(text).toContain(`<label for="${id}">${label}</label>`);
    expect(text).toMatch(/<button type="submit">Pay ₪5\.00<\/button>/);
  });

  it.each([
    ['a return address added', (url: URL) => url.searchParams.set('return_url', 'https://evil.example/r')],
    ['another token', (url: URL) => url.searchParams.set('token', 'someone-else')],
    ['no signature', (url: URL) => url.searchParams.delete('signature')],
  ])('refuses a page address with %s (403), and charges nothing', async (_case, alter) => {
    const app = createSandboxApp({ catalogue });
    const { url } = await hostedPage(app);
    alter(url);
    expect((await app.providers.request(url.pathname + url.search)).status).toBe(403);
    expect((await pay(app, url)).status).toBe(403);
    expect(app.charges.list()).toHaveLength(0);
  });

  it('on approval records the charge and sends the frame to the terminal’s return page with Hyp’s signed parameters', async () => {
    const app = createSandboxApp({ catalogue });
    const { session, url } = await hostedPage(app);
    const location = locationOf(await pay(app, url));
    expect(location.origin + location.pathname).toBe(TERMINAL_RETURN);
    expect([...location.searchParams.keys()]).toEqual([
      'Id',
      'CCode',
      'Amount',
      'ACode',
      'Order',
      'Fild1',
      'Fild2',
      'Fild3',
      'Sign',
    ]);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      Id: 'SBX-000001',
      CCode: '0',
      Amount: '5',
      ACode: '0000001',
      Order: session,
    });
    expect(app.charges.list()).toMatchObject([{ id: 'SBX-000001', method: 'yaad_sarig', status: 'approved' }]);
    expect(await verify(app, session, location)).toEqual({
      status: 0,
      msg: 'Payment approved.',
      data: { transaction_id: 'SBX-000001' },
    });
    expect(app.charges.list()).toHaveLength(1);
  });

  it('on a decline sends the frame to the return page with the error code; the operator answers the decline', async () => {
    const app = createSandboxApp({ catalogue });
    const { session, url } = await hostedPage(app);
    const location = locationOf(await pay(app, url, { number: TEST_CARDS.declined }));
    expect(location.origin + location.pathname).toBe(TERMINAL_RETURN);
    expect(location.searchParams.get('CCode')).toBe('4');
    expect(location.searchParams.get('ACode')).toBe('');
    expect(app.charges.list()).toMatchObject([{ method: 'yaad_sarig', status: 'declined' }]);
    expect(await verify(app, session, location)).toEqual({
      status: 1,
      msg: 'Card declined (Hyp CCode 4).',
      data: { transaction_id: 'SBX-000001' },
    });
  });

  it.each([
    ['a non-Luhn number', { number: '1234567812345678' }, 'Your card number is invalid.'],
    ['a past expiry', { expiry: LAST_YEAR }, 'Your card has expired.'],
  ])('on %s shows its own form again with the error, charging nothing', async (_case, card, message) => {
    const app = createSandboxApp({ catalogue });
    const { url } = await hostedPage(app);
    const location = locationOf(await pay(app, url, card));
    expect(location.pathname).toBe('/sandbox/hosted-page/pay');
    expect(location.searchParams.get('error')).toBe(message);
    expect(app.charges.list()).toHaveLength(0);
    expect(await (await app.providers.request(location.pathname + location.search)).text()).toContain(
      `<p role="alert">${message.replace("'", '&#39;')}</p>`,
    );
  });

  it('challenges the 3-D Secure card on a page of its own before charging; Complete charges it', async () => {
    const app = createSandboxApp({ catalogue });
    const { session, url } = await hostedPage(app);
    const challenge = locationOf(await pay(app, url, { number: TEST_CARDS.threeDSecure }));
    expect(challenge.pathname).toBe('/sandbox/hosted-page/3ds');
    expect(app.charges.list()).toHaveLength(0);
    const text = await (await app.providers.request(challenge.pathname + challenge.search)).text();
    expect(text).toContain('<h1>3-D Secure</h1>');
    expect(text).toContain('card ending 3220');
    expect(text).toMatch(/<button type="submit" name="result" value="complete">Complete<\/button>/);

    const challengePath = challenge.pathname + challenge.search;
    const location = locationOf(await postForm(app, challengePath, { result: 'complete' }));
    expect(location.searchParams.get('CCode')).toBe('0');
    expect(await verify(app, session, location)).toMatchObject({ status: 0 });
    expect(app.charges.list()).toMatchObject([{ method: 'yaad_sarig', status: 'approved' }]);
    // The challenge is answered once: the page has served its one payment.
    expect((await postForm(app, challengePath, { result: 'complete' })).status).toBe(410);
    expect(app.charges.list()).toHaveLength(1);
  });

  it('a failed 3-D Secure challenge is a decline', async () => {
    const app = createSandboxApp({ catalogue });
    const { session, url } = await hostedPage(app);
    const challenge = locationOf(await pay(app, url, { number: TEST_CARDS.threeDSecure }));
    const location = locationOf(await postForm(app, challenge.pathname + challenge.search, { result: 'fail' }));
    expect(location.searchParams.get('CCode')).toBe('4');
    expect(await verify(app, session, location)).toMatchObject({ status: 1 });
    expect(app.charges.list()).toMatchObject([{ status: 'declined' }]);
  });

  it.each([
    ['a declined return with CCode changed to 0', 'declined', (p: URLSearchParams) => p.set('CCode', '0')],
    ['an approved return with a smaller Amount', 'approved', (p: URLSearchParams) => p.set('Amount', '0.5')],
    ['an approved return with another Id', 'approved', (p: URLSearchParams) => p.set('Id', 'SBX-999999')],
    ['a wrong Sign', 'approved', (p: URLSearchParams) => p.set('Sign', '0'.repeat(64))],
    ['no Sign', 'approved', (p: URLSearchParams) => p.delete('Sign')],
    [
      'the parameters in another order',
      'approved',
      (p: URLSearchParams) => {
        const sign = p.get('Sign') ?? '';
        p.delete('Sign');
        p.sort();
        p.set('Sign', sign);
      },
    ],
  ])('the operator refuses %s (status 3) and records nothing', async (_case, outcome, forge) => {
    const app = createSandboxApp({ catalogue });
    const { session, url } = await hostedPage(app);
    const location = locationOf(await pay(app, url, { number: TEST_CARDS[outcome as 'approved' | 'declined'] }));
    forge(location.searchParams);
    const before = app.charges.list();
    expect(await verify(app, session, location)).toMatchObject({ status: 3 });
    expect(app.charges.list()).toEqual(before);
  });

  it('the operator refuses another purchase’s approved return', async () => {
    const app = createSandboxApp({ catalogue });
    const paid = await hostedPage(app);
    const location = locationOf(await pay(app, paid.url));
    const other = await newPurchase(app);
    expect(await verify(app, other, location)).toEqual({
      status: 3,
      msg: 'The payment page’s answer is for another order.',
      data: { transaction_id: 'SBX-000001' },
    });
    const response = await payment(app, other, '/post/hosted_page/verify?machine_id=1005', ['not', 'an', 'object']);
    expect(response.status).toBe(400);
  });

  it('a new page for a paid purchase shows it as already paid and charges nothing more', async () => {
    const app = createSandboxApp({ catalogue });
    const { session, url } = await hostedPage(app);
    await pay(app, url);
    const fresh = (await hostedPage(app, session)).url;
    expect(await (await app.providers.request(fresh.pathname + fresh.search)).text()).toContain(
      'This purchase is already paid.',
    );
    const again = locationOf(await pay(app, fresh));
    expect(again.pathname).toBe('/sandbox/hosted-page/pay');
    expect(again.searchParams.get('error')).toBe('This purchase is already paid.');
    expect(app.charges.list()).toHaveLength(1);
  });

  /** What a page address Hyp no longer serves answers: 410 with a page that says why. */
  async function expectGone(app: SandboxApp, url: URL, why: RegExp) {
    const shown = await app.providers.request(url.pathname + url.search);
    expect(shown.status).toBe(410);
    expect(shown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await shown.text()).toMatch(new RegExp(`<p role="alert">${why.source}`));
    expect((await pay(app, url)).status).toBe(410);
  }

  it.each([
    ['an approved', TEST_CARDS.approved, 'approved'],
    ['a declined', TEST_CARDS.declined, 'declined'],
  ])(
    'serves one payment: after %s one its address is refused (410), nothing more charged',
    async (_c, number, status) => {
      const app = createSandboxApp({ catalogue });
      const { url } = await hostedPage(app);
      locationOf(await pay(app, url, { number }));
      await expectGone(app, url, /This payment page has already been used/);
      expect(app.charges.list()).toMatchObject([{ method: 'yaad_sarig', status }]);
    },
  );

  it('a form error does not use the page: the payer corrects the card on the same address', async () => {
    const app = createSandboxApp({ catalogue });
    const { url } = await hostedPage(app);
    expect(locationOf(await pay(app, url, { number: '1234567812345678' })).pathname).toBe('/sandbox/hosted-page/pay');
    expect(locationOf(await pay(app, url)).pathname).toBe(new URL(TERMINAL_RETURN).pathname);
    expect(app.charges.list()).toMatchObject([{ status: 'approved' }]);
  });

  it('expires 10 minutes after Hyp issued it (410), the form and its 3-D Secure page alike; a new page pays', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const app = createSandboxApp({ catalogue });
      const { session, url } = await hostedPage(app);
      const challenge = locationOf(await pay(app, url, { number: TEST_CARDS.threeDSecure }));
      vi.advanceTimersByTime(10 * 60 * 1000 - 1);
      expect((await app.providers.request(url.pathname + url.search)).status).toBe(200);
      vi.advanceTimersByTime(1);
      await expectGone(app, url, /This payment page has expired/);
      expect((await postForm(app, challenge.pathname + challenge.search, { result: 'complete' })).status).toBe(410);
      expect(app.charges.list()).toHaveLength(0);

      const fresh = (await hostedPage(app, session)).url;
      expect(locationOf(await pay(app, fresh)).pathname).toBe(new URL(TERMINAL_RETURN).pathname);
      expect(app.charges.list()).toMatchObject([{ status: 'approved' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('the terminal’s return page (the operator’s)', () => {
    const APP_ORIGINS = ['http://localhost:4310', 'http://127.0.0.1:4310'];
    const API = 'http://localhost:4311';

    it.each(APP_ORIGINS)(
      'sends the payer on to the return page of the app origin that asked (%s), Hyp’s parameters untouched',
      async (appOrigin) => {
        const app = createSandboxApp({ catalogue, appOrigins: APP_ORIGINS, apiOnItsOwnOrigin: true, apiOrigin: API });
        const session = await newPurchase(app.api);
        const answer = (await read(
          await app.api.request(`/v4/api/payment${AJAX}`, {
            headers: { 'session-uuid': session, 'idempotency-key': randomUUID(), origin: appOrigin },
          }),
        )) as PageAnswer;
        const url = new URL(answer.data.data.payment_url);
        const hypBack = locationOf(await pay(app, url));
        expect(hypBack.origin + hypBack.pathname).toBe(`${API}/v4/hyp/return`);

        const onward = await app.api.request(hypBack.pathname + hypBack.search);
        expect(onward.status).toBe(303);
        const appReturn = new URL(onward.headers.get('location') ?? '');
        expect(appReturn.origin + appReturn.pathname).toBe(`${appOrigin}/payment-return.html`);
        expect(appReturn.search).toBe(hypBack.search);
      },
    );

    it('answers a return for no purchase of ours with a 404 page, sending nobody anywhere', async () => {
      const app = createSandboxApp({ catalogue });
      const response = await app.request(
        `${new URL(TERMINAL_RETURN).pathname}?Id=1&CCode=0&Amount=5&Order=${randomUUID()}&return_url=https://evil.example/`,
      );
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('names no purchase of ours');
    });

    it('takes the app origin from the purchase, never from the return: a return_url or Origin added changes nothing', async () => {
      const app = createSandboxApp({ catalogue });
      const { url } = await hostedPage(app);
      const hypBack = locationOf(await pay(app, url));
      hypBack.searchParams.append('return_url', 'https://evil.example/r');
      const onward = await app.request(hypBack.pathname + hypBack.search, {
        headers: { origin: 'https://evil.example' },
      });
      expect(new URL(onward.headers.get('location') ?? '').origin).toBe('http://localhost');
    });
  });
});

describe('Stripe: POST /sandbox/stripe/payment_methods and /sandbox/stripe/confirm', () => {
  async function intent(app: SandboxApp) {
    const session = await newPurchase(app);
    const body = { totalPrice: 5, currencyCode: 'ILS', amount: 500, currency: 'ils' };
    const { client_secret } = (await read(await payment(app, session, '/pre/stripe?machine_id=1005', body))) as {
      client_secret: string;
    };
    return client_secret;
  }
  const paymentMethod = async (app: SandboxApp, card: Partial<Card> = {}) => {
    const { number, expiry, cvv } = { ...GOOD_CARD, ...card };
    return postJson(app, '/sandbox/stripe/payment_methods', { type: 'card', card: { number, expiry, cvc: cvv } });
  };
  const confirm = async (app: SandboxApp, clientSecret: string, card: Partial<Card> = {}) => {
    const { id } = (await read(await paymentMethod(app, card))) as { id: string };
    return postJson(app, '/sandbox/stripe/confirm', { client_secret: clientSecret, payment_method: id });
  };

  it('makes a PaymentMethod of a good card', async () => {
    const app = createSandboxApp({ catalogue });
    expect(await read(await paymentMethod(app))).toMatchObject({
      id: 'pm_sbx_1',
      type: 'card',
      card: { brand: 'visa', last4: '4580', exp_month: 12 },
    });
  });

  it.each([
    ['a non-Luhn number', { number: '4242424242424241' }, 'invalid_number'],
    ['a past expiry', { expiry: LAST_YEAR }, 'expired_card'],
    ['an empty cvc', { cvv: '' }, 'invalid_cvc'],
    ['the cvv-error card', { number: TEST_CARDS.cvvError }, 'incorrect_cvc'],
  ])('answers a validation_error for %s', async (_case, card, code) => {
    const response = await paymentMethod(createSandboxApp({ catalogue }), card);
    expect(response.status).toBe(400);
    expect(await read(response)).toEqual({
      error: { type: 'validation_error', code, message: expect.any(String) as unknown },
    });
  });

  it('confirms: succeeded and recorded; a second confirm records nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const clientSecret = await intent(app);
    expect(await read(await confirm(app, clientSecret))).toMatchObject({
      id: 'pi_sbx_1',
      status: 'succeeded',
      amount: 500,
      currency: 'ils',
    });
    const again = await confirm(app, clientSecret);
    expect(await read(again)).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This purchase is already paid.',
      },
    });
    expect(app.charges.list()).toMatchObject([{ method: 'stripe', status: 'approved', amount: 5 }]);
  });

  it('declines 4000000000000002 as a card_error and records the attempt', async () => {
    const app = createSandboxApp({ catalogue });
    const response = await confirm(app, await intent(app), { number: TEST_CARDS.declined });
    expect(response.status).toBe(402);
    expect(await read(response)).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(app.charges.list()).toMatchObject([{ method: 'stripe', status: 'declined' }]);
  });

  it('leaves the intent processing for the processing test card, and charges nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const response = await confirm(app, await intent(app), { number: TEST_CARDS.stripeProcessing });
    expect(response.status).toBe(200);
    expect(await read(response)).toMatchObject({ object: 'payment_intent', id: 'pi_sbx_1', status: 'processing' });
    expect(app.charges.list()).toEqual([]);
  });

  it('answers an error for an unknown client secret or payment method', async () => {
    const app = createSandboxApp({ catalogue });
    expect((await confirm(app, 'pi_nope_secret_x')).status).toBe(404);
    const unknownMethod = await postJson(app, '/sandbox/stripe/confirm', {
      client_secret: await intent(app),
      payment_method: 'pm_nope',
    });
    expect(await read(unknownMethod)).toMatchObject({ error: { code: 'resource_missing' } });
    expect(app.charges.list()).toEqual([]);
  });
});

describe('Bit through a processor: /v4/api/payment/pre/bit/init, /sandbox/bit/pay, /v4/api/payment/status', () => {
  const RETURN = 'http://localhost/pay?machine_id=1001&bit_return=token-1';
  /** Machine 1001 has Bit; product 102 costs 5 + 1 fee. */
  const bitPurchase = (app: SandboxApp) => newPurchase(app, '1001', [{ product_id: 102, count: 1 }]);
  const init = async (app: SandboxApp, session: string, returnUrl = RETURN, machineId = '1001') =>
    payment(app, session, `/pre/bit/init?machine_id=${machineId}`, { return_url: returnUrl });
  const initialised = async (app: SandboxApp, session: string) => {
    const answer = await read(await init(app, session));
    const data = answer.data as { transaction_id: string; payment_url: string };
    return { ...data, page: new URL(data.payment_url) };
  };
  const status = async (app: SandboxApp, session: string) => payment(app, session, '/status?machine_id=1001');
  const decide = (app: SandboxApp, page: URL, decision: string) =>
    postForm(app, page.pathname + page.search, { decision });

  it('init answers a pending transaction and the processor’s page on the providers’ origin', async () => {
    const app = createSandboxApp({ catalogue, providersOrigin: 'http://providers.localhost' });
    const session = await bitPurchase(app);
    expect(await read(await init(app, session))).toMatchObject({ status: 0, msg: 'Bit payment initialised.' });
    const { transaction_id, page } = await initialised(app, session);
    expect(transaction_id).toMatch(/^BIT-/);
    expect(page.origin).toBe('http://providers.localhost');
    const shown = await (await app.providers.request(page.pathname + page.search)).text();
    expect(shown).toContain('₪6.00');
    expect(shown).toMatch(/<button[^>]*value="approve">Approve<\/button>/);
    expect(await read(await status(app, session))).toEqual({
      status: 'pending',
      msg: 'Waiting for the payer to approve the payment in Bit.',
      data: { transaction_id: null, method: null },
    });
    expect(app.charges.list()).toEqual([]);
  });

  it('approve: one approved charge, the browser returns to return_url with NO verdict, the operator says approved', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bitPurchase(app);
    const { transaction_id, page } = await initialised(app, session);
    const response = await decide(app, page, 'approve');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(RETURN);
    expect(await read(await status(app, session))).toMatchObject({
      status: 'paid',
      data: { transaction_id, method: 'bit' },
    });
    expect(app.charges.list()).toMatchObject([{ method: 'bit', status: 'approved', amount: 6 }]);
    // The processor notified the operator's server: recorded without any browser asking.
    expect(app.payments.list()).toMatchObject([{ transaction_id, status: 'approved', source: 'notification' }]);
    // Answered once: a second decision on the same request is refused and charges nothing.
    expect((await decide(app, page, 'approve')).status).toBe(409);
    expect(app.charges.list()).toHaveLength(1);
  });

  it('decline: the operator says declined with the reason; the return carries nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bitPurchase(app);
    const { transaction_id, page } = await initialised(app, session);
    expect((await decide(app, page, 'decline')).headers.get('location')).toBe(RETURN);
    expect(await read(await status(app, session))).toEqual({
      status: 'not_charged',
      msg: 'The payment was declined: no money was taken.',
      data: { transaction_id, method: 'bit' },
    });
  });

  it('a request left pending for 10 minutes expires: the page refuses it and the operator says expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const app = createSandboxApp({ catalogue });
      const session = await bitPurchase(app);
      const { page } = await initialised(app, session);
      vi.advanceTimersByTime(BIT_REQUEST_TTL_MS);
      expect((await read(await status(app, session))).status).toBe('pending');
      vi.advanceTimersByTime(1);
      expect(await read(await status(app, session))).toMatchObject({
        status: 'not_charged',
        msg: 'No payment was taken for this purchase.',
      });
      expect((await decide(app, page, 'approve')).status).toBe(410);
      expect(app.charges.list()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a purchase below Bit’s 5 NIS minimum (status 1 with the reason), and starts no transaction', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app, '1006', [{ product_id: 601, count: 1, custom_price: 4.5 }]);
    expect(await read(await init(app, session, RETURN, '1006'))).toEqual({
      status: 1,
      msg: 'Bit payments start at ₪5.00.',
      data: null,
    });
  });

  it.each([
    ['another origin', 'https://evil.example/pay'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('answers 400 for a return to %s', async (_case, returnUrl) => {
    const app = createSandboxApp({ catalogue });
    expect((await init(app, await bitPurchase(app), returnUrl)).status).toBe(400);
  });

  it('an unknown transaction is unknown to Bit’s page', async () => {
    const app = createSandboxApp({ catalogue });
    expect((await app.providers.request('/sandbox/bit/pay?transaction=BIT-made-up')).status).toBe(404);
    expect((await postForm(app, '/sandbox/bit/pay?transaction=BIT-made-up', { decision: 'approve' })).status).toBe(404);
    expect(app.charges.list()).toEqual([]);
  });

  it('a machine without Bit refuses to initialise it', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app, '1002', [{ product_id: 201, count: 1 }]);
    expect((await init(app, session, RETURN, '1002')).status).toBe(400);
  });
});

describe('card scan: /sandbox/card-scan', () => {
  const scan = (app: SandboxApp, session: string, number: string, amount = '5') =>
    postJson(app, '/sandbox/card-scan/charge', { session_id: session, amount, number, expiry: FUTURE }).then(read);

  it('shows the simulated camera with scan and cancel buttons, posting to this origin', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const page = await app.providers.request(
      `/sandbox/card-scan?session_id=${session}&amount=5&origin=http%3A%2F%2Flocalhost`,
    );
    const text = await page.text();
    expect(text).toContain('data-target-origin="http://localhost"');
    expect(text).toContain('Scanning…');
    expect(text).toMatch(/<button[^>]*data-number="4580458045804580"[^>]*>\s*Simulate scan: Visa 4580…\s*<\/button>/);
    expect(text).toContain('Simulate scan: declined card 4000000000000002');
    expect(text).toMatch(/<button[^>]*>Cancel<\/button>/);
  });

  it('answers 400 for another origin or a wrong amount', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const other = encodeURIComponent('https://evil.example');
    expect(
      (await app.providers.request(`/sandbox/card-scan?session_id=${session}&amount=5&origin=${other}`)).status,
    ).toBe(400);
    expect((await app.providers.request(`/sandbox/card-scan?session_id=${session}&amount=7`)).status).toBe(400);
  });

  it('charges a scanned card by the card rules, once', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    expect(await scan(app, session, TEST_CARDS.declined)).toEqual({
      status: 'declined',
      transaction_id: 'SBX-000001',
      message: 'Your card was declined.',
    });
    expect(await scan(app, session, TEST_CARDS.approved)).toEqual({ status: 'approved', transaction_id: 'SBX-000002' });
    expect(await scan(app, session, TEST_CARDS.approved)).toEqual({
      status: 'declined',
      message: 'This purchase is already paid.',
    });
    expect(app.charges.list().map((charge) => [charge.method, charge.status])).toEqual([
      ['card_scan', 'declined'],
      ['card_scan', 'approved'],
    ]);
  });
});

describe('stand-in scripts', () => {
  const app = createSandboxApp({ catalogue });
  const scripts = [
    '/sandbox/sdk/google-pay.js',
    '/sandbox/sdk/apple-pay.js',
    '/sandbox/sdk/apple-pay-sdk.js',
    '/sandbox/sdk/tranzila-hosted-fields.js',
    '/sandbox/sdk/stripe.js',
    '/sandbox/pages/forms.js',
    '/sandbox/pages/card-scan.js',
  ];

  it.each(scripts)('serves %s as text/javascript that parses', async (path) => {
    const response = await app.providers.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = await response.text();
    expect(() => new Script(source)).not.toThrow(); // it compiles
  });

  it('defines ApplePaySession only for the cookie sandbox_apple_pay=1, as only Safari has it', async () => {
    const plain = await app.providers.request('/sandbox/sdk/apple-pay.js');
    expect(await plain.text()).not.toContain('window.ApplePaySession =');
    expect(plain.headers.get('cache-control')).toBe('no-store');
    const safari = await app.providers.request('/sandbox/sdk/apple-pay.js', {
      headers: { cookie: 'sandbox_apple_pay=1' },
    });
    expect(await safari.text()).toContain('window.ApplePaySession = ApplePaySession;');
  });

  it.each([
    ['google-pay.js', 'window.google.payments = { api: { PaymentsClient } };'],
    ['tranzila-hosted-fields.js', 'window.TzlaHostedFields = { create };'],
    ['stripe.js', 'window.Stripe = Stripe;'],
  ])('%s installs its global', async (file, line) => {
    expect(await (await app.providers.request(`/sandbox/sdk/${file}`)).text()).toContain(line);
  });
});

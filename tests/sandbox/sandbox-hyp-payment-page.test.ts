import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { catalogue, LAST_YEAR, type Card, GOOD_CARD, read, postForm } from './sandbox-payments-harness';

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

  it('a paid purchase gets no new page; paying an earlier page authorizes a J5, and the operator releases it', async () => {
    const app = createSandboxApp({ catalogue });
    // Two pages before any payment: Hyp cannot withdraw the first, so it stays usable.
    const { session, url: earlier } = await hostedPage(app);
    const { url } = await hostedPage(app, session);
    const paid = locationOf(await pay(app, url));
    expect(await verify(app, session, paid)).toMatchObject({ status: 0, msg: 'Payment approved.' });
    // Once paid, the operator opens no new page with Hyp.
    const refused = await payment(app, session, AJAX);
    expect(refused.status).toBe(409);
    expect(await read(refused)).toEqual({ message: 'This purchase is already paid.', payment_status: 'paid' });
    // The earlier page no longer says the purchase is paid: Hyp knows nothing of it, and charges again.
    const shown = await (await app.providers.request(earlier.pathname + earlier.search)).text();
    expect(shown).not.toContain('This purchase is already paid.');
    const again = locationOf(await pay(app, earlier));
    expect(again.searchParams.get('CCode')).toBe('0');
    const [first, second] = app.charges.list();
    expect(app.charges.list()).toMatchObject([
      { method: 'yaad_sarig', status: 'approved', capture_method: 'manual', refunds: [] },
      { method: 'yaad_sarig', status: 'approved', capture_method: 'manual', refunds: [] },
    ]);
    expect(second?.released_at).toEqual(expect.any(String));
    expect(first?.released_at).toBeUndefined();
    expect(await verify(app, session, again)).toEqual({
      status: 4,
      msg: 'This purchase was already paid: the hold for this second payment is released.',
      data: { transaction_id: second?.id },
    });
    expect(await read(await payment(app, session, '/status?machine_id=1005'))).toMatchObject({
      status: 'paid',
      data: { transaction_id: first?.id, method: 'yaad_sarig', refunded_transaction_ids: [second?.id] },
    });
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

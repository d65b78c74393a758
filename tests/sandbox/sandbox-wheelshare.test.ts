import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { signedQuery } from '../fixtures/signed-link';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));

const PHONE = '050-123-4567';
const STORED_PHONE = '0501234567';
const START = '2031-03-10T08:00:00.000Z';
const rental = (option: 'hourly' | 'daily', minutes: number) => ({
  rental_option: option,
  start_time: START,
  end_time: new Date(Date.parse(START) + minutes * 60_000).toISOString(),
});

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

function setPurchase(app: SandboxApp, params: Record<string, string>, body: unknown) {
  return app.request(`/v4/api/merchants/wheelshare/set_purchase?${query(params)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The rental's session (set_purchase's session_id) as every call carries it, or none: the phone number alone. */
const withSession = (session: string | undefined): RequestInit =>
  session === undefined ? {} : { headers: { 'session-uuid': session } };

const pay = (app: SandboxApp, session: string | undefined, phone = PHONE, machineId = '15', paymentType = 'deferred') =>
  app.request(
    `/v4/api/merchants/wheelshare/pay?${query({ payment_type: paymentType, machine_id: machineId, phone_number: phone })}`,
    { method: 'POST', ...withSession(session) },
  );

const isWaiting = (app: SandboxApp, session: string | undefined, phone = PHONE, machineId = '15') =>
  app.request(
    `/v4/api/merchants/wheelshare/is_waiting_for_creditcard?${query({ phone_number: phone, machine_id: machineId })}`,
    withSession(session),
  );

const giveBack = (app: SandboxApp, session: string | undefined, phone = PHONE) =>
  app.request(`/v4/api/integration/wheelshare/return?${query({ phone_number: phone })}`, {
    method: 'POST',
    ...withSession(session),
  });

/** The visitor pays on their phone, through the real wallet contract, as the payment page would. */
function payWithGooglePay(app: SandboxApp, sessionId: string, amount: number, token = 'sandbox-approve') {
  return app.request('/v4/api/payment/pay/wallet?machine_id=15&payment_method=google_pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'session-uuid': sessionId, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      paymentData: { paymentMethodData: { tokenizationData: { token } } },
      amount: amount.toFixed(2),
      currencyCode: 'ILS',
    }),
  });
}

async function rent(app: SandboxApp, body = rental('hourly', 150), phone = PHONE) {
  const response = await setPurchase(app, { phone_number: phone, machine_id: '15' }, body);
  expect(response.status).toBe(200);
  return ((await response.json()) as { session_id: string }).session_id;
}

const bodyOf = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });

describe('POST /v4/api/merchants/wheelshare/set_purchase', () => {
  it('records a purchase of the rental product priced by the station rule, and the rental', async () => {
    const app = createSandboxApp({ catalogue });
    const sessionId = await rent(app, rental('hourly', 150));
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const purchase = app.purchases.get(sessionId);
    expect(purchase?.lines.map((line) => [line.product.id, line.count, line.lineTotal])).toEqual([[1501, 3, 15]]);
    // requirements.md §9: 5 NIS an hour; 2½ hours count as three started hours.
    expect(purchase?.totals.total).toBe(3 * 5);
    expect(app.rentals.byPhone(PHONE)).toEqual({
      phone: STORED_PHONE,
      machine_id: '15',
      session_id: sessionId,
      option: 'hourly',
      start_time: START,
      end_time: '2031-03-10T10:30:00.000Z',
      amount: 15,
      status: 'created',
    });
  });

  it('prices a daily rental by started days; the latest rental of a phone replaces the earlier one', async () => {
    const app = createSandboxApp({ catalogue });
    await rent(app, rental('hourly', 60));
    const sessionId = await rent(app, rental('daily', 25 * 60), '050 123 4567');
    expect(app.rentals.byPhone(STORED_PHONE)).toMatchObject({ session_id: sessionId, option: 'daily', amount: 120 });
    expect(app.purchases.get(sessionId)?.lines[0]?.product.id).toBe(1502);
  });

  it.each([
    [{ machine_id: '15' }, 400, 'phone_number is required'],
    [{ machine_id: '15', phone_number: '12345' }, 400, 'phone_number: not a plausible phone number'],
    [{ phone_number: PHONE }, 400, 'machine_id is required'],
    [{ phone_number: PHONE, machine_id: '424242' }, 404, 'machine not found'],
    [{ phone_number: PHONE, machine_id: '1007' }, 409, 'machine not active'],
    [
      { phone_number: PHONE, machine_id: '1001' },
      400,
      'rental_option: machine 1001 has no hourly rental (product 1501)',
    ],
  ])('refuses %j with %i', async (params, status, message) => {
    const app = createSandboxApp({ catalogue });
    const response = await setPurchase(app, params, rental('hourly', 60));
    expect(await bodyOf(response)).toEqual({ status, body: { message } });
    expect(app.purchases.size).toBe(0);
  });

  it.each([
    ['not JSON', '{', 'the body is not JSON'],
    [
      'an unknown option',
      { ...rental('hourly', 60), rental_option: 'weekly' },
      'rental_option: must be hourly or daily',
    ],
    [
      'a time that is not ISO',
      { ...rental('hourly', 60), start_time: '10:00' },
      'start_time: must be an ISO 8601 time',
    ],
    ['no end', { rental_option: 'hourly', start_time: START }, 'end_time: is required'],
    ['a bare string', '"hourly"', 'the body must be {rental_option, start_time, end_time}'],
    ['an end before the start', rental('hourly', -30), 'end_time: must be after start_time'],
  ])('refuses a body with %s, naming the field', async (_, body, message) => {
    const app = createSandboxApp({ catalogue });
    const response = await setPurchase(app, { phone_number: PHONE, machine_id: '15' }, body);
    expect(await bodyOf(response)).toEqual({ status: 400, body: { message } });
  });
});

describe('the rental lifecycle', () => {
  it('pay gives the payment link and awaits the card; paying on the phone ends the wait; return closes it', async () => {
    const app = createSandboxApp({ catalogue });
    const sessionId = await rent(app, rental('hourly', 90));
    expect(await bodyOf(await isWaiting(app, sessionId))).toEqual({ status: 200, body: { status: false } });

    const answer = (await bodyOf(await pay(app, sessionId))) as {
      status: number;
      body: { data: { payment_url: string } };
    };
    expect(answer).toMatchObject({ status: 200, body: { status: 0, msg: 'ok' } });
    expect(app.rentals.byPhone(PHONE)?.status).toBe('awaiting_card');
    expect(await bodyOf(await isWaiting(app, sessionId))).toEqual({ status: 200, body: { status: true } });

    // Not paid yet: nothing to return.
    expect(await bodyOf(await giveBack(app, sessionId))).toEqual({
      status: 200,
      body: { status: 1, msg: 'No active rental for this phone number' },
    });

    const declined = await payWithGooglePay(app, sessionId, 10, 'decline');
    expect(((await declined.json()) as { status: number }).status).toBe(1);
    expect(await bodyOf(await isWaiting(app, sessionId))).toEqual({ status: 200, body: { status: true } });

    const paid = await payWithGooglePay(app, sessionId, 10);
    expect(((await paid.json()) as { status: number }).status).toBe(0);
    expect(await bodyOf(await isWaiting(app, sessionId))).toEqual({ status: 200, body: { status: false } });

    expect(await bodyOf(await giveBack(app, sessionId, STORED_PHONE))).toEqual({
      status: 200,
      body: { status: 0, msg: 'Returned' },
    });
    expect(app.rentals.byPhone(PHONE)?.status).toBe('returned');
    // Once only, and a returned rental is paid no more.
    expect(((await (await giveBack(app, sessionId)).json()) as { status: number }).status).toBe(1);
    expect(await bodyOf(await pay(app, sessionId))).toEqual({
      status: 200,
      body: { status: 1, msg: 'No rental for this phone number' },
    });
  });

  it('the payment link is a signed payment link for the rental, on this server, expiring in 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2031-03-10T08:00:00.000Z') });
    try {
      const app = createSandboxApp({ catalogue });
      const sessionId = await rent(app, rental('hourly', 60), '+972501234567');
      const response = await app.request(
        `http://station.test:4412/v4/api/merchants/wheelshare/pay?${query({ payment_type: 'deferred', machine_id: '15', phone_number: '+972501234567' })}`,
        { method: 'POST', ...withSession(sessionId) },
      );
      const { data } = (await response.json()) as { data: { payment_url: string } };
      const url = new URL(data.payment_url);
      expect(`${url.origin}${url.pathname}`).toBe('http://station.test:4412/genPaymentIntend');
      expect(url.searchParams.toString()).toBe(
        signedQuery({
          machine_id: '15',
          amount: '5.00',
          currency: 'ILS',
          info: 'Wheelchair rental (hourly)',
          phone_number: '+972501234567',
          deferred: 'true',
          success_url: 'http://station.test:4412/wheelshare/afterPayment',
          // 2031-03-10T08:15:00Z
          expires: '1930896900',
        }),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('pay without a rental (or on another machine) answers status 1 with the reason', async () => {
    const app = createSandboxApp({ catalogue });
    expect(await bodyOf(await pay(app, 'no-such-session'))).toEqual({
      status: 200,
      body: { status: 1, msg: 'No rental for this phone number' },
    });
    const sessionId = await rent(app);
    expect(((await (await pay(app, sessionId, PHONE, '1001')).json()) as { status: number }).status).toBe(1);
    expect(app.rentals.byPhone(PHONE)?.status).toBe('created');
  });

  it('validates the pay and polling queries', async () => {
    const app = createSandboxApp({ catalogue });
    const sessionId = await rent(app);
    expect(await bodyOf(await pay(app, sessionId, PHONE, '15', 'now'))).toEqual({
      status: 400,
      body: { message: 'payment_type must be deferred' },
    });
    expect((await pay(app, sessionId, PHONE, '424242')).status).toBe(404);
    expect((await pay(app, sessionId, '')).status).toBe(400);
    expect((await isWaiting(app, sessionId, PHONE, '424242')).status).toBe(404);
    expect(await bodyOf(await isWaiting(app, sessionId, 'abc'))).toEqual({
      status: 400,
      body: { message: 'phone_number: not a plausible phone number' },
    });
    expect((await giveBack(app, sessionId, '')).status).toBe(400);
  });

  it('another phone number is not waiting; return without a rental says so', async () => {
    const app = createSandboxApp({ catalogue });
    const sessionId = await rent(app);
    await pay(app, sessionId);
    expect(await bodyOf(await isWaiting(app, sessionId, '0529999999'))).toEqual({
      status: 200,
      body: { status: false },
    });
    expect(await bodyOf(await giveBack(app, sessionId, '0529999999'))).toEqual({
      status: 200,
      body: { status: 1, msg: 'No active rental for this phone number' },
    });
  });

  it('POST /sandbox/reset forgets the rentals', async () => {
    const app = createSandboxApp({ catalogue });
    await rent(app);
    expect((await app.request('/sandbox/reset', { method: 'POST' })).status).toBe(204);
    expect(app.rentals.byPhone(PHONE)).toBeUndefined();
  });
});

describe("a phone number alone is no proof: the visitor's calls need the rental's session", () => {
  const REQUIRED = { message: 'the session uuid is required' };

  /** A rented, paid rental awaiting nothing, and the session that made it. */
  async function paidRental(app: SandboxApp) {
    const sessionId = await rent(app);
    await pay(app, sessionId);
    await payWithGooglePay(app, sessionId, 15);
    return sessionId;
  }

  it.each([
    ['pay', (app: SandboxApp) => pay(app, undefined)],
    ['is_waiting_for_creditcard', (app: SandboxApp) => isWaiting(app, undefined)],
    ['return', (app: SandboxApp) => giveBack(app, undefined)],
  ])('%s with the phone number only is refused (400) and changes nothing', async (_, call) => {
    const app = createSandboxApp({ catalogue });
    await paidRental(app);
    const response = await call(app);
    expect({ status: response.status, body: (await response.json()) as unknown }).toEqual({
      status: 400,
      body: REQUIRED,
    });
    expect(app.rentals.byPhone(PHONE)?.status).toBe('awaiting_card');
  });

  it("another visitor's session finds no rental for the number: it can neither re-open, read nor close it", async () => {
    const app = createSandboxApp({ catalogue });
    await paidRental(app);
    const stranger = await rent(app, rental('hourly', 60), '0529999999');
    expect(await bodyOf(await pay(app, stranger))).toEqual({
      status: 200,
      body: { status: 1, msg: 'No rental for this phone number' },
    });
    expect(await bodyOf(await isWaiting(app, stranger))).toEqual({ status: 200, body: { status: false } });
    expect(await bodyOf(await giveBack(app, stranger))).toEqual({
      status: 200,
      body: { status: 1, msg: 'No active rental for this phone number' },
    });
    expect(app.rentals.byPhone(PHONE)?.status).toBe('awaiting_card');
  });

  it('with the session, the same calls are accepted', async () => {
    const app = createSandboxApp({ catalogue });
    const sessionId = await paidRental(app);
    expect(await bodyOf(await isWaiting(app, sessionId))).toEqual({ status: 200, body: { status: false } });
    expect(await bodyOf(await giveBack(app, sessionId))).toEqual({ status: 200, body: { status: 0, msg: 'Returned' } });
  });

  it('the session may come in the query, as every call also sends it there', async () => {
    const app = createSandboxApp({ catalogue });
    const sessionId = await paidRental(app);
    const response = await app.request(
      `/v4/api/integration/wheelshare/return?${query({ phone_number: PHONE, session_uuid: sessionId })}`,
      { method: 'POST' },
    );
    expect(await bodyOf(response)).toEqual({ status: 200, body: { status: 0, msg: 'Returned' } });
  });
});

/**
 * Tranzila's handshake (docs.tranzila.com, Hosted Fields): the operator's server makes it for the purchase's
 * total (POST /v4/api/payment/pre/tranzila/handshake), and the stand-in processor charges only against a
 * valid one: present, known, unused, unexpired, for that very sum, posted by its own frame.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { loadCatalogue } from '../../sandbox/catalogue';
import { HANDSHAKE_TTL_MS } from '../../sandbox/standins/tranzila';
import { postTranzilaCharge, tranzilaHandshake } from '../fixtures/tranzila';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));
const FUTURE = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

/** A purchase of one 5 ILS product on machine (1005: Tranzila; 1002: Yaad Sarig), by its session id. */
async function newPurchase(app: SandboxApp, machineId = '1005', productId = 501) {
  const response = await app.request(`/v4/api/menu/set_purchase?machine_id=${machineId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ product_id: productId, count: 1 }]),
  });
  return ((await response.json()) as { session_id: string }).session_id;
}

const charge = (app: SandboxApp, fields: Record<string, unknown> = {}, origin?: string) =>
  postTranzilaCharge(
    app,
    {
      terminal_name: 'sandbox',
      amount: '5.00',
      credit_card_number: TEST_CARDS.approved,
      expiry: FUTURE,
      cvv: '123',
      ...fields,
    },
    origin,
  ).then(async (response) => ({ status: response.status, answer: (await response.json()) as unknown }));

/** Tranzila's refusal: one general error, no transaction. */
const refused = (message: RegExp) => ({
  status: 200,
  answer: {
    errors: [{ param: 'general', message: expect.stringMatching(message) as unknown }],
    transaction_response: null,
  },
});

async function withHandshake() {
  const app = createSandboxApp({ catalogue });
  const session = await newPurchase(app);
  const { answer } = await tranzilaHandshake(app, session);
  return { app, session, thtk: answer.thtk ?? '' };
}

afterEach(() => vi.useRealTimers());

describe('POST /v4/api/payment/pre/tranzila/handshake', () => {
  it("answers {thtk} for the session's purchase, a new token each time", async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const first = await tranzilaHandshake(app, session);
    const second = await tranzilaHandshake(app, session);
    expect(first).toEqual({ status: 200, answer: { thtk: expect.stringMatching(/^[\w-]{20,}$/) as unknown } });
    expect(second.answer.thtk).not.toBe(first.answer.thtk);
  });

  it('answers 400 {message} without a session, and for a machine that takes no Tranzila cards', async () => {
    const app = createSandboxApp({ catalogue });
    expect((await tranzilaHandshake(app, undefined)).status).toBe(400);
    const yaad = await newPurchase(app, '1002', 201);
    const answer = await tranzilaHandshake(app, yaad, '1002');
    expect(answer).toEqual({ status: 400, answer: { message: expect.stringMatching(/Tranzila/) as unknown } });
  });
});

describe('the Tranzila stand-in charges only against a valid handshake', () => {
  it('approves a charge with the handshake of the sum', async () => {
    const { app, thtk } = await withHandshake();
    expect(await charge(app, { thtk })).toMatchObject({ answer: { transaction_response: { success: true } } });
    expect(app.charges.list()).toHaveLength(1);
  });

  it.each([
    ['no thtk', {}, /Missing handshake/],
    ['an empty thtk', { thtk: '' }, /Missing handshake/],
    ['an unknown thtk', { thtk: 'forged-token' }, /Unknown handshake/],
  ])('refuses a charge with %s, recording nothing', async (_case, fields, message) => {
    const { app } = await withHandshake();
    expect(await charge(app, fields)).toEqual(refused(message));
    expect(app.charges.list()).toEqual([]);
  });

  it('refuses an amount other than the handshake sum (a page that changed it), recording nothing', async () => {
    const { app, thtk } = await withHandshake();
    expect(await charge(app, { thtk, amount: '0.10' })).toEqual(refused(/does not match the handshake's sum \(5\)/));
    expect(app.charges.list()).toEqual([]);
  });

  it('refuses a handshake used once already, even by a charge that failed', async () => {
    const { app, thtk } = await withHandshake();
    const cvvError = await charge(app, { thtk, credit_card_number: TEST_CARDS.cvvError });
    expect(cvvError).toMatchObject({ answer: { errors: [{ param: 'cvv' }] } });
    expect(await charge(app, { thtk })).toEqual(refused(/already used/));
    expect(app.charges.list()).toEqual([]);
  });

  it('still charges a handshake that a newer one of the purchase superseded (Tranzila cannot revoke one)', async () => {
    const { app, session, thtk } = await withHandshake();
    const newer = await tranzilaHandshake(app, session);
    expect(newer.answer.thtk).not.toBe(thtk);
    expect(await charge(app, { thtk })).toMatchObject({
      status: 200,
      answer: { errors: null, transaction_response: { success: true, error_code: '000' } },
    });
    expect(app.charges.list()).toMatchObject([
      { method: 'tranzila', reference: thtk, status: 'approved', session_id: session },
    ]);
  });

  it(`refuses a handshake older than ${HANDSHAKE_TTL_MS / 60000} minutes`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app, thtk } = await withHandshake();
    vi.setSystemTime(Date.now() + HANDSHAKE_TTL_MS + 1);
    expect(await charge(app, { thtk })).toEqual(refused(/expired/));
    expect(app.charges.list()).toEqual([]);
  });

  it('accepts a handshake just before it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app, thtk } = await withHandshake();
    vi.setSystemTime(Date.now() + HANDSHAKE_TTL_MS);
    expect(await charge(app, { thtk })).toMatchObject({ answer: { transaction_response: { success: true } } });
  });

  it('refuses a handshake made for another terminal', async () => {
    const { app, thtk } = await withHandshake();
    expect(await charge(app, { thtk, terminal_name: 'other' })).toEqual(refused(/another terminal/));
  });

  it("refuses a charge posted from anywhere but Tranzila's own frames (the merchant's page included)", async () => {
    const { app, thtk } = await withHandshake();
    const fromMerchant = await charge(app, { thtk }, 'http://localhost');
    expect(fromMerchant).toEqual({ ...refused(/Forbidden origin/), status: 403 });
    expect(app.charges.list()).toEqual([]);
  });
});

/**
 * design.md §10 and the contract's `IdempotencyKey`: every call that moves money carries an Idempotency-Key,
 * with Stripe's semantics (docs.stripe.com/api/idempotent_requests). The same key and request answer the
 * first answer again and charge nothing more; the same key with another request is refused (422, as the
 * IETF draft's §2.7 says); the same key while its first request still runs is refused (409).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));

/** Machine 1005 sells product 501 at 4.50 + 0.50 fee: one costs 5 ILS. */
async function newPurchase(app: SandboxApp) {
  const response = await app.request('/v4/api/menu/set_purchase?machine_id=1005', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ product_id: 501, count: 1 }]),
  });
  return ((await response.json()) as { session_id: string }).session_id;
}

const WALLET = '/v4/api/payment/pay/wallet?machine_id=1005&payment_method=google_pay';
const googlePay = (token = 'sandbox-approve', amount = '5.00') => ({
  paymentData: { paymentMethodData: { tokenizationData: { token } } },
  amount,
  currencyCode: 'ILS',
});

function post(app: SandboxApp, path: string, session: string, key: string | undefined, body: unknown = {}) {
  return app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'session-uuid': session,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
}

describe('Idempotency-Key on the calls that move money', () => {
  it('the same key and request answer the first answer again, marked as replayed, with one charge', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const first = await post(app, WALLET, session, 'attempt-1', googlePay());
    const again = await post(app, WALLET, session, 'attempt-1', googlePay());

    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstAnswer: unknown = await first.json();
    expect(firstAnswer).toMatchObject({ status: 0 });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstAnswer);
    expect(app.charges.list()).toHaveLength(1);
  });

  it('a declined attempt resent with its key is still the same decline, not a second attempt', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const declined: unknown = await (await post(app, WALLET, session, 'attempt-1', googlePay('decline'))).json();
    const again: unknown = await (await post(app, WALLET, session, 'attempt-1', googlePay('decline'))).json();
    expect(again).toEqual(declined);
    expect(app.charges.list().map((charge) => charge.status)).toEqual(['declined']);
    // The visitor's next attempt has a key of its own, and is a payment of its own.
    expect(await (await post(app, WALLET, session, 'attempt-2', googlePay())).json()).toMatchObject({ status: 0 });
    expect(app.charges.list().map((charge) => charge.status)).toEqual(['declined', 'approved']);
  });

  it('the same key with another request (another amount) is refused with 422, and nothing more is charged', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    await post(app, WALLET, session, 'attempt-1', googlePay('sandbox-decline'));
    const edited = await post(app, WALLET, session, 'attempt-1', googlePay('sandbox-approve'));
    expect(edited.status).toBe(422);
    expect(await edited.json()).toEqual({ message: 'Idempotency-Key: this key was used with another request' });
    expect(app.charges.list().map((charge) => charge.status)).toEqual(['declined']);
  });

  it('the same key while the first request still runs is refused with 409; the first one charges once', async () => {
    const app = createSandboxApp({ catalogue, processingMs: 50 });
    const session = await newPurchase(app);
    const [first, second] = await Promise.all([
      post(app, WALLET, session, 'attempt-1', googlePay()),
      post(app, WALLET, session, 'attempt-1', googlePay()),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(app.charges.list()).toHaveLength(1);
  });

  it('a key belongs to its session: another visitor with the same key pays for their own purchase', async () => {
    const app = createSandboxApp({ catalogue });
    const [mine, theirs] = [await newPurchase(app), await newPurchase(app)];
    await post(app, WALLET, mine, 'shared-key', googlePay());
    const other = await post(app, WALLET, theirs, 'shared-key', googlePay());
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(app.charges.list().map((charge) => charge.session_id)).toEqual([mine, theirs]);
  });

  it("one attempt's key on its next call is that call's own (Tranzila's confirmation after its handshake)", async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const handshake = await post(app, '/v4/api/payment/pre/tranzila/handshake?machine_id=1005', session, 'attempt-1');
    expect(handshake.status).toBe(200);
    const confirmation = await post(
      app,
      '/v4/api/payment/post/payment_succeeded_callback?machine_id=1005&payment_type=ajax&simulate_error=false',
      session,
      'attempt-1',
      { transaction_response: { transaction_id: 'none' } },
    );
    expect(confirmation.status).toBe(200);
    expect(confirmation.headers.get('idempotent-replayed')).toBeNull();
  });

  // Written from the contract's list, not imported from the sandbox it checks.
  const MONEY_CALLS: [string, string][] = [
    ['POST', '/v4/api/payment/pay/wallet?machine_id=1005&payment_method=google_pay'],
    ['POST', '/v4/api/payment/pre/stripe?machine_id=1005'],
    ['POST', '/v4/api/payment/pre/tranzila/handshake?machine_id=1005'],
    ['POST', '/v4/api/payment/post/payment_succeeded_callback?machine_id=1005&payment_type=ajax&simulate_error=false'],
    ['GET', '/v4/api/payment/pay/pay_ajax?machine_id=1005'],
    ['POST', '/v4/api/payment/post/hosted_page/verify?machine_id=1005'],
    ['POST', '/v4/api/payment/pre/bit/init?machine_id=1005'],
  ];

  it.each(MONEY_CALLS)('%s %s without a key is refused with 400 before anything runs', async (method, path) => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const response = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json', 'session-uuid': session },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Idempotency-Key: required on a call that moves money' });
    expect(app.charges.list()).toEqual([]);
  });

  it('a key longer than 255 characters, or with a space, is refused with 400', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    for (const key of ['k'.repeat(256), 'two words']) {
      const response = await post(app, WALLET, session, key, googlePay());
      expect(response.status, key).toBe(400);
    }
    expect((await post(app, WALLET, session, 'k'.repeat(255), googlePay())).status).toBe(200);
  });
});

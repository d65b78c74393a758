import { describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { BIT_REQUEST_TTL_MS } from '../../sandbox/standins/bit';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { catalogue, read, postForm } from './sandbox-payments-harness';

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
      data: { transaction_id: null, method: null, refunded_transaction_ids: [], decline_message: null, delivery: null },
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
    // The processor names its charge by the request init answered: the id the visitor is shown.
    expect(app.charges.list()).toMatchObject([
      { id: transaction_id, method: 'bit', reference: transaction_id, status: 'approved', amount: 6 },
    ]);
    const charged = transaction_id;
    expect(await read(await status(app, session))).toMatchObject({
      status: 'paid',
      data: { transaction_id: charged, method: 'bit', refunded_transaction_ids: [], decline_message: null },
    });
    // The processor notified the operator's server: recorded without any browser asking.
    expect(app.payments.list()).toMatchObject([
      { transaction_id: charged, status: 'approved', source: 'notification' },
    ]);
    // Answered once: a second decision on the same request is refused and charges nothing.
    expect((await decide(app, page, 'approve')).status).toBe(409);
    expect(app.charges.list()).toHaveLength(1);
  });

  it('decline: the operator says declined with the reason; the return carries nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await bitPurchase(app);
    const { transaction_id, page } = await initialised(app, session);
    expect((await decide(app, page, 'decline')).headers.get('location')).toBe(RETURN);
    expect(app.charges.list()).toMatchObject([{ method: 'bit', reference: transaction_id, status: 'declined' }]);
    expect(await read(await status(app, session))).toEqual({
      status: 'not_charged',
      msg: 'The payment was declined: no money was taken.',
      data: {
        transaction_id: app.charges.list()[0]?.id,
        method: 'bit',
        refunded_transaction_ids: [],
        decline_message: 'Your card was declined.',
        delivery: null,
      },
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

import { describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { cardScanSignature } from '../../sandbox/standins/notification-signing';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { catalogue, FUTURE, read, postJson } from './sandbox-payments-harness';

/** Machine 1005 sells product 501 at 4.50 + 0.50 fee: one costs 5 ILS, two 10 ILS. */
describe('card scan: /v4/api/payment/pre/card_scan/start, /sandbox/card-scan, /v4/api/notify/card_scan', () => {
  const start = (app: SandboxApp, session: string, machineId = '1005') =>
    payment(app, session, `/pre/card_scan/start?machine_id=${machineId}`, {});
  const started = async (app: SandboxApp, session: string) => {
    const answer = await read(await start(app, session));
    const data = answer.data as { scan_id: string; scan_url: string };
    return { ...data, page: new URL(data.scan_url) };
  };
  const scan = (app: SandboxApp, scanId: string, number: string) =>
    postJson(app, '/sandbox/card-scan/charge', { scan: scanId, number, expiry: FUTURE }).then(read);
  const status = async (app: SandboxApp, session: string) =>
    read(await payment(app, session, '/status?machine_id=1005'));
  const notify = (app: SandboxApp, body: string, signature: string | undefined) =>
    app.request('/v4/api/notify/card_scan', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-notification-signature': signature } : {}) },
      body,
    });

  it('the operator opens the scan for its own total and answers the scanner’s page; the browser names no sum', async () => {
    const app = createSandboxApp({ catalogue, providersOrigin: 'http://providers.localhost' });
    const session = await newPurchase(app, '1005', [{ product_id: 501, count: 2 }]);
    const answer = await read(await start(app, session));
    expect(answer).toMatchObject({ status: 0, msg: 'Card scan opened.' });
    const { scan_id, page } = await started(app, session);
    expect(scan_id).toMatch(/^SCAN-[0-9a-f]{16}$/);
    expect(page.origin).toBe('http://providers.localhost');
    expect(Object.fromEntries(page.searchParams)).toEqual({ scan: scan_id });
    expect(app.lives.of(session).getSnapshot().context.attempts.at(-1)).toMatchObject({
      method: 'card_scan',
      reference: scan_id,
      sum: 10,
      status: 'open',
    });
    const shown = await (await app.providers.request(page.pathname + page.search)).text();
    expect(shown).toContain(`data-scan="${scan_id}"`);
    expect(shown).toContain('data-target-origin="http://localhost"');
    expect(shown).toMatch(/<button[^>]*data-number="4580458045804580"[^>]*>\s*Simulate scan: Visa 4580…\s*<\/button>/);
    expect(shown).toContain('Simulate scan: declined card 4000000000000002');
    expect(shown).toMatch(/<button[^>]*>Cancel<\/button>/);
    // The sum the scanner charges is the operator's: 10, whatever the page was given.
    expect(await scan(app, scan_id, TEST_CARDS.approved)).toMatchObject({ status: 'approved' });
    expect(app.charges.list()).toMatchObject([{ method: 'card_scan', reference: scan_id, amount: 10 }]);
  });

  it('refuses a machine without card fields (400), a scan it never opened (404), and a paid purchase (409)', async () => {
    const app = createSandboxApp({ catalogue });
    expect((await start(app, await newPurchase(app, '1004', [{ product_id: 401, count: 1 }]), '1004')).status).toBe(
      400,
    );
    expect((await app.providers.request('/sandbox/card-scan?scan=SCAN-0000000000000000')).status).toBe(404);
    const session = await newPurchase(app);
    const { scan_id } = await started(app, session);
    await scan(app, scan_id, TEST_CARDS.approved);
    const again = await start(app, session);
    expect(again.status).toBe(409);
    expect(await read(again)).toEqual({ message: 'This purchase is already paid.', payment_status: 'paid' });
  });

  it('a genuine notification pays: the scanner notifies before the page is answered, once per scan', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const { scan_id } = await started(app, session);
    const answered = await scan(app, scan_id, TEST_CARDS.approved);
    expect(answered).toEqual({ status: 'approved', transaction_id: 'SBX-000001' });
    expect(app.payments.list()).toMatchObject([
      { method: 'card_scan', transaction_id: 'SBX-000001', status: 'approved', amount: 5, source: 'notification' },
    ]);
    expect(await status(app, session)).toEqual({
      status: 'paid',
      msg: 'The purchase is paid.',
      data: {
        transaction_id: 'SBX-000001',
        method: 'card_scan',
        refunded_transaction_ids: [],
        decline_message: null,
        delivery: {
          state: 'delivering',
          kind: 'vend',
          items: [{ product_id: '501', name: 'Laundry token', ordered: 1, delivered: null }],
          given_back: null,
        },
      },
    });
    expect(
      (await postJson(app, '/sandbox/card-scan/charge', { scan: scan_id, number: '1', expiry: FUTURE })).status,
    ).toBe(409);
  });

  it('a declined scan is the operator’s declined, not charged', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const { scan_id } = await started(app, session);
    expect(await scan(app, scan_id, TEST_CARDS.declined)).toEqual({
      status: 'declined',
      transaction_id: 'SBX-000001',
      message: 'Your card was declined.',
    });
    expect(await status(app, session)).toEqual({
      status: 'not_charged',
      msg: 'The payment was declined: no money was taken.',
      data: {
        transaction_id: 'SBX-000001',
        method: 'card_scan',
        refunded_transaction_ids: [],
        decline_message: 'Your card was declined.',
        delivery: null,
      },
    });
  });

  it('an unsigned or forged notification is refused and records nothing, even of a charge the scanner made', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const { scan_id } = await started(app, session);
    const purchase = app.purchases.get(session);
    if (!purchase) throw new Error('no purchase');
    // The scanner charged the scan; its own notice is still on its way.
    const made = await app.cashier.charge(purchase, 'card_scan', scan_id, true);
    if (made.status !== 'approved') throw new Error('not charged');
    const scanner = app.cardScanner.find(scan_id);
    if (scanner) scanner.status = 'approved';
    const body = JSON.stringify({
      scan_id,
      status: 'approved',
      transaction_id: made.charge.id,
      amount: 5,
      currency: 'ILS',
    });
    expect((await notify(app, body, undefined)).status).toBe(400);
    expect((await notify(app, body, 'f'.repeat(64))).status).toBe(400);
    expect(app.payments.list()).toEqual([]);
  });

  it('a signed notification of a charge the scanner never made is refused', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const { scan_id } = await started(app, session);
    const claim = (fields: object) =>
      JSON.stringify({
        scan_id,
        status: 'approved',
        transaction_id: 'SBX-000001',
        amount: 5,
        currency: 'ILS',
        ...fields,
      });
    for (const body of [claim({}), claim({ status: 'cancelled', transaction_id: null }), claim({ amount: 0.01 })]) {
      expect((await notify(app, body, cardScanSignature(body))).status).toBe(400);
    }
    const unknown = claim({ scan_id: 'SCAN-0000000000000000' });
    expect((await notify(app, unknown, cardScanSignature(unknown))).status).toBe(404);
    expect(app.payments.list()).toEqual([]);
    expect((await status(app, session)).status).toBe('not_charged');
  });

  it('the page’s word alone pays nothing: no scan charged, the operator says not charged', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    await started(app, session);
    // What the frame would post ({status: 'approved'}) never reaches the operator: only the scanner's record counts.
    expect(await status(app, session)).toEqual({
      status: 'not_charged',
      msg: 'No payment was taken for this purchase.',
      data: { transaction_id: null, method: null, refunded_transaction_ids: [], decline_message: null, delivery: null },
    });
  });

  it('cancel closes the scan at the scanner and the attempt at the operator', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const { scan_id, page } = await started(app, session);
    expect(await read(await postJson(app, '/sandbox/card-scan/cancel', { scan: scan_id }))).toEqual({
      status: 'cancelled',
    });
    expect(app.lives.of(session).getSnapshot().value).toBe('Expired');
    expect(app.lives.of(session).getSnapshot().context.attempts).toMatchObject([
      { reference: scan_id, status: 'expired' },
    ]);
    expect((await app.providers.request(page.pathname + page.search)).status).toBe(410);
    expect(
      (await postJson(app, '/sandbox/card-scan/charge', { scan: scan_id, number: TEST_CARDS.approved, expiry: FUTURE }))
        .status,
    ).toBe(410);
    expect(app.charges.list()).toEqual([]);
  });

  it('a newer attempt closes the scan open before; an open scan expires after 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const app = createSandboxApp({ catalogue });
      const session = await newPurchase(app);
      const first = await started(app, session);
      const second = await started(app, session);
      expect(await scan(app, first.scan_id, TEST_CARDS.approved)).toEqual({ message: 'this scan is closed' });
      vi.advanceTimersByTime(10 * 60 * 1000 + 1);
      expect((await app.providers.request(second.page.pathname + second.page.search)).status).toBe(410);
      expect(app.charges.list()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a second charge of an order it already charged (the strictest reasonable rule)', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const first = await started(app, session);
    // A second scan opened by another tab before the first was paid.
    const second = await started(app, session);
    const purchase = app.purchases.get(session);
    if (!purchase) throw new Error('no purchase');
    await app.cashier.charge(purchase, 'card_scan', first.scan_id, true);
    expect(await scan(app, second.scan_id, TEST_CARDS.approved)).toEqual({
      status: 'declined',
      message: 'This purchase is already paid.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { checkCard, TEST_CARDS } from '../../sandbox/cards';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { postTranzilaCharge, tranzilaHandshake } from '../fixtures/tranzila';
import { catalogue, FUTURE, THIS_MONTH, LAST_YEAR, type Card, GOOD_CARD, read } from './sandbox-payments-harness';

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

  it('a paid purchase gets no new handshake; a J5 on an earlier one is approved by Tranzila and released', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    // Two handshakes before any charge: Tranzila cannot revoke the first, so it stays usable.
    const first = await tranzilaHandshake(app, session);
    const paying = await read(await tranzilaCharge(app, session));
    const paidId = (paying.transaction_response as { transaction_id: string }).transaction_id;
    // Once paid, the operator opens nothing more with Tranzila.
    expect(await tranzilaHandshake(app, session)).toEqual({
      status: 409,
      answer: { message: 'This purchase is already paid.', payment_status: 'paid' },
    });
    const again = await read(
      await postTranzilaCharge(app, {
        terminal_name: 'sandbox',
        thtk: first.answer.thtk,
        amount: 5,
        currency_code: 'ILS',
        response_language: 'english',
        credit_card_number: GOOD_CARD.number,
        expiry: GOOD_CARD.expiry,
        cvv: GOOD_CARD.cvv,
      }),
    );
    expect(again).toMatchObject({ errors: null, transaction_response: { success: true, error_code: '000' } });
    const secondId = (again.transaction_response as { transaction_id: string }).transaction_id;
    expect(secondId).not.toBe(paidId);
    // Both are holds (J5s): the ledger keeps the paying one and shows the second released, nothing refunded.
    expect(app.charges.list()).toMatchObject([
      { id: paidId, method: 'tranzila', status: 'approved', capture_method: 'manual', refunds: [] },
      { id: secondId, method: 'tranzila', status: 'approved', capture_method: 'manual', refunds: [] },
    ]);
    expect(app.charges.find(secondId)?.released_at).toEqual(expect.any(String));
    expect(app.charges.find(paidId)?.released_at).toBeUndefined();
    expect(await read(await payment(app, session, '/status?machine_id=1005'))).toMatchObject({
      status: 'paid',
      data: { transaction_id: paidId, method: 'tranzila', refunded_transaction_ids: [secondId] },
    });
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

    const approvedId = (approved.transaction_response as { transaction_id: string }).transaction_id;
    expect(await callback(approved)).toEqual({
      status: 0,
      msg: 'Payment approved.',
      data: { transaction_id: approvedId },
    });
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

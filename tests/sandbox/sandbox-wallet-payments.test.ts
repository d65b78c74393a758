import { describe, expect, it } from 'vitest';
import { applePayPaymentData } from '../../sandbox/standins/apple-pay-token';
import { createSandboxApp } from '../../sandbox/app';
import { newPurchase, payment } from '../fixtures/sandbox-calls';
import { catalogue, read } from './sandbox-payments-harness';

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
/** Machine 1005's product costs 5 ILS: the token of a payer who approved that on the sheet, by default. */
const applePayToken = (outcome: 'approve' | 'decline', amount = 5, currency = 'ILS') => ({
  paymentData: { version: 'EC_v1', data: applePayPaymentData(amount, currency, outcome) },
  paymentMethod: { displayName: 'Visa 1111', network: 'Visa', type: 'debit' },
  transactionIdentifier: 'ABC',
});
const GOOGLE = '/pay/wallet?machine_id=1005&payment_method=google_pay';
const APPLE = '/pay/wallet?machine_id=1005&payment_method=apple_pay';

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

  it('Apple Pay: refuses a token whose approved amount or currency is not the total, and charges nothing', async () => {
    const app = createSandboxApp({ catalogue });
    for (const token of [applePayToken('approve', 0.01), applePayToken('approve', 5, 'USD')]) {
      const answer = await payment(app, await newPurchase(app), APPLE, token);
      expect(answer.status).toBe(400);
      expect((await read(answer)).message).toMatch(/the (amount|currency) the payer approved/);
    }
    const unreadable = { paymentData: { version: 'EC_v1', data: 'approve' } };
    expect((await payment(app, await newPurchase(app), APPLE, unreadable)).status).toBe(400);
    expect(app.charges.list()).toEqual([]);
  });

  it('Apple Pay: reads the outcome from token.paymentData.data, given the token or the payment holding it', async () => {
    const app = createSandboxApp({ catalogue });
    const declined = await read(await payment(app, await newPurchase(app), APPLE, applePayToken('decline')));
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

  it('never charges a paid purchase twice: a second attempt answers 409 paid and charges nothing', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    await payment(app, session, GOOGLE, googlePay('approve'));
    const again = await payment(app, session, APPLE, applePayToken('approve'));
    expect(again.status).toBe(409);
    expect(await read(again)).toEqual({ message: 'This purchase is already paid.', payment_status: 'paid' });
    expect(app.charges.list()).toHaveLength(1);
  });

  it('refuses a double tap while the first attempt is processed (409 pending): one record', async () => {
    const app = createSandboxApp({ catalogue, processingMs: 30 });
    const session = await newPurchase(app);
    const responses = await Promise.all([1, 2].map(() => payment(app, session, GOOGLE, googlePay('decline'))));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const answers = await Promise.all(responses.map(read));
    expect(answers).toContainEqual({
      status: 1,
      msg: 'Card declined (sandbox).',
      data: { transaction_id: 'SBX-000001' },
    });
    expect(answers).toContainEqual({
      message: 'A payment for this purchase is already being processed.',
      payment_status: 'pending',
    });
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
  const validate = async (body: unknown) =>
    payment(app, await newPurchase(app), '/pre/apple_pay/validate_merchant', body);

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

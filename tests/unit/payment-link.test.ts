import { describe, expect, it } from 'vitest';
import { NOT_WEB_ADDRESSES } from '../fixtures/hostile-addresses';
import { currencyCode, currencySymbol } from '../../machines/shared/currency';
import {
  checkLinkAmount,
  checkPaymentLink,
  isSameLink,
  MAX_INFO_LENGTH,
  orderSourceOf,
  type PaymentLinkQuery,
} from '../../machines/custom-payment/payment-link';

/** A link with every value set and usable. */
const full: PaymentLinkQuery = {
  machineId: '1001',
  totalPrice: '42.50',
  currency: 'usd',
  info: 'Wheelchair rental',
  isDeferredPayment: 'true',
  phoneNumber: '050-123-4567',
  successReturnUrl: 'https://merchant.example/ok?ref=1',
  failuresReturnUrl: 'http://merchant.example/failed',
};

const issuesOf = (query: PaymentLinkQuery) => {
  const check = checkPaymentLink(query);
  return check.ok ? [] : check.issues;
};

describe('checkPaymentLink (requirements.md §2 /customPaymentIframe)', () => {
  it('reads a full link: amount as a number, the currency upper-cased, deferred, both return addresses', () => {
    expect(checkPaymentLink(full)).toEqual({
      ok: true,
      link: {
        machineId: '1001',
        amount: 42.5,
        currency: 'USD',
        info: 'Wheelchair rental',
        deferredPayment: true,
        returnUrls: { success: 'https://merchant.example/ok?ref=1', failure: 'http://merchant.example/failed' },
      },
    });
  });

  it('defaults: currency ILS (requirements.md §9), not deferred, no return addresses; blank values count as not given', () => {
    const check = checkPaymentLink({
      machineId: ' 7 ',
      totalPrice: '5',
      info: ' Parking ',
      currency: ' ',
      successReturnUrl: '',
      phoneNumber: '',
    });
    expect(check).toEqual({
      ok: true,
      link: {
        machineId: '7',
        amount: 5,
        currency: 'ILS', // requirements.md §9: the default currency
        info: 'Parking',
        deferredPayment: false,
        returnUrls: { success: undefined, failure: undefined },
      },
    });
  });

  it('an empty query lists every required field, in query order, and nothing else', () => {
    expect(issuesOf({})).toEqual([
      { field: 'machineId', problem: 'required' },
      { field: 'totalPrice', problem: 'required' },
      { field: 'info', problem: 'required' },
    ]);
  });

  it('lists every bad value with its own problem', () => {
    expect(
      issuesOf({
        machineId: '1001',
        totalPrice: 'abc',
        currency: 'shekel',
        info: 'Line one\nline two',
        isDeferredPayment: 'yes',
        phoneNumber: 'call me',
        successReturnUrl: 'javascript:alert(1)',
        failuresReturnUrl: '/relative/path',
      }),
    ).toEqual([
      { field: 'totalPrice', problem: 'notNumber' },
      { field: 'currency', problem: 'notCurrency' },
      { field: 'info', problem: 'notPlainText' },
      { field: 'isDeferredPayment', problem: 'notTrueOrFalse' },
      { field: 'phoneNumber', problem: 'notPhone' },
      { field: 'successReturnUrl', problem: 'notWebAddress' },
      { field: 'failuresReturnUrl', problem: 'notWebAddress' },
    ]);
  });

  it.each([
    ...NOT_WEB_ADDRESSES,
    'ftp://merchant.example/file',
    '//merchant.example/ok',
    '/payment-done',
    'payment-done',
    'not a url',
  ])('refuses the return address %s: only absolute http(s) addresses are followed', (url) => {
    expect(issuesOf({ ...full, successReturnUrl: url })).toEqual([
      { field: 'successReturnUrl', problem: 'notWebAddress' },
    ]);
    expect(issuesOf({ ...full, failuresReturnUrl: url })).toEqual([
      { field: 'failuresReturnUrl', problem: 'notWebAddress' },
    ]);
  });

  it('markup in the description is allowed: it is shown as text, never run', () => {
    for (const info of ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>']) {
      const check = checkPaymentLink({ ...full, info });
      expect(check.ok && check.link.info).toBe(info);
    }
  });

  it(`a description of at most ${MAX_INFO_LENGTH} characters (counted as the visitor sees them)`, () => {
    expect(checkPaymentLink({ ...full, info: 'a'.repeat(MAX_INFO_LENGTH) }).ok).toBe(true);
    expect(checkPaymentLink({ ...full, info: '🦽'.repeat(MAX_INFO_LENGTH) }).ok).toBe(true);
    expect(checkPaymentLink({ ...full, info: '👨‍👩‍👧'.repeat(MAX_INFO_LENGTH) }).ok).toBe(true);
    expect(issuesOf({ ...full, info: 'a'.repeat(MAX_INFO_LENGTH + 1) })).toEqual([
      { field: 'info', problem: 'tooLong' },
    ]);
  });

  it.each(['TRUE', 'false', 'False'])('isDeferredPayment %s is read whatever its case', (value) => {
    const check = checkPaymentLink({ ...full, isDeferredPayment: value });
    expect(check).toMatchObject({ ok: true, link: { deferredPayment: value.toLowerCase() === 'true' } });
  });

  it.each(['+972 50-123-4567', '0501234567'])('accepts the phone number %s', (phoneNumber) => {
    expect(checkPaymentLink({ ...full, phoneNumber }).ok).toBe(true);
  });

  it.each(['123', '05O-123-4567'])('refuses the phone number %s', (phoneNumber) => {
    expect(issuesOf({ ...full, phoneNumber })).toEqual([{ field: 'phoneNumber', problem: 'notPhone' }]);
  });
});

describe('checkLinkAmount (requirements.md §5 amounts; the rule itself: amount.test.ts)', () => {
  it.each([
    ['7.5', 7.5],
    [' 12.30 ', 12.3],
  ])('%j is %d', (text, amount) => {
    expect(checkLinkAmount(text)).toEqual({ ok: true, value: amount });
  });

  it.each([
    [undefined, 'required'],
    ['', 'required'],
    ['  ', 'required'],
    ['12,50', 'notNumber'],
    ['1.005', 'tooManyDecimals'],
    ['123456789.01', 'tooManyDigits'],
    ['0.00', 'notPositive'],
  ])('%j is refused: %s', (text, problem) => {
    expect(checkLinkAmount(text)).toEqual({ ok: false, problem });
  });
});

describe('currency', () => {
  it('reads 3-letter ISO codes in any case', () => {
    expect(currencyCode('ils')).toBe('ILS');
    expect(currencyCode(' EUR ')).toBe('EUR');
    expect(currencyCode('EURO')).toBeUndefined();
    expect(currencyCode('E1R')).toBeUndefined();
  });

  it('writes the narrow symbol, or the code when there is none', () => {
    expect(currencySymbol('ILS')).toBe('₪');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('XYZ')).toBe('XYZ');
    expect(currencySymbol('bad code')).toBe('bad code');
  });
});

describe('isSameLink', () => {
  const link = 'https://pay.example/customPaymentIframe?totalPrice=7.50&info=Wheelchair+rental&machineId=15';

  it('the same link however its query is encoded or ordered, with or without a fragment', () => {
    expect(isSameLink(link, link)).toBe(true);
    expect(
      isSameLink(
        link,
        'https://pay.example/customPaymentIframe?machineId=15&info=Wheelchair%20rental&totalPrice=7.50#top',
      ),
    ).toBe(true);
  });

  it('another amount, page, host or an address that is not one is another link', () => {
    expect(isSameLink(link, link.replace('7.50', '8.50'))).toBe(false);
    expect(isSameLink(link, link.replace('customPaymentIframe', 'pay'))).toBe(false);
    expect(isSameLink(link, link.replace('pay.example', 'evil.example'))).toBe(false);
    expect(isSameLink('not a url', 'not a url')).toBe(false);
  });
});

describe('orderSourceOf', () => {
  it('the purchase order of a link: amount, currency, description, deferral, intent and return addresses', () => {
    const check = checkPaymentLink(full);
    if (!check.ok) throw new Error('the full link is valid');
    expect(orderSourceOf(check.link, 'intent-1', 'machineId=1001&signature=ab')).toEqual({
      kind: 'fixed',
      amount: 42.5,
      currency: 'USD',
      label: 'Wheelchair rental',
      deferredPayment: true,
      paymentIntent: 'intent-1',
      signedQuery: 'machineId=1001&signature=ab',
      returnUrls: { success: 'https://merchant.example/ok?ref=1', failure: 'http://merchant.example/failed' },
    });
    expect(orderSourceOf(check.link, undefined, '')).toMatchObject({ paymentIntent: undefined });
  });
});

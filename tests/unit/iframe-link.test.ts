/** /test (requirements.md §2): the custom payment iframe link and the genPaymentIntend link an operator builds. */
import { describe, expect, it } from 'vitest';
import { buildTestLinks, checkTypedAmount, type TestLinkForm } from '../../machines/info/iframe-link';

const ORIGIN = 'https://pay.example.com';
const form: TestLinkForm = {
  machineId: '1001',
  amount: '10.00',
  description: 'Test payment',
  successUrl: `${ORIGIN}/test`,
  failureUrl: `${ORIGIN}/test`,
};

function links(changes: Partial<TestLinkForm> = {}) {
  const result = buildTestLinks({ ...form, ...changes }, ORIGIN);
  if (!result.ok) throw new Error(`no links: ${JSON.stringify(result.problems)}`);
  return result;
}

const problems = (changes: Partial<TestLinkForm>) => {
  const result = buildTestLinks({ ...form, ...changes }, ORIGIN);
  return result.ok ? undefined : result.problems;
};

describe('buildTestLinks', () => {
  it('builds the custom payment iframe link with every parameter the page reads, in order', () => {
    expect(links().customPaymentIframe).toBe(
      'https://pay.example.com/customPaymentIframe?totalPrice=10.00&currency=ILS&info=Test+payment&machineId=1001' +
        '&successReturnUrl=https%3A%2F%2Fpay.example.com%2Ftest&failuresReturnUrl=https%3A%2F%2Fpay.example.com%2Ftest' +
        '&isDeferredPayment=false',
    );
  });

  it('builds the genPaymentIntend link with the merchant names of the same values', () => {
    expect(links().genPaymentIntend).toBe(
      'https://pay.example.com/genPaymentIntend?machine_id=1001&amount=10.00&info=Test+payment' +
        '&success_url=https%3A%2F%2Fpay.example.com%2Ftest&failure_url=https%3A%2F%2Fpay.example.com%2Ftest',
    );
  });

  it('encodes text so that it comes back unchanged (&, =, #, +, Hebrew)', () => {
    const description = 'קפה & תה = 5+5 #1';
    const successUrl = 'https://shop.example/done?order=7&lang=he';
    const { customPaymentIframe, genPaymentIntend } = links({ description, successUrl });
    const iframe = new URL(customPaymentIframe).searchParams;
    expect(iframe.get('info')).toBe(description);
    expect(iframe.get('successReturnUrl')).toBe(successUrl);
    expect([...iframe.keys()]).toHaveLength(7);
    const intend = new URL(genPaymentIntend).searchParams;
    expect(intend.get('info')).toBe(description);
    expect(intend.get('success_url')).toBe(successUrl);
  });

  it('trims the machine id and description, and writes the amount with 2 decimals', () => {
    const params = new URL(links({ machineId: ' 1006 ', description: '  Coffee ', amount: '7,5' }).customPaymentIframe)
      .searchParams;
    expect(params.get('machineId')).toBe('1006');
    expect(params.get('info')).toBe('Coffee');
    expect(params.get('totalPrice')).toBe('7.50');
  });

  it('links on the given origin', () => {
    const result = buildTestLinks(form, 'http://localhost:4411');
    expect(result.ok && new URL(result.customPaymentIframe).origin).toBe('http://localhost:4411');
    expect(result.ok && new URL(result.genPaymentIntend).pathname).toBe('/genPaymentIntend');
  });

  it('gives no link and names each invalid field', () => {
    expect(
      buildTestLinks(
        { machineId: ' ', amount: '0', description: '', successUrl: 'javascript:alert(1)', failureUrl: 'shop' },
        ORIGIN,
      ),
    ).toEqual({
      ok: false,
      problems: {
        machineId: 'empty',
        amount: 'notPositive',
        description: 'empty',
        successUrl: 'notHttp',
        failureUrl: 'notUrl',
      },
    });
  });

  it('names only the field that is wrong', () => {
    expect(problems({ amount: '1.234' })).toEqual({ amount: 'tooManyDecimals' });
    expect(problems({ failureUrl: 'ftp://files.example/x' })).toEqual({ failureUrl: 'notHttp' });
    expect(problems({ machineId: '  ' })).toEqual({ machineId: 'empty' });
    expect(problems({ description: '' })).toEqual({ description: 'empty' });
  });
});

describe('checkTypedAmount (> 0, at most 2 decimals)', () => {
  it.each([
    ['10', '10.00'],
    ['10.5', '10.50'],
    ['0.01', '0.01'],
    ['007.10', '7.10'],
    [' 12,34 ', '12.34'],
    ['99999999.99', '99999999.99'],
  ])('accepts %j as %s', (text, amount) => {
    expect(checkTypedAmount(text)).toEqual({ ok: true, amount });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'notNumber'],
    ['-5', 'notNumber'],
    ['1e3', 'notNumber'],
    ['.5', 'notNumber'],
    ['5.', 'notNumber'],
    ['1.2.3', 'notNumber'],
    ['1.234', 'tooManyDecimals'],
    ['12345678901', 'tooManyDigits'],
    ['0', 'notPositive'],
    ['0.00', 'notPositive'],
    ['000', 'notPositive'],
  ])('refuses %j: %s', (text, problem) => {
    expect(checkTypedAmount(text)).toEqual({ ok: false, problem });
  });
});

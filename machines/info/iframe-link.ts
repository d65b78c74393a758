import { checkHttpUrl, type HttpUrlProblem } from '../shared/web-address';

/** Spec §9: the default currency, which the custom payment link names. */
export const TEST_LINK_CURRENCY = 'ILS';

/** Spec §5: a custom amount has at most 10 digits and 2 decimals. */
const MAX_DIGITS = 10;
const MAX_DECIMALS = 2;

/** What the operator types on /test. */
export interface TestLinkForm {
  machineId: string;
  amount: string;
  description: string;
  successUrl: string;
  failureUrl: string;
}

export type AmountProblem = 'empty' | 'notNumber' | 'tooManyDecimals' | 'tooManyDigits' | 'notPositive';

export interface TestLinkProblems {
  machineId?: 'empty';
  amount?: AmountProblem;
  description?: 'empty';
  successUrl?: HttpUrlProblem;
  failureUrl?: HttpUrlProblem;
}

export type TestLinks =
  { ok: true; customPaymentIframe: string; genPaymentIntend: string } | { ok: false; problems: TestLinkProblems };

export type AmountCheck = { ok: true; amount: string } | { ok: false; problem: AmountProblem };

/** An amount above 0 with at most 2 decimals ('.' or ','), written with exactly 2 decimals. */
export function checkAmount(text: string): AmountCheck {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) return { ok: false, problem: 'notNumber' };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const decimals = match[2] ?? '';
  if (decimals.length > MAX_DECIMALS) return { ok: false, problem: 'tooManyDecimals' };
  if (whole.length + decimals.length > MAX_DIGITS) return { ok: false, problem: 'tooManyDigits' };
  if (/^0*$/.test(whole + decimals)) return { ok: false, problem: 'notPositive' };
  return { ok: true, amount: `${whole}.${decimals.padEnd(MAX_DECIMALS, '0')}` };
}

const required = (text: string): string | undefined => text.trim() || undefined;

/**
 * The links an operator prints as a QR code to test a machine: the custom payment page
 * (/customPaymentIframe) and the merchant iframe redirect (/genPaymentIntend), on `origin`.
 * Invalid input gives the problem of each field and no link.
 */
export function buildTestLinks(form: TestLinkForm, origin: string): TestLinks {
  const machineId = required(form.machineId);
  const description = required(form.description);
  const amount = checkAmount(form.amount);
  const success = checkHttpUrl(form.successUrl);
  const failure = checkHttpUrl(form.failureUrl);
  if (machineId === undefined || description === undefined || !amount.ok || !success.ok || !failure.ok) {
    return {
      ok: false,
      problems: {
        machineId: machineId === undefined ? 'empty' : undefined,
        amount: amount.ok ? undefined : amount.problem,
        description: description === undefined ? 'empty' : undefined,
        successUrl: success.ok ? undefined : success.problem,
        failureUrl: failure.ok ? undefined : failure.problem,
      },
    };
  }
  const link = (path: string, query: Record<string, string>) => {
    const url = new URL(path, origin);
    url.search = new URLSearchParams(query).toString();
    return url.href;
  };
  return {
    ok: true,
    customPaymentIframe: link('/customPaymentIframe', {
      totalPrice: amount.amount,
      currency: TEST_LINK_CURRENCY,
      info: description,
      machineId,
      successReturnUrl: success.url.href,
      failuresReturnUrl: failure.url.href,
      isDeferredPayment: 'false',
    }),
    genPaymentIntend: link('/genPaymentIntend', {
      machine_id: machineId,
      amount: amount.amount,
      info: description,
      success_url: success.url.href,
      failure_url: failure.url.href,
    }),
  };
}

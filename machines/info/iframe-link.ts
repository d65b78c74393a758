import { checkAmount, MAX_AMOUNT_DECIMALS, type AmountProblem } from '../shared/amount';
import { checkHttpUrl, type HttpUrlProblem } from '../shared/web-address';

/** requirements.md §9: the default currency, which the custom payment link names. */
export const TEST_LINK_CURRENCY = 'ILS';

/** What the operator types on /test. */
export interface TestLinkForm {
  machineId: string;
  amount: string;
  description: string;
  successUrl: string;
  failureUrl: string;
}

export interface TestLinkProblems {
  machineId?: 'empty';
  amount?: 'empty' | AmountProblem;
  description?: 'empty';
  successUrl?: HttpUrlProblem;
  failureUrl?: HttpUrlProblem;
}

export type TestLinks =
  { ok: true; customPaymentIframe: string; genPaymentIntend: string } | { ok: false; problems: TestLinkProblems };

export type TypedAmountCheck = { ok: true; amount: string } | { ok: false; problem: 'empty' | AmountProblem };

/** requirements.md §5 amount rule on what the operator typed ('.' or ','), written with exactly 2 decimals. */
export function checkTypedAmount(text: string): TypedAmountCheck {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const check = checkAmount(trimmed);
  return check.ok ? { ok: true, amount: check.value.toFixed(MAX_AMOUNT_DECIMALS) } : check;
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
  const amount = checkTypedAmount(form.amount);
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

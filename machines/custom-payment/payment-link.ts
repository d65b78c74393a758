import type { OrderSource } from '../purchase/purchase.types';
import { checkAmount, type AmountProblem } from '../shared/amount';
import { isWebAddress } from '../shared/web-address';
import { checkPhone } from '../shared/phone';
import { currencyCode, DEFAULT_CURRENCY } from '../shared/currency';

/** The query parameters of /customPaymentIframe (requirements.md §2), in the order problems are listed. */
export const PAYMENT_LINK_FIELDS = [
  'machineId',
  'totalPrice',
  'currency',
  'info',
  'isDeferredPayment',
  'phoneNumber',
  'successReturnUrl',
  'failuresReturnUrl',
] as const;
export type PaymentLinkField = (typeof PAYMENT_LINK_FIELDS)[number];

/** The query as the address gives it: every value a string, any of them missing. */
export type PaymentLinkQuery = Partial<Record<PaymentLinkField, string | undefined>>;

/** Why a value of the link cannot be used. */
export type PaymentLinkProblem =
  | 'required'
  | AmountProblem
  | 'notCurrency'
  | 'notPlainText'
  | 'tooLong'
  | 'notTrueOrFalse'
  | 'notPhone'
  | 'notWebAddress';

export interface PaymentLinkIssue {
  field: PaymentLinkField;
  problem: PaymentLinkProblem;
}

/** A payment link whose every value can be used. */
export interface PaymentLink {
  machineId: string;
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What is being paid for: shown as text, never as markup. */
  info: string;
  deferredPayment: boolean;
  /** Absolute http(s) addresses only (design.md §10). */
  returnUrls: { success: string | undefined; failure: string | undefined };
}

export type PaymentLinkCheck = { ok: true; link: PaymentLink } | { ok: false; issues: PaymentLinkIssue[] };

/** The description is a title, not a text: at most this many characters. */
export const MAX_INFO_LENGTH = 200;

/** One value of the link: usable (as read), or why not. */
export type Check<T> = { ok: true; value: T } | { ok: false; problem: PaymentLinkProblem };

const accept = <T>(value: T): Check<T> => ({ ok: true, value });
const refuse = (problem: PaymentLinkProblem): Check<never> => ({ ok: false, problem });

/** A value that is missing or blank counts as not given. */
const given = (text: string | undefined): string | undefined => text?.trim() || undefined;

/** requirements.md §5 amounts, written as a payment link does ('.' only). */
export function checkLinkAmount(text: string | undefined): Check<number> {
  const amount = given(text);
  if (amount === undefined) return refuse('required');
  const check = checkAmount(amount);
  return check.ok ? accept(check.value) : refuse(check.problem);
}

function checkInfo(text: string | undefined): Check<string> {
  const info = given(text);
  if (info === undefined) return refuse('required');
  // One line of text: control characters (line breaks, tabs, escapes) have no place in a title.
  if (/\p{Cc}/u.test(info)) return refuse('notPlainText');
  // Characters as the visitor sees them: an emoji made of several code points counts once.
  const characters = [...new Intl.Segmenter().segment(info)].length;
  return characters > MAX_INFO_LENGTH ? refuse('tooLong') : accept(info);
}

function checkCurrency(text: string | undefined): Check<string> {
  const currency = given(text);
  if (currency === undefined) return accept(DEFAULT_CURRENCY);
  const code = currencyCode(currency);
  return code === undefined ? refuse('notCurrency') : accept(code);
}

function checkDeferred(text: string | undefined): Check<boolean> {
  const deferred = given(text)?.toLowerCase();
  if (deferred === undefined || deferred === 'false') return accept(false);
  return deferred === 'true' ? accept(true) : refuse('notTrueOrFalse');
}

/** Only checked: the operator already knows whose payment it is, the page has no use for the number. */
function checkPhoneNumber(text: string | undefined): Check<undefined> {
  const phone = given(text);
  return phone === undefined || checkPhone(phone) === 'valid' ? accept(undefined) : refuse('notPhone');
}

/** A return address, if given, must be an absolute http(s) address: never javascript:, data: or relative. */
function checkReturnUrl(text: string | undefined): Check<string | undefined> {
  const url = given(text);
  if (url === undefined) return accept(undefined);
  return isWebAddress(url) ? accept(url) : refuse('notWebAddress');
}

function checkMachineId(text: string | undefined): Check<string> {
  const machineId = given(text);
  return machineId === undefined ? refuse('required') : accept(machineId);
}

/**
 * Reads /customPaymentIframe's query (requirements.md §2). Either every value can be used and the link comes
 * back, or each field that cannot is listed with its problem, so that the page offers nothing to pay.
 */
export function checkPaymentLink(query: PaymentLinkQuery): PaymentLinkCheck {
  const checks = {
    machineId: checkMachineId(query.machineId),
    totalPrice: checkLinkAmount(query.totalPrice),
    currency: checkCurrency(query.currency),
    info: checkInfo(query.info),
    isDeferredPayment: checkDeferred(query.isDeferredPayment),
    phoneNumber: checkPhoneNumber(query.phoneNumber),
    successReturnUrl: checkReturnUrl(query.successReturnUrl),
    failuresReturnUrl: checkReturnUrl(query.failuresReturnUrl),
  } satisfies Record<PaymentLinkField, Check<unknown>>;
  const { machineId, totalPrice, currency, info, isDeferredPayment, phoneNumber, successReturnUrl, failuresReturnUrl } =
    checks;
  if (
    machineId.ok &&
    totalPrice.ok &&
    currency.ok &&
    info.ok &&
    isDeferredPayment.ok &&
    phoneNumber.ok &&
    successReturnUrl.ok &&
    failuresReturnUrl.ok
  ) {
    return {
      ok: true,
      link: {
        machineId: machineId.value,
        amount: totalPrice.value,
        currency: currency.value,
        info: info.value,
        deferredPayment: isDeferredPayment.value,
        returnUrls: { success: successReturnUrl.value, failure: failuresReturnUrl.value },
      },
    };
  }
  return {
    ok: false,
    issues: PAYMENT_LINK_FIELDS.flatMap((field) => {
      const check: Check<unknown> = checks[field];
      return check.ok ? [] : [{ field, problem: check.problem }];
    }),
  };
}

/**
 * The purchase's order for a link: its amount, in its currency, under its description. A payment
 * intent (the visitor uuid /genPaymentIntend stored for this very link) is the purchase the operator
 * already holds, so nothing is booked again.
 */
export function orderSourceOf(link: PaymentLink, paymentIntent: string | undefined, signedQuery: string): OrderSource {
  return {
    kind: 'fixed',
    amount: link.amount,
    currency: link.currency,
    label: link.info,
    deferredPayment: link.deferredPayment,
    paymentIntent,
    signedQuery,
    returnUrls: link.returnUrls,
  };
}

/** The parts of an address that name a payment link: origin, path and query (sorted, decoded), no fragment. */
function linkKey(address: string): string | undefined {
  try {
    const url = new URL(address);
    url.searchParams.sort();
    return `${url.origin}${url.pathname}?${url.searchParams.toString()}`;
  } catch {
    return undefined;
  }
}

/**
 * Whether two addresses open the same payment link, however the browser or the router re-encoded
 * or reordered its query (`%20` or `+`, `b=2&a=1`).
 */
export function isSameLink(a: string, b: string): boolean {
  const key = linkKey(a);
  return key !== undefined && key === linkKey(b);
}

import type { FrontendConfig } from '../menu/menu.types';
import type { PricedLine } from '../shared/pricing';

/** What every payment method needs to know about the purchase being paid. */
export interface PaymentOrder {
  machineId: string;
  /** The session uuid that set_purchase answered; it identifies the visitor (requirements.md §6). */
  visitorUuid: string | undefined;
  lines: PricedLine[];
  total: number;
  /** ISO 4217, e.g. ILS */
  currency: string;
  currencySymbol: string;
  /** requirements.md §9: IL by default. */
  countryCode: string;
  /** The amount the visitor typed in price-input mode. */
  customPrice: number | undefined;
  /** A deferred payment (wheelshare, custom iframe) skips the stored-price check (requirements.md §5). */
  deferredPayment: boolean;
  config: FrontendConfig;
}

/**
 * How a payment-method machine ends (requirements.md §4 payment states: it is `Idle` until the visitor pays,
 * `Processing` while the pay action is in flight, then `Success` or `Failed`):
 * - succeeded / failed lead to the success or failure page;
 * - cancelled returns to the payment-method choice;
 * - abandoned (the drawer was closed before paying) returns to product selection.
 */
export type PaymentResult =
  | { outcome: 'succeeded'; transactionId?: string | undefined; message?: string | undefined }
  | {
      outcome: 'failed';
      reason?: FailureReason | undefined;
      /** The provider's or the operator's own words, shown as they are. */
      message?: string | undefined;
      code?: string | number | undefined;
      transactionId?: string | undefined;
    }
  | { outcome: 'cancelled' }
  | { outcome: 'abandoned' };

export type PaymentOutcome = PaymentResult['outcome'];

/** The results that end with one of `TOutcome`: a method's output type names only the endings its chart has. */
export type ResultWith<TOutcome extends PaymentOutcome> = Extract<PaymentResult, { outcome: TOutcome }>;

/**
 * How every method but card scan ends: none can be cancelled (a closed sheet fails or returns to its
 * tap, a refused card to its form); only card scan's step has a cancel.
 */
export type UncancellableResult = ResultWith<'succeeded' | 'failed' | 'abandoned'>;

/**
 * What a call that moves money carries besides the order: the payment attempt's Idempotency-Key (design.md
 * §10.7), the same on every call of one attempt and on a resend of it, a new one for the next attempt.
 */
export interface AttemptInput {
  order: PaymentOrder;
  attemptKey: string;
}

/** The answer of the operator's pay calls (requirements.md §3 "Pay response"). */
export interface PayResponse {
  status: number;
  msg: string;
  transactionId: string | undefined;
}

export const PAY_STATUS_OK = 0;
/** The operator declined the payment: its word that no money moved. */
export const PAY_STATUS_DECLINED = 1;

/**
 * Why the app itself failed a payment; views show requirements.md §8 text for each (locales `payment.errors`):
 * internal 'internal: payment failed, please try again'; unexpectedFrameUrl '…, actualUrl !== iframeUrl';
 * invalidPrice 'Invalid price. Payment failed.'; paymentFailed 'Payment failed.'; serverError 'Server error.';
 * unavailable: the provider's code could not be loaded; sheetClosed: the visitor closed a wallet's payment sheet;
 * unconfirmed: a pay call got no verdict (no answer, an error, an answer other than approved or declined) or
 * the provider is still processing the payment, so the charge may have gone through: the purchase asks the
 * operator instead of failing;
 * notCharged: the operator says no money was taken (after an interruption, GET /api/payment/status).
 * pageExpired: the hosted payment page outlived the 10 minutes its provider serves it.
 */
export type FailureReason =
  | 'internal'
  | 'unexpectedFrameUrl'
  | 'pageExpired'
  | 'invalidPrice'
  | 'paymentFailed'
  | 'serverError'
  | 'unavailable'
  | 'sheetClosed'
  | 'unconfirmed'
  | 'notCharged';

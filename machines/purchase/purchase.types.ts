import type { ActorRefFrom } from 'xstate';
import type { DeliveryStatus } from '../delivery/delivery.types';
import type { amountEntryMachine, AmountConfirmedEvent } from '../amount-entry/amount-entry.machine';
import type { Menu, ProductId } from '../menu/menu.types';
import type { HoursConfirmedEvent, vacuumMachine } from '../vacuum/vacuum.machine';
import type { HostedPageSettings } from '../payment/methods/hosted-page/hosted-page.machine';
import type { PaymentResult } from '../payment/payment.types';
import type { ApiFailure } from '../shared/api-failure';
import type { OrderTotals } from '../shared/pricing';

/**
 * The payment methods by their names on the operator's API, in the method list's order; each is declared in its own
 * folder, machines/payment/methods/ (registry.ts).
 */
export const PAYMENT_METHODS = ['google_pay', 'apple_pay', 'stripe', 'credit_card', 'card_scan', 'bit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One purchased product on the receipt (receipt.ts makes receipts; the shape is here, beside the method it names). */
export interface ReceiptItem {
  name: string;
  /** The unit price including the fee: requirements.md §3's stored pay_data line, kept in that shape. */
  price: number;
  symbol: string;
  count: number;
  /** What the success page lists (requirements.md §2 "item price"): unit price × count, without the fee. */
  amount: number;
}

/** What the success page lists and what the machine's history keeps (requirements.md §2, §3 "pay_data"). */
export interface Receipt {
  machineId: string;
  /** Their amounts add up to the subtotal; subtotal + service fee = total. */
  items: ReceiptItem[];
  subtotal: number;
  serviceFee: number;
  total: number;
  currencySymbol: string;
  transactionId?: string | undefined;
  /** ISO time of the payment. */
  paidAt?: string | undefined;
  /** The method the visitor paid with; unknown until one was used. */
  paidWith?: PaymentMethod | undefined;
}

/**
 * A payment this browser started and did not see end: the page was reloaded or left for Bit, or a pay
 * call got no answer. It names the purchase (its session id) and what was sent to be paid; it carries no
 * verdict: the operator is asked for one.
 */
export interface ReturnedPayment {
  sessionId: string;
  receipt: Receipt;
}

/** GET /api/payment/status: what the operator knows of the purchase's payment. */
export interface ReturnedPaymentStatus {
  status: 'paid' | 'not_charged' | 'pending';
  /** The operator's words, for the logs. */
  msg: string;
  transactionId: string | undefined;
  /** The method of the approved (or declined) charge, when the operator names one. */
  method: PaymentMethod | undefined;
  /** The provider's words for a declined charge, which the failure page shows. */
  declineMessage?: string | undefined;
  /** Once paid, what the machine delivered (none for a payment link). */
  delivery?: DeliveryStatus | undefined;
}

/**
 * What decides the order (requirements.md §2):
 * - menu: the machine's product view (/pay);
 * - hourly: an hourly product and a time span the visitor picks (/vacuum);
 * - fixed: the amount the payment link names (/customPaymentIframe). A link made by /genPaymentIntend
 *   comes with the payment intent the operator already holds (its visitor uuid), so nothing is submitted;
 *   any other is booked by its signed address (book_link), which the operator checks and prices.
 */
export type OrderSource =
  | { kind: 'menu' }
  | {
      kind: 'hourly';
      /** The clock time when the page opened ("HH:MM"). */
      now: string;
      /** The visitor already joined the loyalty programme here. */
      promotionMember: boolean;
    }
  | {
      kind: 'fixed';
      amount: number;
      /** ISO 4217: the link's own currency, which the payment and the receipt use. */
      currency: string;
      /** What is being paid for, as the link describes it. */
      label: string;
      deferredPayment: boolean;
      paymentIntent: string | undefined;
      /** The page's query as the merchant signed it: what book_link sends when there is no intent. */
      signedQuery: string;
      /** Where the browser goes on the success or failure stage (http or https only). */
      returnUrls: { success: string | undefined; failure: string | undefined };
    };

/** A purchase line as the operator priced it (set_purchase's and book_link's answer). */
export interface BookedLine {
  productId: ProductId;
  /** The product's name on the operator's menu. */
  name: string;
  count: number;
  unitPrice: number;
  unitFee: number;
  lineTotal: number;
}

/**
 * The purchase the operator recorded: its id, and its pricing, which the drawer, every wallet sheet and
 * the receipt show from then on (the amount shown is the amount charged).
 */
export interface Booking {
  sessionId: string;
  currency: string;
  lines: BookedLine[];
  totals: OrderTotals;
}

export interface PurchaseInput extends PurchaseSettings {
  machineId: string;
  menu: Menu;
}

/** What the page knows before the menu arrives and hands on to the purchase. */
export interface PurchaseSettings {
  /** Whether this browser has Apple Pay at all (Safari's ApplePaySession; detected at the edge). */
  applePaySupported: boolean;
  /** Whether it can pay with Apple Pay here (ApplePaySession.canMakePayments(); detected at the edge). */
  applePayAvailable: boolean;
  /** The hosted payment page's origin and the app's return page it sends the payer back to. */
  hostedPage: HostedPageSettings;
  /**
   * The card scanner's origin, as the build names it (VITE_CARD_SCAN_URL); none when the build names no
   * scanner: card scan is then withdrawn (never offered), never pointed at a placeholder.
   */
  cardScanOrigin: string | undefined;
  /** The visitor's previous purchase on this machine, for 'see latest purchase'. */
  latestPurchase: Receipt | undefined;
  returnedPayment?: ReturnedPayment | undefined;
  /** /pay's product view unless a page says otherwise. */
  orderSource?: OrderSource | undefined;
}

export interface PurchaseContext extends PurchaseInput {
  orderSource: OrderSource;
  selectedIds: ProductId[];
  /** The time span chosen in the hourly flow. */
  minutes: number | undefined;
  quantity: number;
  customAmount: number | undefined;
  amountEntry: ActorRefFrom<typeof amountEntryMachine> | undefined;
  vacuum: ActorRefFrom<typeof vacuumMachine> | undefined;
  sessionId: string | undefined;
  /** The operator's pricing of the purchase, once booked; forgotten when the visitor is back at the products. */
  booking: Booking | undefined;
  submitFailure: ApiFailure | undefined;
  /** Google's isReadyToPay answer for this browser; unknown until the method list is first opened. */
  googlePayReady: boolean | undefined;
  method: PaymentMethod | undefined;
  result: PaymentResult | undefined;
  receipt: Receipt | undefined;
}

/**
 * What the selectors read of the purchase chart's snapshot. Said here, not as the chart's own snapshot
 * type, so that purchase.selectors.ts (which the chart imports) never imports the chart back.
 */
export interface PurchaseSnapshot {
  context: PurchaseContext;
  can(event: { type: 'purchase.continue' }): boolean;
  hasTag(tag: 'drawerOpen'): boolean;
  matches(state: { SELECT_PAYMENT_METHOD: 'ExplainingMethod' }): boolean;
}

export type PurchaseEvent =
  | { type: 'product.select'; productId: ProductId }
  | { type: 'quantity.increment' }
  | { type: 'quantity.decrement' }
  | { type: 'purchase.continue' }
  | AmountConfirmedEvent
  | HoursConfirmedEvent
  | { type: 'method.select'; method: PaymentMethod }
  | { type: 'method.continue' }
  | { type: 'popup.continue' }
  | { type: 'popup.cancel' }
  | { type: 'drawer.close' }
  | { type: 'payment.returned'; returned: ReturnedPayment }
  | { type: 'payment.recheck' }
  | { type: 'history.show' }
  | { type: 'history.hide' }
  | { type: 'purchase.restart' }
  | { type: 'purchase.retry' };

import type { ActorRefFrom } from 'xstate';
import type { amountEntryMachine, AmountConfirmedEvent } from '../amount-entry/amount-entry.machine';
import type { Menu, ProductId } from '../menu/menu.types';
import type { PaymentResult } from '../payment/payment.types';
import type { ApiFailure } from '../shared/api-failure';
import type { Receipt } from './receipt';

export const PAYMENT_METHODS = ['google_pay', 'apple_pay', 'stripe', 'credit_card', 'card_scan', 'bit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Card entry, card scan and Bit first explain themselves in a popup (spec §2). */
export const METHODS_WITH_POPUP: readonly PaymentMethod[] = ['credit_card', 'card_scan', 'bit'];

/** A payment that finished away from this page (Bit) and came back with its verdict. */
export interface ReturnedPayment {
  result: Extract<PaymentResult, { outcome: 'succeeded' | 'failed' }>;
  receipt: Receipt;
}

export interface PurchaseInput extends PurchaseSettings {
  machineId: string;
  menu: Menu;
}

/** What the page knows before the menu arrives and hands on to the purchase. */
export interface PurchaseSettings {
  /** Whether this browser can pay with Apple Pay (detected at the edge). */
  applePayAvailable: boolean;
  /** Where the hosted payment page sends a paid visitor (a build setting, absolute). */
  hostedPageSuccessUrl: string;
  /** The visitor's previous purchase on this machine, for 'see latest purchase'. */
  latestPurchase: Receipt | undefined;
  returnedPayment?: ReturnedPayment | undefined;
}

export interface PurchaseContext extends PurchaseInput {
  selectedIds: ProductId[];
  quantity: number;
  customAmount: number | undefined;
  amountEntry: ActorRefFrom<typeof amountEntryMachine> | undefined;
  sessionId: string | undefined;
  submitFailure: ApiFailure | undefined;
  method: PaymentMethod | undefined;
  result: PaymentResult | undefined;
  receipt: Receipt | undefined;
}

export type PurchaseEvent =
  | { type: 'product.select'; productId: ProductId }
  | { type: 'quantity.increment' }
  | { type: 'quantity.decrement' }
  | { type: 'purchase.continue' }
  | AmountConfirmedEvent
  | { type: 'method.select'; method: PaymentMethod }
  | { type: 'method.continue' }
  | { type: 'popup.continue' }
  | { type: 'popup.cancel' }
  | { type: 'drawer.close' }
  | { type: 'payment.returned'; returned: ReturnedPayment }
  | { type: 'history.show' }
  | { type: 'history.hide' }
  | { type: 'purchase.restart' }
  | { type: 'purchase.retry' };

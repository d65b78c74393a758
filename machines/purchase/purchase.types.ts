import type { ActorRefFrom } from 'xstate';
import type { amountEntryMachine, AmountConfirmedEvent } from '../amount-entry/amount-entry.machine';
import type { Menu, ProductId } from '../menu/menu.types';
import type { ApiFailure } from '../shared/api-failure';

export const PAYMENT_METHODS = ['google_pay', 'apple_pay', 'stripe', 'credit_card', 'card_scan', 'bit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Card entry, card scan and Bit first explain themselves in a popup (spec §2). */
export const METHODS_WITH_POPUP: readonly PaymentMethod[] = ['credit_card', 'card_scan', 'bit'];

export interface PurchaseInput {
  machineId: string;
  menu: Menu;
  /** Whether this browser can pay with Apple Pay (detected at the edge). */
  applePayAvailable: boolean;
}

export interface PaymentOutcome {
  transactionId?: string | undefined;
  message?: string | undefined;
  code?: string | number | undefined;
}

export interface PurchaseContext extends PurchaseInput {
  selectedIds: ProductId[];
  quantity: number;
  customAmount: number | undefined;
  amountEntry: ActorRefFrom<typeof amountEntryMachine> | undefined;
  sessionId: string | undefined;
  submitFailure: ApiFailure | undefined;
  method: PaymentMethod | undefined;
  outcome: PaymentOutcome | undefined;
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
  | ({ type: 'payment.succeeded' } & PaymentOutcome)
  | ({ type: 'payment.failed' } & PaymentOutcome)
  | { type: 'purchase.retry' };

import type { PayStatus } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { ReturnedPayment } from '../../machines/purchase/purchase.types';
import type { Receipt } from '../../machines/purchase/receipt';
import { localStore } from './local-store';

/** The local-storage keys of requirements.md §3. */
export const PURCHASE_STORAGE_KEYS = {
  payData: 'pay_data',
  machineId: 'machine_id',
  price: 'price',
  payStatus: 'payStatus',
  history: 'pay_history',
  /** The purchase (its session id) whose payment this browser started and has not seen end. */
  underwaySession: 'payment_underway_session',
  /** The page it was started on: public/payment-return.js, loaded at the top level, goes back there. */
  underwayPage: 'payment_underway_page',
} as const;

/** A visitor's history keeps this many purchases per machine. */
const HISTORY_LIMIT = 10;

function readJson(key: string): unknown {
  try {
    const text = localStore.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined; // a value another version wrote, or storage that is off: start afresh
  }
}

type History = Record<string, unknown[]>;

/**
 * A stored receipt. One an earlier version wrote has items with only their price including the fee (no
 * amount without it): its totals still stand, its item lines are left out rather than shown wrong.
 */
function storedReceipt(value: unknown): Receipt | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { items } = value as { items?: unknown };
  const itemsReadable =
    Array.isArray(items) && items.every((item) => typeof (item as { amount?: unknown } | null)?.amount === 'number');
  return itemsReadable ? (value as Receipt) : { ...(value as Receipt), items: [] };
}

/** The purchase on its way to being paid, its pay status, and each machine's history. */
export const purchaseStorage = {
  rememberPurchase(receipt: Receipt): void {
    localStore.setItem(PURCHASE_STORAGE_KEYS.payData, JSON.stringify(receipt));
    localStore.setItem(PURCHASE_STORAGE_KEYS.machineId, receipt.machineId);
    localStore.setItem(PURCHASE_STORAGE_KEYS.price, String(receipt.total));
  },
  rememberedPurchase: (): Receipt | undefined => storedReceipt(readJson(PURCHASE_STORAGE_KEYS.payData)),
  setPayStatus(status: PayStatus): void {
    localStore.setItem(PURCHASE_STORAGE_KEYS.payStatus, status);
  },
  payStatus: (): string | null => localStore.getItem(PURCHASE_STORAGE_KEYS.payStatus),
  clearPayStatus(): void {
    localStore.removeItem(PURCHASE_STORAGE_KEYS.payStatus);
  },
  /** A payment starts (pay status pending): until its end is shown, a page of this machine asks about it. */
  rememberPaymentUnderway(sessionId: string, page: string): void {
    localStore.setItem(PURCHASE_STORAGE_KEYS.payStatus, 'pending');
    localStore.setItem(PURCHASE_STORAGE_KEYS.underwaySession, sessionId);
    localStore.setItem(PURCHASE_STORAGE_KEYS.underwayPage, page);
  },
  /** Its end is shown; a `failed` pay status a method set stays (requirements.md §3). */
  forgetPaymentUnderway(): void {
    if (localStore.getItem(PURCHASE_STORAGE_KEYS.payStatus) === 'pending')
      localStore.removeItem(PURCHASE_STORAGE_KEYS.payStatus);
    localStore.removeItem(PURCHASE_STORAGE_KEYS.underwaySession);
    localStore.removeItem(PURCHASE_STORAGE_KEYS.underwayPage);
  },
  /**
   * The payment this browser started on this machine and did not see end (the page was reloaded or left
   * for Bit, in this tab or another): the operator is asked what became of it. None for another machine.
   */
  paymentUnderway(machineId: string): ReturnedPayment | undefined {
    const sessionId = localStore.getItem(PURCHASE_STORAGE_KEYS.underwaySession);
    const receipt = storedReceipt(readJson(PURCHASE_STORAGE_KEYS.payData));
    if (localStore.getItem(PURCHASE_STORAGE_KEYS.payStatus) !== 'pending' || !sessionId) return undefined;
    return receipt?.machineId === machineId ? { sessionId, receipt } : undefined;
  },
  /** requirements.md §4: closing after success stores the purchase in the machine's history. */
  addToHistory(receipt: Receipt): void {
    const history = (readJson(PURCHASE_STORAGE_KEYS.history) as History | undefined) ?? {};
    const earlier = history[receipt.machineId] ?? [];
    history[receipt.machineId] = [receipt, ...earlier].slice(0, HISTORY_LIMIT);
    localStore.setItem(PURCHASE_STORAGE_KEYS.history, JSON.stringify(history));
  },
  latestPurchase: (machineId: string): Receipt | undefined =>
    storedReceipt((readJson(PURCHASE_STORAGE_KEYS.history) as History | undefined)?.[machineId]?.[0]),
};

import type { PayStatus } from '../../machines/payment/hosted-page.machine';
import type { Receipt } from '../../machines/purchase/receipt';
import { localStore } from './local-store';

/** The local-storage keys of spec §3. */
export const PURCHASE_STORAGE_KEYS = {
  payData: 'pay_data',
  machineId: 'machine_id',
  price: 'price',
  payStatus: 'payStatus',
  history: 'pay_history',
  returnToken: 'payment_return_token',
  returnedTransaction: 'payment_return_transaction',
  returnedSession: 'payment_return_session',
  /** Hyp's query, as public/payment-return.js found it at the top level (it writes this key itself). */
  hostedPageReturn: 'payment_return_hosted_page',
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
  /** A one-time token for a payment that leaves the page and comes back (Bit). */
  newReturnToken(): string {
    const token = crypto.randomUUID();
    localStore.setItem(PURCHASE_STORAGE_KEYS.returnToken, token);
    return token;
  },
  /** The pending return token, which can be used once. */
  takeReturnToken(): string | null {
    const token = localStore.getItem(PURCHASE_STORAGE_KEYS.returnToken);
    localStore.removeItem(PURCHASE_STORAGE_KEYS.returnToken);
    return token;
  },
  /** The operator's transaction of a payment that leaves the page (Bit), asked about when the browser is back. */
  rememberReturnedTransaction(transactionId: string, sessionId: string | undefined): void {
    localStore.setItem(PURCHASE_STORAGE_KEYS.returnedTransaction, transactionId);
    // The purchase's session (set_purchase's session_id): the page it returns to starts another one (menu/get).
    if (sessionId) localStore.setItem(PURCHASE_STORAGE_KEYS.returnedSession, sessionId);
    else localStore.removeItem(PURCHASE_STORAGE_KEYS.returnedSession);
  },
  /** The purchase's session for a payment whose result may come back to a new page (the hosted page). */
  rememberReturnedSession(sessionId: string | undefined): void {
    if (sessionId) localStore.setItem(PURCHASE_STORAGE_KEYS.returnedSession, sessionId);
    else localStore.removeItem(PURCHASE_STORAGE_KEYS.returnedSession);
  },
  /** Hyp's parameters that public/payment-return.js kept when the hosted page's return loaded at the top level. */
  hostedPageReturn: (): URLSearchParams | undefined => {
    const query = localStore.getItem(PURCHASE_STORAGE_KEYS.hostedPageReturn);
    return query === null ? undefined : new URLSearchParams(query);
  },
  forgetHostedPageReturn(): void {
    localStore.removeItem(PURCHASE_STORAGE_KEYS.hostedPageReturn);
  },
  returnedTransaction: (): string | null => localStore.getItem(PURCHASE_STORAGE_KEYS.returnedTransaction),
  /** The session of the purchase paid away from this page: the operator knows its transaction under it. */
  returnedSession: (): string | null => localStore.getItem(PURCHASE_STORAGE_KEYS.returnedSession),
  /** Spec §4: closing after success stores the purchase in the machine's history. */
  addToHistory(receipt: Receipt): void {
    const history = (readJson(PURCHASE_STORAGE_KEYS.history) as History | undefined) ?? {};
    const earlier = history[receipt.machineId] ?? [];
    history[receipt.machineId] = [receipt, ...earlier].slice(0, HISTORY_LIMIT);
    localStore.setItem(PURCHASE_STORAGE_KEYS.history, JSON.stringify(history));
  },
  latestPurchase: (machineId: string): Receipt | undefined =>
    storedReceipt((readJson(PURCHASE_STORAGE_KEYS.history) as History | undefined)?.[machineId]?.[0]),
};

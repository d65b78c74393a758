import type { PricedLine } from '../shared/pricing';
import { orderTotals, roundToCents } from '../shared/pricing';
import type { PaymentMethod } from './purchase.types';

/** One purchased product on the receipt. */
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

export function receiptOf(machineId: string, lines: readonly PricedLine[], currencySymbol: string): Receipt {
  const totals = orderTotals(lines);
  return {
    machineId,
    items: lines.map((line) => ({
      name: line.product.name,
      price: line.unitTotal,
      symbol: currencySymbol,
      count: line.count,
      amount: roundToCents(line.unitPrice * line.count),
    })),
    subtotal: totals.subtotal,
    serviceFee: totals.fees,
    total: totals.total,
    currencySymbol,
  };
}

import type { PricedLine } from './pricing';
import { orderTotals } from './pricing';

/** What the success page lists and what the machine's history keeps (spec §2, §3 "pay_data"). */
export interface Receipt {
  machineId: string;
  items: { name: string; price: number; symbol: string; count: number }[];
  subtotal: number;
  serviceFee: number;
  total: number;
  currencySymbol: string;
  transactionId?: string | undefined;
  /** ISO time of the payment. */
  paidAt?: string | undefined;
}

export function receiptOf(machineId: string, lines: readonly PricedLine[], currencySymbol: string): Receipt {
  const totals = orderTotals(lines);
  return {
    machineId,
    // Spec §3: stored lines carry the price including the fee.
    items: lines.map((line) => ({
      name: line.product.name,
      price: line.unitTotal,
      symbol: currencySymbol,
      count: line.count,
    })),
    subtotal: totals.subtotal,
    serviceFee: totals.fees,
    total: totals.total,
    currencySymbol,
  };
}

import type { PricedLine } from '../shared/pricing';
import { orderTotals, roundToCents } from '../shared/pricing';
import type { Receipt, ReceiptItem } from './purchase.types';

export type { Receipt, ReceiptItem };

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

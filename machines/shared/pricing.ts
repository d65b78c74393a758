import type { FeeType, Product, ProductId } from '../menu/menu.types';

/** Rounds to 2 decimals, half away from zero, without binary drift (1.005 -> 1.01). */
export function roundToCents(value: number): number {
  return Math.sign(value) * (Math.round(Math.abs(value) * 100 + 1e-9) / 100);
}

interface FeeRule {
  convenience_fee_type: FeeType;
  convenience_fee_value: number;
}

/** requirements.md §5: percent -> price x value / 100 rounded to 2 decimals; flat -> value to 2 decimals. */
export function convenienceFee(rule: FeeRule, price: number): number {
  return rule.convenience_fee_type === 'percent'
    ? roundToCents((price * rule.convenience_fee_value) / 100)
    : roundToCents(rule.convenience_fee_value);
}

/** A line's unit price as the visitor pays it: price + fee. */
export function priceWithFee(rule: FeeRule, price: number): number {
  return roundToCents(price + convenienceFee(rule, price));
}

/** What one purchase line costs, split as the success page shows it. */
export interface PricedLine {
  product: Product;
  count: number;
  /** The product price, or the amount the visitor typed in price-input mode. */
  unitPrice: number;
  unitFee: number;
  /** unitPrice + unitFee */
  unitTotal: number;
  lineTotal: number;
}

export function priceLine(product: Product, count: number, customPrice?: number): PricedLine {
  const unitPrice = customPrice ?? product.price;
  const unitFee = convenienceFee(product, unitPrice);
  const unitTotal = roundToCents(unitPrice + unitFee);
  return { product, count, unitPrice, unitFee, unitTotal, lineTotal: roundToCents(unitTotal * count) };
}

export interface OrderTotals {
  subtotal: number;
  fees: number;
  total: number;
}

/** Sums the lines with 2-decimal rounding (requirements.md §5). */
export function orderTotals(lines: readonly PricedLine[]): OrderTotals {
  const sum = (pick: (line: PricedLine) => number) =>
    roundToCents(lines.reduce((acc, line) => acc + pick(line) * line.count, 0));
  return {
    subtotal: sum((line) => line.unitPrice),
    fees: sum((line) => line.unitFee),
    total: roundToCents(lines.reduce((acc, line) => acc + line.lineTotal, 0)),
  };
}

/**
 * What a set_purchase line may say besides the product and the count, for the operator to price: the
 * amount typed on a price-input machine, or the span of an hourly machine (design.md §10).
 */
export type LinePricing = { custom_price: number } | { minutes: number };

/** One line of the body of POST /api/menu/set_purchase (requirements.md §3). */
export type PurchaseLineRequest = { product_id: ProductId; count: number } & Partial<LinePricing>;

export function toPurchaseRequest(lines: readonly PricedLine[], pricing?: LinePricing): PurchaseLineRequest[] {
  return lines.map((line) => ({ product_id: line.product.id, count: line.count, ...pricing }));
}

import type { Product } from '../menu/menu.types';
import { roundToCents, type PricedLine } from '../shared/pricing';
import { MINUTES_PER_HOUR } from '../shared/time-of-day';

/** requirements.md §5: hours times the hourly price; requirements.md §9: no service fee in the hourly flow. */
export function hourlyLine(product: Product, minutes: number): PricedLine {
  const price = roundToCents((product.price * minutes) / MINUTES_PER_HOUR);
  return { product, count: 1, unitPrice: price, unitFee: 0, unitTotal: price, lineTotal: price };
}

/**
 * The line to pay for a product over a span, or undefined when there is nothing to charge: no product,
 * no span (its charge is 0), or a span so short that its charge rounds to 0.00.
 */
export function chargeableLine(product: Product | undefined, minutes: number): PricedLine | undefined {
  if (!product) return undefined;
  const line = hourlyLine(product, minutes);
  return line.unitPrice > 0 ? line : undefined;
}

/**
 * The line to pay for a product over a span when its charge reaches the machine's minimum amount (the menu's
 * `minimum_amount`: the operator books nothing smaller); undefined otherwise.
 */
export function payableLine(
  product: Product | undefined,
  minutes: number,
  minimumAmount: number,
): PricedLine | undefined {
  const line = chargeableLine(product, minutes);
  return line && line.lineTotal >= minimumAmount ? line : undefined;
}

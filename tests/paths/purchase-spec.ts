/**
 * The purchase as the spec describes it, for the purchase's path oracle: which methods are offered, what
 * the visitor is charged, which product the SINGLE and QUANTITY views show. Written from the spec, in
 * cents, with types alone from the code: it never calls the selectors and pricing it is used to check
 * (eslint.config.js holds this file to type imports).
 */
import type { Menu, Product, ProductId } from '../../machines/menu/menu.types';
import type { PaymentMethod, PurchaseContext } from '../../machines/purchase/purchase.types';

/** An amount in whole agorot (cents), so that sums are exact. */
export const cents = (amount: number): number => Math.round(amount * 100);

/** One line of the order as the spec prices it, in cents. */
export interface SpecLine {
  productId: ProductId;
  count: number;
  /** The product's price, the typed amount, the hourly charge or the link's amount. */
  price: number;
  /** The convenience fee on one item. */
  fee: number;
}

/** requirements.md §5: percent -> price × value / 100 to the cent; flat -> the value to the cent. */
function feeOf(product: Product, price: number): number {
  return product.convenience_fee_type === 'percent'
    ? Math.round((price * product.convenience_fee_value) / 100)
    : cents(product.convenience_fee_value);
}

const withFee = (product: Product, count: number, price: number): SpecLine => ({
  productId: product.id,
  count,
  price,
  fee: feeOf(product, price),
});

const byId = (menu: Menu, id: ProductId | undefined) => menu.products.find((product) => product.id === id);

/**
 * What the visitor is charged for:
 * - a payment link (requirements.md §2 /customPaymentIframe): its amount, once, with no fee, on the machine's first
 *   product (none to book on and no payment intent: nothing);
 * - the vacuum (requirements.md §5, §9): the chosen product, hours × its hourly price, with a service fee of 0;
 * - a price-input machine (requirements.md §2, §5): its product once, at the typed amount, with the product's fee;
 * - any other view: each selected product at its price with its fee, × the counter on QUANTITY, else once.
 * Once the operator has booked the purchase, its own pricing is what the visitor is charged for.
 */
export function specLines(context: PurchaseContext): SpecLine[] {
  const { menu, orderSource, selectedIds, booking } = context;
  if (booking) {
    return booking.lines.map((line) => ({
      productId: line.productId,
      count: line.count,
      price: cents(line.unitPrice),
      fee: cents(line.unitFee),
    }));
  }
  switch (orderSource.kind) {
    case 'fixed': {
      const booked = menu.products[0];
      if (!booked && !orderSource.paymentIntent) return [];
      return [{ productId: booked?.id ?? '', count: 1, price: cents(orderSource.amount), fee: 0 }];
    }
    case 'hourly': {
      const product = byId(menu, selectedIds[0]);
      if (!product || !context.minutes) return [];
      return [
        { productId: product.id, count: 1, price: Math.round((cents(product.price) * context.minutes) / 60), fee: 0 },
      ];
    }
    case 'menu':
      break;
  }
  if (menu.product_view === 'PRICE_INPUT') {
    const product = menu.products[0];
    return product && context.customAmount ? [withFee(product, 1, cents(context.customAmount))] : [];
  }
  const count = menu.product_view === 'QUANTITY' ? context.quantity : 1;
  return selectedIds.flatMap((id) => {
    const product = byId(menu, id);
    return product ? [withFee(product, count, cents(product.price))] : [];
  });
}

/** requirements.md §2, §5: the items, their fees and the total "including all fees", in cents. */
export function specTotals(lines: readonly SpecLine[]): { subtotal: number; fees: number; total: number } {
  const sum = (pick: (line: SpecLine) => number) => lines.reduce((acc, line) => acc + pick(line) * line.count, 0);
  return {
    subtotal: sum((line) => line.price),
    fees: sum((line) => line.fee),
    total: sum((line) => line.price + line.fee),
  };
}

/** Bit's published terms (not the spec): a payment to a business is at least 5 NIS, in shekels only. */
const BIT_MINIMUM_AGOROT = 500;

/**
 * requirements.md §2 "Payment method selection", in the spec's order: Google Pay when the menu configures it and
 * Google's isReadyToPay answered true; Apple Pay when the menu configures it and the browser can pay with
 * it; the card provider's element when there is a
 * publishable key; for a non-Stripe card provider, card entry and card scan; Bit when enabled (and Bit
 * accepts the amount).
 */
export function specOfferedMethods(context: PurchaseContext): PaymentMethod[] {
  const config = context.menu.frontend_config;
  const cardFields = config.credit_card?.enabled === true && config.credit_card.type !== 'STRIP';
  const currency = context.orderSource.kind === 'fixed' ? context.orderSource.currency : context.menu.currency;
  const bitAccepts = currency === 'ILS' && specTotals(specLines(context)).total >= BIT_MINIMUM_AGOROT;
  const offered: Record<PaymentMethod, boolean> = {
    google_pay: config.google_pay !== undefined && context.googlePayReady === true,
    apple_pay: config.apple_pay !== undefined && context.applePayAvailable,
    stripe: Boolean(config.stripe?.publishableKey),
    credit_card: cardFields,
    // Withdrawn while the build names no scanner.
    card_scan: cardFields && context.cardScanOrigin !== undefined,
    bit: config.bit?.enabled === true && bitAccepts,
  };
  return (Object.keys(offered) as PaymentMethod[]).filter((method) => offered[method]);
}

/** requirements.md §2: SINGLE and QUANTITY show one product, the menu's first available one. */
export function specShownProduct(menu: Menu): Product | undefined {
  return menu.products.find((product) => product.available);
}

import { currencySymbol } from '../shared/currency';
import type { FrontendConfig, Menu, Product, ProductId } from '../menu/menu.types';
import { cardNetworks, type PaymentMark } from '../menu/payment-marks';
import type { FailureReason, PaymentOrder } from '../payment/payment.types';
import { isApplePayConfigured } from '../payment/methods/apple-pay/apple-pay.request';
import { isExplainedMethod, isOffered, marksOf } from '../payment/methods/registry';
import { hourlyLine } from '../vacuum/hourly';
import {
  orderTotals,
  priceLine,
  roundToCents,
  toPurchaseRequest,
  type LinePricing,
  type OrderTotals,
  type PricedLine,
} from '../shared/pricing';
import { PAYMENT_METHODS, type PaymentMethod, type PurchaseContext, type PurchaseSnapshot } from './purchase.types';
import { declineWordsOf } from '../payment/decline-words';

export const MAX_QUANTITY = 99;

/** requirements.md §9: the country sent to the wallets. */
export const DEFAULT_COUNTRY = 'IL';

/** What is selected when the product view first shows (requirements.md §2). */
export function initialSelection(menu: Menu): ProductId[] {
  const available = menu.products.filter((product) => product.available);
  switch (menu.product_view) {
    case 'LIST': {
      const popular = available.find((product) => product.is_most_popular);
      return popular ? [popular.id] : [];
    }
    case 'SINGLE':
    case 'QUANTITY':
      return available[0] ? [available[0].id] : [];
    case 'GRID':
    case 'PRICE_INPUT':
      return [];
  }
}

export function findProduct(menu: Menu, id: ProductId | undefined): Product | undefined {
  return menu.products.find((product) => product.id === id);
}

type LinesContext = Pick<
  PurchaseContext,
  'menu' | 'orderSource' | 'selectedIds' | 'quantity' | 'customAmount' | 'minutes' | 'booking'
>;

/**
 * The products the visitor is buying, priced with their fees: as the operator priced them once the
 * purchase is booked, until then as the menu prices the selection.
 */
export function pricedLines(context: LinesContext): PricedLine[] {
  const shown = selectedLines(context);
  const { booking } = context;
  if (!booking) return shown;
  return booking.lines.map((line) => ({
    product:
      shown.find((candidate) => sameId(candidate.product.id, line.productId))?.product ??
      findProduct(context.menu, line.productId) ??
      namedProduct({ id: line.productId, name: line.name, price: line.unitPrice }),
    count: line.count,
    unitPrice: line.unitPrice,
    unitFee: line.unitFee,
    unitTotal: roundToCents(line.unitPrice + line.unitFee),
    lineTotal: line.lineTotal,
  }));
}

/** What the purchase costs: the operator's figures once booked, else the sum of the selection's lines. */
export function orderTotalsOf(context: LinesContext): OrderTotals {
  return context.booking?.totals ?? orderTotals(selectedLines(context));
}

const sameId = (one: ProductId, other: ProductId) => String(one) === String(other);

/** A product that is not on the menu as the page shows it: a payment link's line, or one only the operator named. */
function namedProduct({ id, name, price, image_url = '' }: Pick<Product, 'id' | 'name' | 'price'> & Partial<Product>) {
  const product: Product = {
    id,
    name,
    description: name,
    price,
    image_url,
    available: true,
    is_most_popular: false,
    convenience_fee_type: 'flat',
    convenience_fee_value: 0,
  };
  return product;
}

/** The selection priced as the menu prices it: what set_purchase is asked to book. */
function selectedLines(context: LinesContext): PricedLine[] {
  const { menu, orderSource } = context;
  if (orderSource.kind === 'fixed') return fixedLines(menu, orderSource);
  if (orderSource.kind === 'hourly') {
    const product = findProduct(menu, context.selectedIds[0]);
    return product && context.minutes ? [hourlyLine(product, context.minutes)] : [];
  }
  if (menu.product_view === 'PRICE_INPUT') {
    const product = menu.products[0];
    return product && context.customAmount ? [priceLine(product, 1, context.customAmount)] : [];
  }
  const count = menu.product_view === 'QUANTITY' ? context.quantity : 1;
  return context.selectedIds.flatMap((id) => {
    const product = findProduct(menu, id);
    return product ? [priceLine(product, count)] : [];
  });
}

/**
 * The one line of a payment link: its amount under its description, with no fee. It is booked on the
 * machine's first product, unless the operator already holds the payment (a payment intent).
 */
function fixedLines(menu: Menu, source: Extract<PurchaseContext['orderSource'], { kind: 'fixed' }>): PricedLine[] {
  const booked = menu.products[0];
  if (!booked && !source.paymentIntent) return [];
  const product = namedProduct({
    id: booked?.id ?? '',
    name: source.label,
    price: source.amount,
    image_url: booked?.image_url ?? '',
  });
  return [priceLine(product, 1)];
}

/** The amount sent as custom_price: what the visitor typed, the hourly charge, or the link's amount. */
function customPriceOf(context: PurchaseContext): number | undefined {
  switch (context.orderSource.kind) {
    case 'fixed':
      return context.orderSource.amount;
    case 'hourly':
      return selectedLines(context)[0]?.unitPrice;
    case 'menu':
      return context.menu.product_view === 'PRICE_INPUT' ? context.customAmount : undefined;
  }
}

/** The currency the visitor pays in: a payment link's own, otherwise the machine's. */
export function orderCurrency(context: Pick<PurchaseContext, 'menu' | 'orderSource' | 'booking'>): {
  currency: string;
  symbol: string;
} {
  const { menu, orderSource, booking } = context;
  if (booking && booking.currency !== menu.currency) {
    return { currency: booking.currency, symbol: currencySymbol(booking.currency) };
  }
  return orderSource.kind === 'fixed'
    ? { currency: orderSource.currency, symbol: currencySymbol(orderSource.currency) }
    : { currency: menu.currency, symbol: menu.currency_symbol };
}

/** What every payment method is told about the purchase. */
export function paymentOrder(context: PurchaseContext): PaymentOrder {
  const lines = pricedLines(context);
  const { currency, symbol } = orderCurrency(context);
  return {
    machineId: context.machineId,
    visitorUuid: context.sessionId,
    lines,
    total: orderTotalsOf(context).total,
    currency,
    currencySymbol: symbol,
    countryCode: DEFAULT_COUNTRY,
    customPrice: customPriceOf(context),
    deferredPayment: context.orderSource.kind === 'fixed' && context.orderSource.deferredPayment,
    config: context.menu.frontend_config,
  };
}

/**
 * What set_purchase is told to price: the products and counts, with the typed amount on a price-input
 * machine or the chosen span on an hourly one. Never a price the operator would take on trust: it prices
 * the lines from its own menu (a payment link is booked by its signed address instead: book_link).
 */
function linePricing(context: PurchaseContext): LinePricing | undefined {
  if (context.orderSource.kind === 'hourly') return context.minutes ? { minutes: context.minutes } : undefined;
  return showsPriceInput(context) && context.customAmount ? { custom_price: context.customAmount } : undefined;
}

const showsPriceInput = (context: PurchaseContext) =>
  context.orderSource.kind === 'menu' && context.menu.product_view === 'PRICE_INPUT';

export function purchaseRequest(context: PurchaseContext) {
  return toPurchaseRequest(selectedLines(context), linePricing(context));
}

type OfferContext = Pick<
  PurchaseContext,
  | 'menu'
  | 'applePayAvailable'
  | 'googlePayReady'
  | 'cardScanOrigin'
  | 'orderSource'
  | 'selectedIds'
  | 'quantity'
  | 'customAmount'
  | 'minutes'
  | 'booking'
>;

/**
 * requirements.md §2: the payment options that the machine's frontend_config enables (and the order's amount allows);
 * a wallet only where this browser can pay with it (Google's isReadyToPay, Apple's canMakePayments); card
 * scan only where the build names its scanner.
 */
export function offeredMethods(context: OfferContext): PaymentMethod[] {
  const facts = {
    config: context.menu.frontend_config,
    currency: orderCurrency(context).currency,
    total: orderTotalsOf(context).total,
    googlePayReady: context.googlePayReady,
    applePayAvailable: context.applePayAvailable,
    cardScanOrigin: context.cardScanOrigin,
  };
  // Each method's own rule (its entry in machines/payment/methods/), in the method list's order.
  return PAYMENT_METHODS.filter((method) => isOffered(method, facts));
}

export const needsPopup = isExplainedMethod;

/** An offered method as the method list shows it: its marks, and whether they are the card networks it takes. */
export interface MethodOption {
  method: PaymentMethod;
  takesCard: boolean;
  marks: readonly PaymentMark[];
}

export const selectLines = (snapshot: PurchaseSnapshot) => pricedLines(snapshot.context);
export const selectTotals = (snapshot: PurchaseSnapshot) => orderTotalsOf(snapshot.context);
/**
 * The one product the SINGLE and QUANTITY views show: the product the purchase charges (its first
 * available one, requirements.md §2), read from the priced selection so the two cannot differ. None when none is available.
 */
export const selectShownProduct = (snapshot: PurchaseSnapshot): Product | undefined =>
  selectedLines(snapshot.context)[0]?.product;
export const selectCurrencySymbol = (snapshot: PurchaseSnapshot) => orderCurrency(snapshot.context).symbol;
export const selectOfferedMethods = (snapshot: PurchaseSnapshot) => offeredMethods(snapshot.context);
export const selectMethodOptions = (snapshot: PurchaseSnapshot): MethodOption[] =>
  offeredMethods(snapshot.context).map((method) => {
    const marks = marksOf(method);
    return marks === 'cardNetworks'
      ? { method, takesCard: true, marks: cardNetworks(snapshot.context.menu.frontend_config) }
      : { method, takesCard: false, marks };
  });
/** The method whose popup is open (requirements.md §2), if one is. */
export const selectExplainedMethod = (snapshot: PurchaseSnapshot) => {
  const { method } = snapshot.context;
  return snapshot.matches({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' }) && needsPopup(method) ? method : undefined;
};
/**
 * requirements.md §2's 'applePayNotAvailable': Apple Pay is configured and this browser has Apple Pay, but cannot pay
 * with it (an Apple device without a usable card). A browser without Apple Pay (Android, Chrome) is not told.
 */
export const selectApplePayUnavailable = (snapshot: PurchaseSnapshot) =>
  isApplePayConfigured(snapshot.context.menu.frontend_config.apple_pay) &&
  snapshot.context.applePaySupported &&
  !snapshot.context.applePayAvailable;
export const selectCanContinue = (snapshot: PurchaseSnapshot) => snapshot.can({ type: 'purchase.continue' });
export const selectDrawerOpen = (snapshot: PurchaseSnapshot) => snapshot.hasTag('drawerOpen');

/** What every payment step shows of the order: who is paid, at which machine, for what, and how much. */
export interface OrderSummary {
  /** The merchant's name as the wallets show it; undefined when the machine's configuration names none. */
  merchant: string | undefined;
  machineId: string;
  /** The items, each "name" or "count × name". */
  items: string[];
  total: number;
  symbol: string;
}

/** The merchant's name the wallets already show the visitor (Apple Pay's displayName, Google Pay's merchantName). */
function merchantName(config: FrontendConfig): string | undefined {
  const googleName = config.google_pay?.merchantInfo['merchantName'];
  return config.apple_pay?.displayName ?? (typeof googleName === 'string' ? googleName : undefined);
}

export const selectOrderSummary = (snapshot: PurchaseSnapshot): OrderSummary => {
  const { context } = snapshot;
  const lines = pricedLines(context);
  return {
    merchant: merchantName(context.menu.frontend_config),
    machineId: context.machineId,
    items: lines.map((line) => (line.count > 1 ? `${line.count} × ${line.product.name}` : line.product.name)),
    total: orderTotalsOf(context).total,
    symbol: orderCurrency(context).symbol,
  };
};

/**
 * Whether money moved, in plain words (GOV.UK Pay's rule: every failure says it): 'notCharged' when the
 * failure came before a charge or the provider or operator refused it; 'unknown' when a pay call got no
 * clear answer, so only the operator can tell.
 */
export type ChargeState = 'notCharged' | 'unknown';

const UNKNOWN_CHARGE: readonly FailureReason[] = ['unconfirmed', 'serverError', 'unexpectedFrameUrl'];

export const selectChargeState = (snapshot: PurchaseSnapshot): ChargeState | undefined => {
  const result = snapshot.context.result;
  if (result?.outcome !== 'failed') return undefined;
  return result.reason && UNKNOWN_CHARGE.includes(result.reason) ? 'unknown' : 'notCharged';
};

/**
 * An HTTP status is the operator refusing the call itself (409: the purchase is already paid, or a payment for it is
 * under way; 429 …), not a provider's decline: its own sentence says what happened, and no card was refused.
 */
const refusedByOperator = (code: string | number | undefined) => typeof code === 'number' && code >= 400 && code < 600;

/** The operator's own sentence when it refused the call itself (see `refusedByOperator`); nothing otherwise. */
export const selectOperatorRefusal = (snapshot: PurchaseSnapshot): string | undefined => {
  const result = snapshot.context.result;
  return result?.outcome === 'failed' && refusedByOperator(result.code) ? result.message : undefined;
};

/**
 * A refusal in the visitor's words for its code, and the code to quote to support: when the app has no reason
 * of its own (the operator's or the provider's answer), or when the provider's code says more than it (a
 * decline the operator reports as not charged, with the provider's code for it).
 */
export const selectDeclineWords = (snapshot: PurchaseSnapshot) => {
  const result = snapshot.context.result;
  if (result?.outcome !== 'failed' || refusedByOperator(result.code)) return undefined;
  const decline = declineWordsOf(result);
  return result.reason === undefined || decline.words !== 'unknown' ? decline : undefined;
};

/** Why the purchase could not be submitted, as the visitor is told. */
export type SubmitFailure = 'linkExpired' | 'linkAlreadyPaid' | 'failed';

/**
 * A payment link's booking (book_link) the operator refuses because the link has expired (410) or its
 * purchase is already paid (409) has words of its own; any other failure is the generic contact-support text.
 */
export function selectSubmitFailure({
  context: { submitFailure, orderSource },
}: PurchaseSnapshot): SubmitFailure | undefined {
  if (submitFailure === undefined) return undefined;
  if (orderSource.kind === 'fixed' && submitFailure.kind === 'http') {
    if (submitFailure.status === 410) return 'linkExpired';
    if (submitFailure.status === 409) return 'linkAlreadyPaid';
  }
  return 'failed';
}

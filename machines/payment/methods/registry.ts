/**
 * Every payment method the purchase runs, each declared in its own folder (methods/<method>/method.ts) and listed
 * here once, under the id its chart is invoked under (docs/adding-a-payment-method.md). The purchase chart's method
 * states and edges, the offered methods, the popups and the method list's marks are all read from here; the app's
 * effects and step views are listed in src/payments/registry.ts and src/payments/steps.tsx.
 */
import type { PaymentMethod } from '../../purchase/purchase.types';
import { applePay } from './apple-pay/method';
import { bit } from './bit/method';
import { cardFields } from './card-fields/method';
import { cardScan } from './card-scan/method';
import { googlePay } from './google-pay/method';
import { hostedPage } from './hosted-page/method';
import type { OfferFacts, PaymentMethodEntry } from './payment-method';
import { stripe } from './stripe/method';

/** In the order of INIT_METHOD_PENDING's states (the method list's own order is PAYMENT_METHODS, purchase.types.ts). */
export const PAYMENT_METHOD_ENTRIES = { googlePay, applePay, cardFields, hostedPage, stripe, cardScan, bit } as const;

/** The id each method's chart is invoked under (the views find its step by it in the purchase's children). */
export type MethodActor = keyof typeof PAYMENT_METHOD_ENTRIES;

export const METHOD_ACTORS = Object.keys(PAYMENT_METHOD_ENTRIES) as MethodActor[];

const ENTRIES: readonly PaymentMethodEntry[] = Object.values(PAYMENT_METHOD_ENTRIES);

/** The registered methods with their chart's id, in the registry's order. */
export const methodEntries = (which: (entry: PaymentMethodEntry) => boolean = () => true) =>
  METHOD_ACTORS.filter((actor) => which(PAYMENT_METHOD_ENTRIES[actor])).map((actor) => ({
    actor,
    ...PAYMENT_METHOD_ENTRIES[actor],
  }));

type Entries = typeof PAYMENT_METHOD_ENTRIES;

/** A method that first explains itself in a popup. */
export type ExplainedMethod = {
  [TId in MethodActor]: Entries[TId]['explainsFirst'] extends true ? Entries[TId]['method'] : never;
}[MethodActor];

/** requirements.md §2: the methods that first explain themselves in a popup. */
export const METHODS_WITH_POPUP = [
  ...new Set(ENTRIES.filter((entry) => entry.explainsFirst).map((entry) => entry.method)),
] as readonly ExplainedMethod[];

export const isExplainedMethod = (method: PaymentMethod | undefined): method is ExplainedMethod =>
  (METHODS_WITH_POPUP as readonly (PaymentMethod | undefined)[]).includes(method);

/** Whether a method is offered: one of its entries is (card entry has one per provider). */
export const isOffered = (method: PaymentMethod, facts: OfferFacts) =>
  ENTRIES.some((entry) => entry.method === method && entry.offered(facts));

/** How a method is marked on the method list (every entry of one method is marked alike). */
export const marksOf = (method: PaymentMethod) => ENTRIES.find((entry) => entry.method === method)?.marks ?? [];

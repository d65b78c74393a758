import type { AnyStateMachine, InputFrom, OutputFrom } from 'xstate';
import type { CardProvider, FrontendConfig } from '../../menu/menu.types';
import type { PaymentMark } from '../../menu/payment-marks';
import type { PaymentMethod, PurchaseContext } from '../../purchase/purchase.types';
import type { PaymentOrder } from '../payment.types';

/** What the purchase knows when it decides whether a method is offered (purchase.selectors.ts offeredMethods). */
export interface OfferFacts {
  config: FrontendConfig;
  /** ISO 4217: the order's currency. */
  currency: string;
  total: number;
  /** Google's isReadyToPay answer; unknown until the method list is first opened. */
  googlePayReady: boolean | undefined;
  /** Whether this browser can pay with Apple Pay here (canMakePayments). */
  applePayAvailable: boolean;
  /** The card scanner's origin as the build names it; none withdraws card scan. */
  cardScanOrigin: string | undefined;
}

/** The purchase chart's guard that tells the visitor chose this method (on the method list's and the popup's edges). */
export type ChosenWhen = { type: 'methodIs'; params: PaymentMethod } | { type: 'cardEntryWith'; params: CardProvider };

/**
 * One payment method as the purchase chart runs it: everything about the method that is a rule, kept in the method's
 * own folder (machines/payment/methods/<method>/method.ts) and listed once in methods/registry.ts under the id its chart is invoked under. Its effects and
 * its step view are the app's side of it (src/payments/<method>/).
 */
export interface PaymentMethodEntry<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The method's name on the operator's API and in the method list. Card entry has two providers, two entries. */
  method: PaymentMethod;
  /** The state of INIT_METHOD_PENDING that runs the chart (kept stable: the path tests and the pictures name it). */
  state: string;
  machine: TMachine;
  /** What the chart is started with: the order, and whatever else the method needs from the purchase. */
  input: (order: PaymentOrder, context: PurchaseContext) => InputFrom<TMachine>;
  /** requirements.md §2: whether it is offered for this machine, order and browser. */
  offered: (facts: OfferFacts) => boolean;
  chosenWhen: ChosenWhen;
  /** requirements.md §2: it first explains itself in a popup (locales `popup.<method>`). */
  explainsFirst: boolean;
  /** The marks beside it on the method list: its own, or the card networks the machine accepts for a card. */
  marks: readonly PaymentMark[] | 'cardNetworks';
  /**
   * Every outcome its chart can end with, each listed once: the compiler refuses a missing one and one the chart
   * cannot end with, so the purchase has no edge no run can take.
   */
  endings: Record<OutputFrom<TMachine>['outcome'], true>;
  /**
   * It can fail without a verdict (a pay call without an answer, a payment the provider still processes): the
   * purchase then asks the operator instead of failing.
   */
  mayEndUnconfirmed: boolean;
}

/**
 * Declares a method, its types checked against its own chart; its name and whether it explains itself stay literal, so
 * the registry can name the methods with a popup (their texts, locales `popup.<method>`) by type.
 */
/* eslint-disable @typescript-eslint/no-unnecessary-type-parameters -- const parameters keep the literals */
export const paymentMethod = <
  TMachine extends AnyStateMachine,
  const TMethod extends PaymentMethod,
  const TExplainsFirst extends boolean,
>(
  entry: PaymentMethodEntry<TMachine> & { method: TMethod; explainsFirst: TExplainsFirst },
) => entry;
/* eslint-enable @typescript-eslint/no-unnecessary-type-parameters */

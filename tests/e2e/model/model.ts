/**
 * The models of the purchase chart and of every payment method's chart: each event a driver (a
 * visitor's action or an answer of the app or the sandbox), each state a check of the screen, and
 * the few edges no browser can produce, with the reason. See docs/statecharts.md, "Path tests for QA".
 * Each chart's model is in charts/, the pieces they share in shared.ts and scenarios.ts.
 */
import type { PaymentModel } from './runner';
import { applePayModel } from './charts/apple-pay';
import { bitModel } from './charts/bit';
import { cardFieldsModel } from './charts/card-fields';
import { cardScanModel } from './charts/card-scan';
import { googlePayModel } from './charts/google-pay';
import { hostedPageModel } from './charts/hosted-page';
import { stripeModel } from './charts/stripe';

export { purchaseModel } from './charts/purchase';
export { applePayModel, bitModel, cardFieldsModel, cardScanModel, googlePayModel, hostedPageModel, stripeModel };

export const paymentModels: readonly PaymentModel[] = [
  googlePayModel,
  applePayModel,
  cardFieldsModel,
  hostedPageModel,
  stripeModel,
  cardScanModel,
  bitModel,
];

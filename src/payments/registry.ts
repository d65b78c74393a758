/**
 * The app's effects of every payment method the charts' registry lists (machines/payment/methods/registry.ts), each
 * from the method's own folder src/payments/<method>/: its chart with the effects, under the id the purchase invokes
 * it by. The compiler asks for one per registered method; providePayments (src/actors/payments.ts) reads it. The
 * steps are listed apart (steps.tsx): they load with the drawer, while these start with /pay.
 */
import type { MethodActor, PAYMENT_METHOD_ENTRIES } from '../../machines/payment/methods/registry';
import type { ApiClient } from '../api/client';
import { applePayEffects } from './apple-pay/apple-pay.effects';
import { bitEffects } from './bit/bit.effects';
import { cardFieldsEffects } from './card-fields/card-fields.effects';
import { cardScanEffects } from './card-scan/card-scan.effects';
import { googlePayEffects } from './google-pay/google-pay.effects';
import { hostedPageEffects } from './hosted-page/hosted-page.effects';
import { stripeEffects } from './stripe/stripe.effects';

/** Each method's chart with the app's effects (its provider's adapter, the operator's calls), loaded on demand. */
export const METHOD_EFFECTS: {
  [TId in MethodActor]: (api: ApiClient) => (typeof PAYMENT_METHOD_ENTRIES)[TId]['machine'];
} = {
  googlePay: googlePayEffects,
  applePay: applePayEffects,
  cardFields: cardFieldsEffects,
  hostedPage: hostedPageEffects,
  stripe: stripeEffects,
  cardScan: cardScanEffects,
  bit: bitEffects,
};

/**
 * The app's side of every payment method the charts' registry lists (machines/payment/methods/registry.ts), each from
 * the method's own folder src/payments/<method>/: its chart with the app's effects, and its step in the drawer. The
 * compiler asks for one entry per registered method; providePayments (src/actors/payments.ts) and PaymentStage read
 * it, and neither names a method (docs/adding-a-payment-method.md).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MethodActor, PAYMENT_METHOD_ENTRIES } from '../../machines/payment/methods/registry';
import type { ApiClient } from '../api/client';
import { Spinner } from '../components/Spinner';
import { applePayEffects } from './apple-pay/apple-pay.effects';
import { ApplePayStep } from './apple-pay/ApplePayStep';
import { bitEffects } from './bit/bit.effects';
import { BitStep } from './bit/BitStep';
import { cardFieldsEffects } from './card-fields/card-fields.effects';
import { CardFieldsStep } from './card-fields/CardFieldsStep';
import { cardScanEffects } from './card-scan/card-scan.effects';
import { CardScanStep } from './card-scan/CardScanStep';
import { googlePayEffects } from './google-pay/google-pay.effects';
import { GooglePayStep } from './google-pay/GooglePayStep';
import { hostedPageEffects } from './hosted-page/hosted-page.effects';
import { HostedPageStep } from './hosted-page/HostedPageStep';
import type { MethodRef } from './method-ref';
import { stripeEffects } from './stripe/stripe.effects';

// Stripe's libraries load only when a visitor pays with Stripe.
const StripeStep = lazy(() => import('./stripe/StripeStep'));

function LazyStripeStep({ stripeRef }: { stripeRef: MethodRef<'stripe'> }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('payment.stripe.loading')} showLabel />}>
      <StripeStep stripeRef={stripeRef} />
    </Suspense>
  );
}

/** One registered method as the app runs it. */
interface MethodInApp<TId extends MethodActor> {
  /** Its chart with the app's effects (its provider's adapter, the operator's calls), invoked under the same id. */
  effects: (api: ApiClient) => (typeof PAYMENT_METHOD_ENTRIES)[TId]['machine'];
  /** Its step in the drawer while its chart runs. */
  step: (running: MethodRef<TId>, supportPhone: string) => ReactNode;
}

export const METHODS_IN_APP: { [TId in MethodActor]: MethodInApp<TId> } = {
  googlePay: { effects: googlePayEffects, step: (running) => <GooglePayStep googlePay={running} /> },
  applePay: { effects: applePayEffects, step: (running) => <ApplePayStep applePay={running} /> },
  cardFields: { effects: cardFieldsEffects, step: (running) => <CardFieldsStep cardFields={running} /> },
  hostedPage: {
    effects: hostedPageEffects,
    step: (running, supportPhone) => <HostedPageStep hostedPage={running} supportPhone={supportPhone} />,
  },
  stripe: { effects: stripeEffects, step: (running) => <LazyStripeStep stripeRef={running} /> },
  cardScan: { effects: cardScanEffects, step: (running) => <CardScanStep cardScan={running} /> },
  bit: { effects: bitEffects, step: () => <BitStep /> },
};

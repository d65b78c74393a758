/**
 * Each registered payment method's step in the drawer (machines/payment/methods/registry.ts), from the method's own
 * folder src/payments/<method>/, under its chart's id: the compiler asks for one per registered method, and
 * PaymentStage reads it. Kept apart from the effects (registry.ts): the steps load with the drawer, not with /pay.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MethodActor } from '../../machines/payment/methods/registry';
import { Spinner } from '../components/Spinner';
import { ApplePayStep } from './apple-pay/ApplePayStep';
import { BitStep } from './bit/BitStep';
import { CardFieldsStep } from './card-fields/CardFieldsStep';
import { CardScanStep } from './card-scan/CardScanStep';
import { GooglePayStep } from './google-pay/GooglePayStep';
import { HostedPageStep } from './hosted-page/HostedPageStep';
import type { MethodRef } from './method-ref';

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

export const METHOD_STEPS: {
  [TId in MethodActor]: (running: MethodRef<TId>, supportPhone: string) => ReactNode;
} = {
  googlePay: (running) => <GooglePayStep googlePay={running} />,
  applePay: (running) => <ApplePayStep applePay={running} />,
  cardFields: (running) => <CardFieldsStep cardFields={running} />,
  hostedPage: (running, supportPhone) => <HostedPageStep hostedPage={running} supportPhone={supportPhone} />,
  stripe: (running) => <LazyStripeStep stripeRef={running} />,
  cardScan: (running) => <CardScanStep cardScan={running} />,
  bit: () => <BitStep />,
};

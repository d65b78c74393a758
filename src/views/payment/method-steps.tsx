import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { MethodActor, PAYMENT_METHOD_ENTRIES } from '../../../machines/payment/methods/registry';
import { Spinner } from '../../components/Spinner';
import { ApplePayStep } from './ApplePayStep';
import { BitStep } from './BitStep';
import { CardFieldsStep } from './CardFieldsStep';
import { CardScanStep } from './CardScanStep';
import { GooglePayStep } from './GooglePayStep';
import { HostedPageStep } from './HostedPageStep';
import type { StripeRef } from './payment-refs';

// Stripe's libraries load only when a visitor pays with Stripe.
const StripeStep = lazy(() => import('./StripeStep'));

function LazyStripeStep({ stripeRef }: { stripeRef: StripeRef }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('payment.stripe.loading')} showLabel />}>
      <StripeStep stripeRef={stripeRef} />
    </Suspense>
  );
}

export type MethodRef<TId extends MethodActor> = ActorRefFrom<(typeof PAYMENT_METHOD_ENTRIES)[TId]['machine']>;

/**
 * Each payment method's step, under the id its chart runs under (machines/payment/methods/registry.ts): the compiler
 * asks for one step per registered method.
 */
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

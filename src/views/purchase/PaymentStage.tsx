import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { ApplePayStep } from '../payment/ApplePayStep';
import { BitStep } from '../payment/BitStep';
import { CardFieldsStep } from '../payment/CardFieldsStep';
import { CardScanStep } from '../payment/CardScanStep';
import { FailurePage } from '../payment/FailurePage';
import { GooglePayStep } from '../payment/GooglePayStep';
import { HostedPageStep } from '../payment/HostedPageStep';
import { SuccessPage } from '../payment/SuccessPage';
import { MethodChooser } from './MethodChooser';
import { MethodPopup } from './MethodPopup';
import type { PurchaseRef } from './purchase-ref';

// Stripe's libraries load only when a visitor pays with Stripe.
const StripeStep = lazy(() => import('../payment/StripeStep'));

/** What the drawer shows in each purchase stage. */
export function PaymentStage({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { t } = useTranslation();
  const children = useSelector(purchase, (snapshot) => snapshot.children);
  const stage = useSelector(purchase, (snapshot) => {
    if (snapshot.matches({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' })) return 'explaining';
    if (snapshot.matches('SELECT_PAYMENT_METHOD')) return 'choosing';
    if (snapshot.matches('INIT_METHOD_PENDING')) return 'pending';
    if (snapshot.matches('PAYMENT_SUCCESS')) return 'success';
    if (snapshot.matches('PAYMENT_FAILURE')) return 'failure';
    return 'closed';
  });
  switch (stage) {
    case 'choosing':
      return <MethodChooser purchase={purchase} />;
    case 'explaining':
      return (
        <>
          <MethodChooser purchase={purchase} />
          <MethodPopup purchase={purchase} />
        </>
      );
    case 'pending':
      if (children.googlePay) return <GooglePayStep googlePay={children.googlePay} />;
      if (children.applePay) return <ApplePayStep applePay={children.applePay} />;
      if (children.cardFields) return <CardFieldsStep cardFields={children.cardFields} />;
      if (children.hostedPage) return <HostedPageStep hostedPage={children.hostedPage} supportPhone={supportPhone} />;
      if (children.cardScan) return <CardScanStep cardScan={children.cardScan} />;
      if (children.bit) return <BitStep />;
      if (children.stripe) {
        return (
          <Suspense fallback={<Spinner label={t('payment.stripe.loading')} showLabel />}>
            <StripeStep stripeRef={children.stripe} />
          </Suspense>
        );
      }
      return null;
    case 'success':
      return <SuccessPage purchase={purchase} supportPhone={supportPhone} />;
    case 'failure':
      return <FailurePage purchase={purchase} supportPhone={supportPhone} />;
    case 'closed':
      return null;
  }
}

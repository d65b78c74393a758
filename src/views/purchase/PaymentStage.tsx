import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectOrderSummary,
  type OrderSummary as OrderSummaryData,
} from '../../../machines/purchase/purchase.selectors';
import { OrderSummary } from '../../components/OrderSummary';
import { Spinner } from '../../components/Spinner';
import { ApplePayStep } from '../payment/ApplePayStep';
import { BitStep } from '../payment/BitStep';
import { CardFieldsStep } from '../payment/CardFieldsStep';
import { CardScanStep } from '../payment/CardScanStep';
import { FailurePage } from '../payment/FailurePage';
import { GooglePayStep } from '../payment/GooglePayStep';
import { HostedPageStep } from '../payment/HostedPageStep';
import { SuccessPage } from '../payment/SuccessPage';
import { ReturnedPaymentStep } from '../payment/ReturnedPaymentStep';
import { MethodChooser } from './MethodChooser';
import { MethodPopup } from './MethodPopup';
import type { PurchaseRef } from './purchase-ref';

// Stripe's libraries load only when a visitor pays with Stripe.
const StripeStep = lazy(() => import('../payment/StripeStep'));

type Stage = 'choosing' | 'explaining' | 'pending' | 'checking' | 'success' | 'failure' | 'closed';

/**
 * What the drawer shows in each purchase stage, and a live region that is there from the first stage:
 * a screen reader announces the result's title when it arrives (a region mounted with its text may not be).
 */
export function PaymentStage({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { t } = useTranslation();
  const stage = useSelector(purchase, (snapshot): Stage => {
    if (snapshot.matches({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' })) return 'explaining';
    if (snapshot.matches('SELECT_PAYMENT_METHOD')) return 'choosing';
    if (snapshot.matches('INIT_METHOD_PENDING')) return 'pending';
    if (snapshot.matches('CheckingReturnedPayment')) return 'checking';
    if (snapshot.matches('PAYMENT_SUCCESS')) return 'success';
    if (snapshot.matches('PAYMENT_FAILURE')) return 'failure';
    return 'closed';
  });
  const summary = useSelector(purchase, selectOrderSummary, sameSummary);
  return (
    <>
      {stage !== 'closed' && stage !== 'success' && (
        // The method list has the spec's own line, "Total … including all fees", right under the summary.
        <OrderSummary summary={summary} withTotal={stage !== 'choosing' && stage !== 'explaining'} />
      )}
      <StageContent stage={stage} purchase={purchase} supportPhone={supportPhone} />
      <p className="visually-hidden" role="status">
        {stage === 'success' ? t('success.title') : stage === 'failure' ? t('failure.title') : ''}
      </p>
    </>
  );
}

/** The summary is a new object on every snapshot: compare what it shows, so a step renders only when that changes. */
const sameSummary = (a: OrderSummaryData, b: OrderSummaryData) =>
  a.merchant === b.merchant &&
  a.machineId === b.machineId &&
  a.total === b.total &&
  a.symbol === b.symbol &&
  a.items.join('\n') === b.items.join('\n');

function StageContent({
  stage,
  purchase,
  supportPhone,
}: {
  stage: Stage;
  purchase: PurchaseRef;
  supportPhone: string;
}) {
  const children = useSelector(purchase, (snapshot) => snapshot.children);
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
      // INIT_METHOD_PENDING: the chosen method's own step (the test id names the stage for QA).
      return (
        <div data-testid="method-pending">
          <MethodStep running={children} supportPhone={supportPhone} />
        </div>
      );
    case 'checking':
      return <ReturnedPaymentStep purchase={purchase} supportPhone={supportPhone} />;
    case 'success':
      return <SuccessPage purchase={purchase} supportPhone={supportPhone} />;
    case 'failure':
      return <FailurePage purchase={purchase} supportPhone={supportPhone} />;
    case 'closed':
      return null;
  }
}

/** The actors the purchase runs now: at most one payment method's machine among them. */
type PurchaseChildren = ReturnType<PurchaseRef['getSnapshot']>['children'];

function MethodStep({ running, supportPhone }: { running: PurchaseChildren; supportPhone: string }) {
  const { t } = useTranslation();
  if (running.googlePay) return <GooglePayStep googlePay={running.googlePay} />;
  if (running.applePay) return <ApplePayStep applePay={running.applePay} />;
  if (running.cardFields) return <CardFieldsStep cardFields={running.cardFields} />;
  if (running.hostedPage) return <HostedPageStep hostedPage={running.hostedPage} supportPhone={supportPhone} />;
  if (running.cardScan) return <CardScanStep cardScan={running.cardScan} />;
  if (running.bit) return <BitStep />;
  if (running.stripe) {
    return (
      <Suspense fallback={<Spinner label={t('payment.stripe.loading')} showLabel />}>
        <StripeStep stripeRef={running.stripe} />
      </Suspense>
    );
  }
  return null;
}

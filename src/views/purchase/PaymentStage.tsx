import { useSelector } from '@xstate/react';
import { METHOD_ACTORS, type MethodActor } from '../../../machines/payment/methods/registry';
import { useTranslation } from 'react-i18next';
import {
  selectOrderSummary,
  type OrderSummary as OrderSummaryData,
} from '../../../machines/purchase/purchase.selectors';
import { OrderSummary } from '../../components/OrderSummary';
import { FailurePage } from '../payment/FailurePage';
import type { MethodRef } from '../../payments/method-ref';
import { METHOD_STEPS } from '../../payments/steps';
import { SuccessPage } from '../payment/SuccessPage';
import { ReturnedPaymentStep } from '../payment/ReturnedPaymentStep';
import { MachineNotResponding } from './MachineNotResponding';
import { MethodChooser } from './MethodChooser';
import { MethodPopup } from './MethodPopup';
import type { PurchaseRef } from './purchase-ref';

type Stage =
  'choosing' | 'explaining' | 'pending' | 'checking' | 'success' | 'failure' | 'machineNotResponding' | 'closed';

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
    if (snapshot.matches('MachineNotResponding')) return 'machineNotResponding';
    return 'closed';
  });
  const summary = useSelector(purchase, selectOrderSummary, sameSummary);
  return (
    <>
      {stage !== 'closed' && (
        // The method list has the spec's own line, "Total … including all fees", right under the summary.
        <OrderSummary summary={summary} withTotal={stage !== 'choosing' && stage !== 'explaining'} />
      )}
      <StageContent stage={stage} purchase={purchase} supportPhone={supportPhone} />
      <p className="visually-hidden" role="status">
        {stage === 'success'
          ? t('success.title')
          : stage === 'failure'
            ? t('failure.title')
            : stage === 'machineNotResponding'
              ? t('machineNotResponding.title')
              : ''}
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
    case 'machineNotResponding':
      return <MachineNotResponding purchase={purchase} supportPhone={supportPhone} />;
    case 'closed':
      return null;
  }
}

/** The actors the purchase runs now: at most one payment method's machine among them. */
type PurchaseChildren = ReturnType<PurchaseRef['getSnapshot']>['children'];

function MethodStep({ running, supportPhone }: { running: PurchaseChildren; supportPhone: string }) {
  const actor = METHOD_ACTORS.find((id) => running[id] !== undefined);
  return actor === undefined ? null : methodStep(actor, running, supportPhone);
}

/** The step of the method running under `actor` (each method's step: METHOD_STEPS, src/payments/steps.tsx). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- ties the ref to its own step's type
function methodStep<TId extends MethodActor>(actor: TId, running: PurchaseChildren, supportPhone: string) {
  const ref = running[actor];
  return ref ? METHOD_STEPS[actor](ref as unknown as MethodRef<TId>, supportPhone) : null;
}

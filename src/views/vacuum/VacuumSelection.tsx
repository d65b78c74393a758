import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { selectDrawerOpen, selectSubmitFailure } from '../../../machines/purchase/purchase.selectors';
import { selectCanContinue, selectStage } from '../../../machines/vacuum/vacuum.selectors';
import { MenuSkeleton } from '../../components/MenuSkeleton';
import { ContinueAction } from '../purchase/ContinueAction';
import type { PurchaseRef } from '../purchase/purchase-ref';
import { isOfferStage, LoyaltyOffer } from './LoyaltyOffer';
import { VacuumGrid } from './VacuumGrid';
import type { VacuumRef } from './vacuum-ref';

// The time drawer (and framer-motion) load after the grid has shown.
const TimeDrawer = lazy(() => import('./TimeDrawer'));

/**
 * /vacuum before payment (requirements.md §2): the hourly products, the loyalty popup and the time drawer,
 * driven by the vacuum chart the purchase spawned. Loaded only by pages with an hourly order.
 */
export default function VacuumSelection({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { ready } = useTranslation('vacuum');
  const vacuum = useSelector(purchase, (snapshot) => snapshot.context.vacuum);
  // The grid's skeleton stays until the grid can show: the page goes from skeleton to grid, nothing between.
  if (!ready || !vacuum) return <MenuSkeleton shape="grid" />;
  return <VacuumFlow purchase={purchase} vacuum={vacuum} supportPhone={supportPhone} />;
}

function VacuumFlow({
  purchase,
  vacuum,
  supportPhone,
}: {
  purchase: PurchaseRef;
  vacuum: VacuumRef;
  supportPhone: string;
}) {
  const symbol = useSelector(purchase, (snapshot) => snapshot.context.menu.currency_symbol);
  const paymentDrawerOpen = useSelector(purchase, selectDrawerOpen);
  const submitting = useSelector(purchase, (snapshot) => snapshot.hasTag('busy'));
  const submitFailure = useSelector(purchase, selectSubmitFailure);
  const stage = useSelector(vacuum, selectStage);
  const canContinue = useSelector(vacuum, selectCanContinue);
  const continueRef = useRef<HTMLButtonElement>(null);

  // Back on the grid from the popup or the time drawer: focus returns to Continue, where it left.
  const previousStage = useRef(stage);
  useEffect(() => {
    if (stage === 'choosingProduct' && previousStage.current !== 'choosingProduct') continueRef.current?.focus();
    previousStage.current = stage;
  }, [stage]);

  return (
    <>
      <div className="purchase" inert={stage !== 'choosingProduct' || paymentDrawerOpen}>
        <VacuumGrid vacuum={vacuum} symbol={symbol} />
        <ContinueAction
          buttonRef={continueRef}
          ready={canContinue}
          busy={submitting}
          failure={submitFailure}
          supportPhone={supportPhone}
          onContinue={() => {
            // While the purchase is being submitted the button is disabled, as on /pay.
            if (!submitting) vacuum.send({ type: 'selection.continue' });
          }}
        />
      </div>
      {isOfferStage(stage) && <LoyaltyOffer vacuum={vacuum} stage={stage} symbol={symbol} />}
      <Suspense fallback={null}>
        <TimeDrawer vacuum={vacuum} symbol={symbol} />
      </Suspense>
    </>
  );
}

import { useSelector } from '@xstate/react';
import { lazy, Suspense, useRef } from 'react';
import {
  selectCanContinue,
  selectDrawerOpen,
  selectSubmitFailure,
} from '../../../machines/purchase/purchase.selectors';
import { MenuSkeleton } from '../../components/MenuSkeleton';
import { ContinueAction } from './ContinueAction';
import { AmountKeypad } from './products/AmountKeypad';
import { NothingToSell } from './products/NothingToSell';
import { ProductChoices } from './products/ProductChoices';
import { QuantityPicker } from './products/QuantityPicker';
import { SingleProduct } from './products/SingleProduct';
import { PaymentDrawerOnDemand } from './PaymentDrawerOnDemand';
import type { PurchaseRef } from './purchase-ref';

// /vacuum's grid, loyalty popup and time drawer: fetched only for an hourly order.
const VacuumSelection = lazy(() => import('../vacuum/VacuumSelection'));
// A payment link's description, picture and amount: fetched only on /customPaymentIframe.
const PaymentLinkIntro = lazy(() => import('../custom/PaymentLinkIntro'));

export function PurchaseView({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const continueRef = useRef<HTMLButtonElement>(null);
  const menu = useSelector(purchase, (snapshot) => snapshot.context.menu);
  const amountEntry = useSelector(purchase, (snapshot) => snapshot.context.amountEntry);
  const drawerOpen = useSelector(purchase, selectDrawerOpen);
  const busy = useSelector(purchase, (snapshot) => snapshot.hasTag('busy'));
  const submitFailure = useSelector(purchase, selectSubmitFailure);
  const productsReady = useSelector(purchase, selectCanContinue);
  const amountReady = useSelector(amountEntry, (snapshot) => snapshot?.matches('Payable') === true);
  const canContinue = amountEntry ? amountReady : productsReady;
  const hourly = useSelector(purchase, (snapshot) => snapshot.context.orderSource.kind === 'hourly');
  const paymentLink = useSelector(purchase, (snapshot) => snapshot.context.orderSource.kind === 'fixed');

  // A payment link names its own amount; with a payment intent it needs no product of the machine.
  if (menu.products.length === 0 && !paymentLink) {
    return <NothingToSell />;
  }

  if (hourly) {
    return (
      <>
        <Suspense fallback={<MenuSkeleton shape="grid" />}>
          <VacuumSelection purchase={purchase} supportPhone={supportPhone} />
        </Suspense>
        <PaymentDrawerOnDemand purchase={purchase} supportPhone={supportPhone} />
      </>
    );
  }

  const onContinue = () => {
    // In price-input mode the keypad confirms the amount; it tells the purchase when it is valid.
    if (amountEntry) amountEntry.send({ type: 'amount.confirm' });
    else purchase.send({ type: 'purchase.continue' });
  };

  const continueAction = (
    <ContinueAction
      buttonRef={continueRef}
      ready={canContinue}
      busy={busy}
      onContinue={onContinue}
      failure={submitFailure}
      supportPhone={supportPhone}
    />
  );

  return (
    <>
      <div className="purchase" inert={drawerOpen}>
        {paymentLink ? (
          // Continue comes with the link's words, never before them: appearing above it, they would move
          // the button under a finger already pressing it.
          <Suspense fallback={<MenuSkeleton shape="link" />}>
            <PaymentLinkIntro purchase={purchase} continueAction={continueAction} />
          </Suspense>
        ) : (
          <>
            {menu.product_view === 'LIST' && <ProductChoices purchase={purchase} layout="list" />}
            {menu.product_view === 'GRID' && <ProductChoices purchase={purchase} layout="grid" />}
            {menu.product_view === 'SINGLE' && <SingleProduct purchase={purchase} />}
            {menu.product_view === 'QUANTITY' && <QuantityPicker purchase={purchase} />}
            {amountEntry && (
              <AmountKeypad amountEntry={amountEntry} currencySymbol={menu.currency_symbol} listening={!drawerOpen} />
            )}
            {continueAction}
          </>
        )}
      </div>
      <PaymentDrawerOnDemand purchase={purchase} supportPhone={supportPhone} returnFocusTo={continueRef} />
    </>
  );
}

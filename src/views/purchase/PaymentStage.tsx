import { useSelector } from '@xstate/react';
import { MethodChooser } from './MethodChooser';
import { MethodPending } from './MethodPending';
import { MethodPopup } from './MethodPopup';
import type { PurchaseRef } from './purchase-ref';

/** What the drawer shows in each purchase stage. */
export function PaymentStage({ purchase }: { purchase: PurchaseRef }) {
  const stage = useSelector(purchase, (snapshot) => {
    if (snapshot.matches({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' })) return 'explaining';
    if (snapshot.matches('SELECT_PAYMENT_METHOD')) return 'choosing';
    if (snapshot.matches('INIT_METHOD_PENDING')) return 'pending';
    return 'other';
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
      return <MethodPending purchase={purchase} />;
    case 'other':
      return null;
  }
}

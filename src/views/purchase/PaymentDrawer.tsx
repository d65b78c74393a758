import { useSelector } from '@xstate/react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { selectDrawerOpen } from '../../../machines/purchase/purchase.selectors';
import Drawer from '../../components/Drawer';
import { PaymentStage } from './PaymentStage';
import type { PurchaseRef } from './purchase-ref';

export interface PaymentDrawerProps {
  purchase: PurchaseRef;
  supportPhone: string;
  /** The button that opens the drawer, which gets focus back when it closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The payment drawer and its stages: loaded after the product view, as nothing here is needed first. */
export default function PaymentDrawer({ purchase, supportPhone, returnFocusTo }: PaymentDrawerProps) {
  const { t } = useTranslation();
  const open = useSelector(purchase, selectDrawerOpen);
  return (
    <Drawer
      open={open}
      title={t('drawer.title')}
      closeLabel={t('drawer.close')}
      onClose={() => purchase.send({ type: 'drawer.close' })}
      returnFocusTo={returnFocusTo}
    >
      <PaymentStage purchase={purchase} supportPhone={supportPhone} />
    </Drawer>
  );
}

import { useSelector } from '@xstate/react';
import { MachineIdentity } from '../../components/MachineIdentity';
import type { PurchaseRef } from '../purchase/purchase-ref';

/** The receipt names the machine that was paid, as its page's header did. */
export function ReceiptMachineIdentity({ purchase }: { purchase: PurchaseRef }) {
  const identity = useSelector(purchase, (snapshot) => snapshot.context.menu.identity);
  return <MachineIdentity identity={identity} className="machine-identity--receipt" />;
}

import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { selectDrawerOpen } from '../../../machines/purchase/purchase.selectors';
import { startIntlWarmUp } from '../../lib/intl-warm-up';
import type { PaymentDrawerProps } from './PaymentDrawer';

const PaymentDrawer = lazy(() => import('./PaymentDrawer'));

const FIRST_TOUCH = ['pointerdown', 'keydown'] as const;

/**
 * The payment drawer's code (with the animation library) is fetched on the visitor's first tap or key
 * press — it has until set_purchase answers — or at once when the purchase opens on a drawer stage (back
 * from Bit). Fetched with the first render, it competed with the product list on a slow phone. Once
 * fetched it stays mounted, so closing the drawer still animates. The Intl warm-up worker starts then too:
 * the list needed no Intl, the outcome's times and dates will (src/lib/intl-warm-up.ts).
 */
export function PaymentDrawerOnDemand({ purchase, supportPhone, returnFocusTo }: PaymentDrawerProps) {
  const drawerOpen = useSelector(purchase, selectDrawerOpen);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) return;
    const touch = () => setTouched(true);
    for (const type of FIRST_TOUCH) window.addEventListener(type, touch, { capture: true, once: true });
    return () => {
      for (const type of FIRST_TOUCH) window.removeEventListener(type, touch, { capture: true });
    };
  }, [touched]);
  const needed = touched || drawerOpen;
  // After the render that mounts the drawer, not in the touch's own handler: the worker's start waits.
  useEffect(() => {
    if (needed) startIntlWarmUp();
  }, [needed]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <PaymentDrawer purchase={purchase} supportPhone={supportPhone} returnFocusTo={returnFocusTo} />
    </Suspense>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { useDeferredValue, useEffect, useState } from 'react';
import { takeEarlyMenu } from '../api/early-menu';
import { returnedBitPayment } from '../payments/bit/bit-return';
import { returnedHostedPayment } from '../payments/hosted-page/hosted-page-return';
import { PageFrame } from '../components/PageFrame';
import { PayPage } from '../views/pay/PayPage';

const paySearchSchema = v.object({
  machine_id: v.optional(v.pipe(v.string(), v.trim())),
  /** Spec §2: `machine_close=true` shows the machine as not active. */
  machine_close: v.optional(v.string()),
  // Bit's page sends the visitor back with the token of the redirect, and no verdict: the operator has it.
  bit_return: v.optional(v.string()),
  // The hosted page's return loaded at the top level (public/payment-return.js): its one-time marker.
  hosted_page_return: v.optional(v.string()),
});

export const Route = createFileRoute('/pay')({
  validateSearch: paySearchSchema,
  // index.html's early script asked for the menu before any module ran (src/early-menu.ts); the page's chart
  // takes that answer. Loaded once: a later visit to the same address (Bit's return) finds nothing left to take.
  loader: () => ({ earlyMenu: takeEarlyMenu() }),
  staleTime: Infinity,
  component: PayRoute,
});

function PayRoute() {
  const { machine_id = '', machine_close, bit_return, hosted_page_return } = Route.useSearch();
  const { earlyMenu } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  // Read once: the return is checked once, and the address loses Bit's token so a reload starts afresh.
  const [returnedPayment] = useState(
    () => returnedBitPayment(machine_id, bit_return) ?? returnedHostedPayment(machine_id, hosted_page_return),
  );
  useEffect(() => {
    if (bit_return !== undefined || hosted_page_return !== undefined)
      void navigate({ search: { machine_id }, replace: true });
  }, [bit_return, hosted_page_return, machine_id, navigate]);
  // The page's charts start in a render React can schedule apart from the task that has just evaluated
  // this route's code: together they would block a slow phone's main thread for too long.
  const started = useDeferredValue(true, false);
  if (!started) return <PageFrame ready={false} />;
  return (
    <PayPage
      key={machine_id}
      machineId={machine_id}
      machineClosed={machine_close === 'true'}
      returnedPayment={returnedPayment}
      earlyMenu={earlyMenu}
    />
  );
}

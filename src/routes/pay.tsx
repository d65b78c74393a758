import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { useDeferredValue } from 'react';
import { takeEarlyMenu } from '../api/early-menu';
import { useReturnedPayment } from '../lib/use-returned-payment';
import { PageFrame } from '../components/PageFrame';
import { PayPage } from '../views/pay/PayPage';

const paySearchSchema = v.object({
  machine_id: v.optional(v.pipe(v.string(), v.trim())),
  /** The code of the machine's QR sticker, which the operator checks is the machine's (contract: menu/get). */
  qr: v.optional(v.pipe(v.string(), v.trim())),
  /** requirements.md §2: `machine_close=true` shows the machine as not active. */
  machine_close: v.optional(v.string()),
  // An earlier version's Bit return address (its one-time token): dropped from the address.
  bit_return: v.optional(v.string()),
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
  const { machine_id = '', qr, machine_close, bit_return } = Route.useSearch();
  const { earlyMenu } = Route.useLoaderData();
  const returnedPayment = useReturnedPayment(machine_id, bit_return, { machine_id, qr, machine_close });
  // The page's charts start in a render React can schedule apart from the task that has just evaluated
  // this route's code: together they would block a slow phone's main thread for too long.
  const started = useDeferredValue(true, false);
  if (!started) return <PageFrame ready={false} />;
  return (
    <PayPage
      // Another machine or sticker is another page: start afresh.
      key={`${machine_id} ${qr ?? ''}`}
      machineId={machine_id}
      proof={{ qr }}
      machineClosed={machine_close === 'true'}
      returnedPayment={returnedPayment}
      earlyMenu={earlyMenu}
    />
  );
}

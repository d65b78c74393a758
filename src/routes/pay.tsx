import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PayPage } from '../views/pay/PayPage';

const paySearchSchema = v.object({
  machine_id: v.optional(v.pipe(v.string(), v.trim())),
  /** Spec §2: `machine_close=true` shows the machine as not active. */
  machine_close: v.optional(v.string()),
});

export const Route = createFileRoute('/pay')({
  validateSearch: paySearchSchema,
  component: PayRoute,
});

function PayRoute() {
  const { machine_id = '', machine_close } = Route.useSearch();
  return <PayPage key={machine_id} machineId={machine_id} machineClosed={machine_close === 'true'} />;
}

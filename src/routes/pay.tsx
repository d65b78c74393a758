import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PayPage } from '../views/pay/PayPage';

/** The router parses `?machine_id=12` as a number and `machine_close=true` as a boolean. */
const paySearchSchema = v.object({
  machine_id: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((id) => String(id).trim()),
    ),
    '',
  ),
  machine_close: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((flag) => flag === true || flag === 'true'),
    ),
    false,
  ),
});

export const Route = createFileRoute('/pay')({
  validateSearch: paySearchSchema,
  component: PayRoute,
});

function PayRoute() {
  const { machine_id, machine_close } = Route.useSearch();
  return <PayPage key={machine_id} machineId={machine_id} machineClosed={machine_close} />;
}

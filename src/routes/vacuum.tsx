import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import type { OrderSource } from '../../machines/purchase/purchase.types';
import { clockTime } from '../../machines/shared/time-of-day';
import { promotionStorage } from '../lib/promotion-storage';
import { useReturnedPayment } from '../lib/use-returned-payment';
import { PayPage } from '../views/pay/PayPage';

const vacuumSearchSchema = v.object({
  machine_id: v.optional(v.pipe(v.string(), v.trim())),
  /** The code of the machine's QR sticker, which the operator checks is the machine's (contract: menu/get). */
  qr: v.optional(v.pipe(v.string(), v.trim())),
  /** As on /pay: `machine_close=true` shows the machine as not active. */
  machine_close: v.optional(v.string()),
  /** As on /pay: an earlier version's Bit return token, dropped from the address. */
  bit_return: v.optional(v.string()),
});

export const Route = createFileRoute('/vacuum')({
  validateSearch: vacuumSearchSchema,
  component: VacuumRoute,
});

/** requirements.md §2 /vacuum: the /pay page with an hourly order (splash, grid, loyalty offer, time drawer). */
function VacuumRoute() {
  const { machine_id = '', qr, machine_close, bit_return } = Route.useSearch();
  const returnedPayment = useReturnedPayment(machine_id, bit_return, { machine_id, qr, machine_close });
  // Read once: both time pickers start at the time the page opened; a member is not offered the promotion.
  const [orderSource] = useState<OrderSource>(() => ({
    kind: 'hourly',
    now: clockTime(new Date()),
    promotionMember: promotionStorage.isMember(),
  }));
  return (
    <PayPage
      // Another machine or sticker is another page: start afresh.
      key={`${machine_id} ${qr ?? ''}`}
      machineId={machine_id}
      proof={{ qr }}
      machineClosed={machine_close === 'true'}
      orderSource={orderSource}
      returnedPayment={returnedPayment}
    />
  );
}

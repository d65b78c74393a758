import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ReturnedPayment } from '../../machines/purchase/purchase.types';
import { purchaseStorage } from './purchase-storage';

/**
 * What a page that takes payments (/pay, /vacuum, a payment link) finds when it opens: the payment this
 * browser started on this machine and did not see end (a reload, a return from Bit in this tab or
 * another), read once, which the purchase asks the operator about. An address with an earlier version's
 * `bit_return` keeps only the page's own parameters (`settledSearch`: those its route reads), so nothing
 * else the address brought (a made-up verdict) stays in it.
 */
export function useReturnedPayment(
  machineId: string,
  bitReturn: string | undefined,
  settledSearch: Readonly<Record<string, string | undefined>>,
): ReturnedPayment | undefined {
  const navigate = useNavigate();
  const [returnedPayment] = useState(() => purchaseStorage.paymentUnderway(machineId));
  // Read once, with the token: the address is settled once.
  const [settled] = useState(settledSearch);
  useEffect(() => {
    if (bitReturn !== undefined) void navigate({ to: '.', search: () => settled, replace: true });
  }, [bitReturn, navigate, settled]);
  return returnedPayment;
}

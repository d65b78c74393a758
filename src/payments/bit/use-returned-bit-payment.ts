import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ReturnedPayment } from '../../../machines/purchase/purchase.types';
import { returnedBitPayment } from './bit-return';

/**
 * What a page Bit returns to (/pay, /vacuum, a payment link) does with its address's `bit_return`: the
 * return is checked once, and the address keeps only the page's own parameters (`settledSearch`: those
 * its route reads), without the token, so a reload starts afresh and nothing else the address brought (a
 * made-up verdict) stays in it.
 */
export function useReturnedBitPayment(
  machineId: string,
  bitReturn: string | undefined,
  settledSearch: Readonly<Record<string, string | undefined>>,
): ReturnedPayment | undefined {
  const navigate = useNavigate();
  const [returnedPayment] = useState(() => returnedBitPayment(machineId, bitReturn));
  // Read once, with the token: the address is settled once.
  const [settled] = useState(settledSearch);
  useEffect(() => {
    if (bitReturn !== undefined) void navigate({ to: '.', search: () => settled, replace: true });
  }, [bitReturn, navigate, settled]);
  return returnedPayment;
}

import type { ReturnedPayment } from '../../../machines/purchase/purchase.types';
import { purchaseStorage } from '../../lib/purchase-storage';

export interface BitReturnParams {
  bit_return?: string | undefined;
  bit_status?: string | undefined;
  transaction_id?: string | undefined;
  message?: string | undefined;
}

/**
 * The verdict Bit brought back, for the purchase this browser sent there: the return carries the
 * one-time token of that redirect, the pay status is pending and the machine is the same. Any other
 * address carrying Bit's parameters (replayed, shared or made up) shows nothing.
 */
export function returnedBitPayment(machineId: string, params: BitReturnParams): ReturnedPayment | undefined {
  if (!params.bit_status) return undefined;
  const receipt = purchaseStorage.rememberedPurchase();
  const approved = params.bit_status === 'approved';
  const expectedReturn = purchaseStorage.takeReturnToken();
  if (
    !expectedReturn ||
    params.bit_return !== expectedReturn ||
    purchaseStorage.payStatus() !== 'pending' ||
    receipt?.machineId !== machineId
  ) {
    return undefined;
  }
  return approved
    ? {
        result: { outcome: 'succeeded', transactionId: params.transaction_id },
        receipt: { ...receipt, transactionId: params.transaction_id, paidAt: new Date().toISOString() },
      }
    : { result: { outcome: 'failed', message: params.message, transactionId: params.transaction_id }, receipt };
}

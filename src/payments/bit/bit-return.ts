import type { ReturnedPayment } from '../../../machines/purchase/purchase.types';
import { purchaseStorage } from '../../lib/purchase-storage';

export interface BitReturnParams {
  bit_status?: string | undefined;
  transaction_id?: string | undefined;
  message?: string | undefined;
}

/**
 * The verdict Bit brought back, for the purchase this browser sent there (pay status pending, same
 * machine); a link carrying Bit's parameters without such a purchase shows nothing.
 */
export function returnedBitPayment(machineId: string, params: BitReturnParams): ReturnedPayment | undefined {
  const receipt = purchaseStorage.rememberedPurchase();
  const approved = params.bit_status === 'approved';
  if (!params.bit_status || purchaseStorage.payStatus() !== 'pending' || receipt?.machineId !== machineId) {
    return undefined;
  }
  return approved
    ? {
        result: { outcome: 'succeeded', transactionId: params.transaction_id },
        receipt: { ...receipt, transactionId: params.transaction_id, paidAt: new Date().toISOString() },
      }
    : { result: { outcome: 'failed', message: params.message, transactionId: params.transaction_id }, receipt };
}

import type { ApiError } from '../shared/api-failure';
import { PAY_STATUS_OK, type PaymentOrder, type PaymentResult, type PayResponse } from './payment.types';

export interface PaymentContext {
  order: PaymentOrder;
  result: PaymentResult;
}

/** Every payment machine starts from the order and ends with a result (its output). */
export const initialPaymentContext = ({ input }: { input: { order: PaymentOrder } }): PaymentContext => ({
  order: input.order,
  result: { outcome: 'abandoned' },
});

export const paymentOutput = ({ context }: { context: PaymentContext }): PaymentResult => context.result;

export const isPayApproved = (response: PayResponse) => response.status === PAY_STATUS_OK;

/** Spec §4: status 0 succeeds with the message and transaction id; anything else fails with both. */
export function resultOfPayResponse(response: PayResponse): PaymentResult {
  return isPayApproved(response)
    ? { outcome: 'succeeded', transactionId: response.transactionId, message: response.msg }
    : { outcome: 'failed', transactionId: response.transactionId, message: response.msg, code: response.status };
}

/** A failed call to the operator: its own message when it gave one, else the generic failure. */
export function resultOfCallError(error: unknown): PaymentResult {
  const failure = (error as Partial<ApiError> | undefined)?.failure;
  return failure?.kind === 'http' && failure.message
    ? { outcome: 'failed', message: failure.message, code: failure.status }
    : { outcome: 'failed', reason: 'paymentFailed' };
}

/**
 * A failed call that charges (or confirms a charge): without any answer (offline, a time-out) the
 * charge may still have gone through, so the visitor is told to check before paying again.
 */
export function resultOfPayCallError(error: unknown): PaymentResult {
  const failure = (error as Partial<ApiError> | undefined)?.failure;
  return failure?.kind === 'offline' || failure?.kind === 'timeout'
    ? { outcome: 'failed', reason: 'unconfirmed' }
    : resultOfCallError(error);
}

/** The visitor closed the drawer before paying: back to product selection. */
export const ABANDONED: PaymentResult = { outcome: 'abandoned' };

/**
 * The oracle shared by the payment methods' path tests, from requirements.md §4's payment states: a method is
 * `Idle` until the visitor pays, `Processing` while the pay action is in flight, then ends `Success`,
 * `Failed`, `Abandoned` (the drawer closed before paying) or `Cancelled` (card scan only), and its
 * output is the result the purchase reads. Each test file writes its own `next` (where each answer
 * leads); the contract below holds for every method.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import type { PaymentResult, PayResponse } from '../../machines/payment/payment.types';
import type { PaymentContext } from '../../machines/payment/payment.shared';
import { ApiError } from '../../machines/shared/api-failure';
import { expectTags, to, type Expectation, type Oracle } from './edge-coverage';

/** What the method ended with: its final state's output, as the purchase receives it. */
const resultOf = (snapshot: AnyMachineSnapshot) => snapshot.output as PaymentResult;

/** Ends as failed; `result` holds what the visitor is told (a reason, the operator's words ...). */
export const fails = (result: Partial<Extract<PaymentResult, { outcome: 'failed' }>> = {}): Expectation =>
  to('Failed', (after) => expect(resultOf(after)).toMatchObject({ outcome: 'failed', ...result }));

export const succeeds = (transactionId?: string): Expectation =>
  to('Success', (after) =>
    expect(resultOf(after)).toMatchObject(
      transactionId ? { outcome: 'succeeded', transactionId } : { outcome: 'succeeded' },
    ),
  );

export const abandons = (): Expectation =>
  to('Abandoned', (after) => expect(resultOf(after)).toEqual({ outcome: 'abandoned' }));

/**
 * requirements.md §4 "Pay response": status 0 succeeds with its transaction id; 1, the operator's decline, fails
 * with its words (the operator says no money moved); any other answer is no verdict: 'unconfirmed', so the
 * purchase asks the operator (the app says "not charged" only when the operator does).
 */
export const payAnswered = ({ status, msg, transactionId }: PayResponse): Expectation => {
  if (status === 0) return succeeds(transactionId);
  return status === 1
    ? fails({ message: msg, code: status, transactionId })
    : fails({ reason: 'unconfirmed', transactionId });
};

/**
 * requirements.md §8: a failed call to the operator shows its own message when it gave one, else 'Payment failed.';
 * a failed *pay* call (any failure: no answer, an HTTP error, an answer the app cannot read) may have charged:
 * 'unconfirmed'.
 */
export function callFailed(error: unknown, { charges }: { charges: boolean }): Expectation {
  const failure = error instanceof ApiError ? error.failure : undefined;
  if (charges) return fails({ reason: 'unconfirmed' });
  return failure?.kind === 'http' && failure.message
    ? fails({ message: failure.message, code: failure.status })
    : fails({ reason: 'paymentFailed' });
}

/** The final state of each outcome: a method's output always matches where it ended. */
const ENDINGS: Record<PaymentResult['outcome'], string> = {
  succeeded: 'Success',
  failed: 'Failed',
  abandoned: 'Abandoned',
  cancelled: 'Cancelled',
};

interface PaymentOracle {
  next: (before: AnyMachineSnapshot, event: EventObject) => Expectation;
  /** The states the views show a loader for (the `loading` tag). */
  loading: readonly StateValue[];
}

export function paymentOracle({ next, loading }: PaymentOracle): Oracle {
  return {
    next,
    contract: (snapshot) => {
      expectTags(snapshot, { processing: ['Processing'], loading });
      // Busy means no second pay call can start.
      if (snapshot.hasTag('processing'))
        expect(snapshot.can({ type: 'payment.start' }), 'pay while paying').toBe(false);
      const { order } = snapshot.context as PaymentContext;
      expect(order.total, 'the amount is never negative').toBeGreaterThanOrEqual(0);
      if (snapshot.status === 'done') {
        const output = resultOf(snapshot);
        expect(snapshot.matches(ENDINGS[output.outcome]), `ends ${output.outcome}`).toBe(true);
        // Every ending but Abandoned hands on the result kept on the way there.
        if (output.outcome !== 'abandoned')
          expect(output, 'the output is the kept result').toEqual((snapshot.context as PaymentContext).result);
      }
    },
  };
}

/** How every payment method turns the operator's answer or a failed call into its result (requirements.md §4, §8). */
import { describe, expect, it } from 'vitest';
import { endingOutput, resultOfCallError, resultOfPayCallError } from '../../machines/payment/payment.shared';
import { ApiError } from '../../machines/shared/api-failure';

describe('a failed call to the operator', () => {
  it("fails with the operator's message and status when it gave one", () => {
    const error = new ApiError({ kind: 'http', status: 402, message: 'Card declined' });
    expect(resultOfCallError(error)).toEqual({ outcome: 'failed', message: 'Card declined', code: 402 });
    expect(resultOfPayCallError(error)).toEqual({ outcome: 'failed', message: 'Card declined', code: 402 });
  });

  it('a pay call without any answer may have charged: the visitor is told to check first', () => {
    expect(resultOfPayCallError(new ApiError({ kind: 'offline' }))).toEqual({
      outcome: 'failed',
      reason: 'unconfirmed',
    });
    expect(resultOfPayCallError(new ApiError({ kind: 'timeout' }))).toEqual({
      outcome: 'failed',
      reason: 'unconfirmed',
    });
  });

  it.each([
    ['nothing at all', undefined],
    ['an error that is not the API’s', new TypeError('Failed to fetch')],
    ['an http failure without a message', new ApiError({ kind: 'http', status: 500 })],
  ])('%s: the generic payment failure (requirements.md §8)', (_, error) => {
    expect(resultOfCallError(error)).toEqual({ outcome: 'failed', reason: 'paymentFailed' });
    expect(resultOfPayCallError(error)).toEqual({ outcome: 'failed', reason: 'paymentFailed' });
  });
});

describe("a payment machine's output: its final state's", () => {
  const bitEnding = endingOutput('failed', 'abandoned');

  it('hands on a result that is one of the method’s endings', () => {
    const failed = { outcome: 'failed', reason: 'paymentFailed' };
    expect(bitEnding({ event: { output: failed } })).toBe(failed);
    expect(bitEnding({ event: { output: { outcome: 'abandoned' } } })).toEqual({ outcome: 'abandoned' });
  });

  it.each([
    ['no result (a final state reached without one)', undefined],
    ['null', null],
    ['an object without an outcome', { message: 'Approved' }],
    ['an ending the method does not have', { outcome: 'succeeded', transactionId: 'tx-1' }],
  ])('refuses %s rather than pass it on as a result', (_, output) => {
    expect(() => bitEnding({ event: { output } })).toThrow(
      'a payment ended without one of its results (failed, abandoned)',
    );
  });
});

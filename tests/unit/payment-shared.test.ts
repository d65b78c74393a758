/** How every payment method turns the operator's answer or a failed call into its result (requirements.md §4, §8). */
import { describe, expect, it } from 'vitest';
import { resultOfCallError, resultOfPayCallError } from '../../machines/payment/payment.shared';
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

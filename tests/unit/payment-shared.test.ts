/** How every payment method turns the operator's answer or a failed call into its result (requirements.md §4, §8). */
import { describe, expect, it } from 'vitest';
import {
  endingOutput,
  resultOfCallError,
  resultOfPayCallError,
  resultOfPayResponse,
} from '../../machines/payment/payment.shared';
import { ApiError } from '../../machines/shared/api-failure';

describe('a failed call to the operator', () => {
  it("fails with the operator's message and status when it gave one", () => {
    const error = new ApiError({ kind: 'http', status: 402, message: 'Card declined' });
    expect(resultOfCallError(error)).toEqual({ outcome: 'failed', message: 'Card declined', code: 402 });
  });

  it.each([
    ['nothing at all', undefined],
    ['an error that is not the API’s', new TypeError('Failed to fetch')],
    ['an http failure without a message', new ApiError({ kind: 'http', status: 500 })],
  ])('%s: the generic payment failure (requirements.md §8)', (_, error) => {
    expect(resultOfCallError(error)).toEqual({ outcome: 'failed', reason: 'paymentFailed' });
  });

  it.each([
    ['offline', new ApiError({ kind: 'offline' })],
    ['a time-out', new ApiError({ kind: 'timeout' })],
    ['an HTTP error with the operator’s words', new ApiError({ kind: 'http', status: 409, message: 'Already paid' })],
    ['a server error', new ApiError({ kind: 'http', status: 500 })],
    ['an answer the app cannot read', new ApiError({ kind: 'invalid-answer', detail: 'status: missing' })],
    ['an error that is not the API’s', new TypeError('Failed to fetch')],
  ])('a pay call that failed (%s) may have charged: the operator is asked (unconfirmed)', (_, error) => {
    expect(resultOfPayCallError(error)).toEqual({ outcome: 'failed', reason: 'unconfirmed' });
  });

  it('a pay call the operator’s rate limit refused (429) moved no money: a plain "Payment failed.", no status check', () => {
    const limited = new ApiError({ kind: 'http', status: 429, message: 'too many payment attempts on this purchase' });
    expect(resultOfPayCallError(limited)).toEqual({ outcome: 'failed', reason: 'paymentFailed' });
    const otherwise = new ApiError({ kind: 'http', status: 409, message: 'This purchase is already paid.' });
    expect(resultOfPayCallError(otherwise)).toEqual({ outcome: 'failed', reason: 'unconfirmed' });
  });
});

describe("the operator's answer to a pay call (requirements.md §4)", () => {
  it('0 succeeds; 1, the operator’s decline, fails with its words; any other status is no verdict', () => {
    const answer = (status: number) =>
      resultOfPayResponse({ status, msg: `status ${String(status)}`, transactionId: 'T' });
    expect(answer(0)).toEqual({ outcome: 'succeeded', message: 'status 0', transactionId: 'T' });
    expect(answer(1)).toEqual({ outcome: 'failed', message: 'status 1', code: 1, transactionId: 'T' });
    for (const status of [2, 3, 4, 51])
      expect(answer(status)).toEqual({ outcome: 'failed', reason: 'unconfirmed', transactionId: 'T' });
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

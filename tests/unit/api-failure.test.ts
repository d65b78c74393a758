/**
 * The typed failure of a call to the operator's API (requirements.md §8), as the machines and the error reports see it.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, isHttpStatus } from '../../machines/shared/api-failure';

describe('ApiError', () => {
  it('carries its failure and says which it is (what the error reports show)', () => {
    const error = new ApiError({ kind: 'timeout' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('API call failed: timeout');
    expect(error.failure).toEqual({ kind: 'timeout' });
  });
});

describe('isHttpStatus: the machine-not-found check (requirements.md §8: menu call 404)', () => {
  it('only an ApiError with that http status', () => {
    expect(isHttpStatus(new ApiError({ kind: 'http', status: 404 }), 404)).toBe(true);
    expect(isHttpStatus(new ApiError({ kind: 'http', status: 500 }), 404)).toBe(false);
    expect(isHttpStatus(new ApiError({ kind: 'offline' }), 404)).toBe(false);
    expect(isHttpStatus({ failure: { kind: 'http', status: 404 } }, 404)).toBe(false);
  });
});

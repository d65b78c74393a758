/**
 * Every way a call to the operator's API can fail, as one closed union.
 * The API layer turns transport errors and invalid answers into an ApiError carrying one of these;
 * machines branch on `failure.kind` in their guards.
 */
export type ApiFailure =
  | { kind: 'offline' }
  | { kind: 'timeout' }
  /** `code`: the operator's name for the failure, where it gives one (set_purchase's `machine_not_responding`). */
  | { kind: 'http'; status: number; message?: string | undefined; code?: string | undefined }
  | { kind: 'invalid-answer'; detail: string };

export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(`API call failed: ${failure.kind}`);
    this.name = 'ApiError';
  }
}

export function isHttpStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.failure.kind === 'http' && error.failure.status === status;
}

/** The failure a call threw; anything but an ApiError (a bug, a broken adapter) counts as an invalid answer. */
export const failureOf = (error: unknown): ApiFailure =>
  error instanceof ApiError ? error.failure : { kind: 'invalid-answer', detail: String(error) };

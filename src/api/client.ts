import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';
import * as v from 'valibot';
import { ApiError, type ApiFailure } from '../../machines/shared/api-failure';
import { apiPrefix, sessionHeaders, STORAGE_KEYS, withSessionQuery } from './address';

export interface ApiClientOptions {
  /** The operator's API host, without the /v4/ prefix. */
  baseHost: string;
  /** Local storage, or a stand-in in tests. */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The fetch to use: the browser's, or the in-process sandbox in component tests. */
  fetch?: typeof fetch;
  /** How long one attempt may take before it fails as a timeout (default 15 s); tests shorten it. */
  timeoutMs?: number;
}

/** GETs are tried this many more times, after 0.3 s then 0.6 s (ky's backoff). */
export const GET_RETRIES = 2;

export interface ApiClient {
  http: KyInstance;
  /** The fetch it sends with, for a call that may be answered by a request already under way (getMenu). */
  fetch: typeof fetch;
  /** How long one attempt may take (ApiClientOptions.timeoutMs). */
  timeoutMs: number;
  /** The session uuid that every call carries in a header and in the query (requirements.md §7). */
  sessionUuid(): string | null;
  /** requirements.md §7: set_purchase's session_id replaces the session uuid sent on every later call. */
  setSessionUuid(uuid: string): void;
}

export function createApiClient({ baseHost, storage, fetch, timeoutMs = 15_000 }: ApiClientOptions): ApiClient {
  const http = ky.create({
    prefixUrl: apiPrefix(baseHost),
    credentials: 'include',
    timeout: timeoutMs,
    // GETs retry with backoff (network errors, 408/5xx; a timeout is not retried, it already waited);
    // POSTs, payment ones above all, must never be sent twice on their own. Not a 429: the operator's
    // rate limit (docs/payments.md) asks to wait minutes, which no visitor should watch a spinner for.
    retry: { limit: GET_RETRIES, methods: ['get'], statusCodes: [408, 500, 502, 503, 504] },
    ...(fetch ? { fetch } : {}),
  });
  return {
    http,
    fetch: fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs,
    sessionUuid: () => storage.getItem(STORAGE_KEYS.sessionUuid),
    setSessionUuid: (uuid) => storage.setItem(STORAGE_KEYS.sessionUuid, uuid),
  };
}

/** A string field of an error answer's JSON body, if it has one. */
function stringField(body: unknown, name: 'message' | 'code'): string | undefined {
  const value: unknown =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

async function toFailure(error: unknown): Promise<ApiFailure> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response.json().catch(() => undefined);
    const code = stringField(body, 'code');
    return {
      kind: 'http',
      status: error.response.status,
      message: stringField(body, 'message'),
      ...(code && { code }),
    };
  }
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  if (error instanceof v.ValiError) {
    const issue = error.issues[0] as v.BaseIssue<unknown>;
    return { kind: 'invalid-answer', detail: `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}` };
  }
  if (error instanceof SyntaxError) return { kind: 'invalid-answer', detail: 'the answer is not JSON' };
  return { kind: 'offline' };
}

export interface RequestOptions extends Pick<Options, 'json' | 'body' | 'fetch'> {
  method?: 'get' | 'post';
  searchParams?: Record<string, string>;
  /** The session this call belongs to, when it is not the client's current one (a purchase made before this page). */
  sessionUuid?: string | undefined;
  /** A call that moves money: its payment attempt's key, sent as `Idempotency-Key` (design.md §10). */
  attemptKey?: string;
}

/** Calls one endpoint and checks its answer; any failure becomes an ApiError with a typed reason. */
export async function fetchJson<TSchema extends v.GenericSchema>(
  client: ApiClient,
  schema: TSchema,
  path: string,
  { searchParams = {}, sessionUuid, attemptKey, ...options }: RequestOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const session = sessionUuid ?? client.sessionUuid();
  try {
    const body: unknown = await client
      .http(path, {
        method: 'get',
        ...options,
        searchParams: withSessionQuery(searchParams, session),
        headers: { ...sessionHeaders(session), ...(attemptKey ? { 'Idempotency-Key': attemptKey } : {}) },
      })
      .json();
    return v.parse(schema, body);
  } catch (error) {
    throw new ApiError(await toFailure(error));
  }
}

import { checkBaseHost } from '../../machines/debug-vars/base-host';
import type { MachineProof } from '../../machines/menu/menu.types';

/**
 * How a call to the operator's API is addressed (requirements.md §7). Free of the app's libraries (its one import is a
 * plain check, beside a type), because index.html's early menu script (src/early-menu.ts) is built from it too, and must send exactly
 * the request the client sends.
 */

/** Where the client keeps what requirements.md §3 puts in local storage. */
export const STORAGE_KEYS = {
  baseHost: 'base_host',
  sessionUuid: 'session_uuid',
} as const;

const SESSION_HEADER = 'session-uuid';
const SESSION_QUERY = 'session_uuid';

/**
 * The base host a page should use: local storage first, then the build setting, then this origin. A stored
 * value that is no base host at all (/debug_vars would refuse it: no scheme, not http(s)) is passed over:
 * as a relative address it would send the calls to this page's own server.
 */
export function resolveBaseHost(storage: Pick<Storage, 'getItem'>, buildDefault: string, origin: string): string {
  const stored = checkBaseHost(storage.getItem(STORAGE_KEYS.baseHost) ?? '');
  return (stored.ok && stored.host) || buildDefault || origin;
}

/** What every call's path is relative to. */
export const apiPrefix = (baseHost: string) => `${baseHost.replace(/\/+$/, '')}/v4/`;

/** A call's query: its own parameters, then the session uuid once there is one. */
export const withSessionQuery = (searchParams: Record<string, string>, session: string | null) =>
  session ? { ...searchParams, [SESSION_QUERY]: session } : searchParams;

/** The session uuid header, once there is one. */
export const sessionHeaders = (session: string | null): Record<string, string> =>
  session ? { [SESSION_HEADER]: session } : {};

/** GET /api/menu/get */
export const MENU_PATH = 'api/menu/get';

/** menu/get's own parameters: the machine, and what tells the operator the page is that machine's. */
export function menuQuery(machineId: string, proof: MachineProof): Record<string, string> {
  if ('paymentLink' in proof) return { machine_id: machineId, payment_link: proof.paymentLink };
  return proof.qr === undefined ? { machine_id: machineId } : { machine_id: machineId, qr: proof.qr };
}

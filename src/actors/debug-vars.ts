import { debugVarsMachine } from '../../machines/debug-vars/debug-vars.machine';
import { resolveBaseHost, STORAGE_KEYS } from '../api/address';
import { API_BASE_URL } from '../config';
import { COOKIES, readCookie } from '../lib/cookies';
import { PURCHASE_STORAGE_KEYS } from '../lib/purchase-storage';
import { localStore } from '../lib/local-store';

/** The /debug_vars form with its real effect: local storage `base_host`. */
export const debugVarsLogic = debugVarsMachine.provide({
  actions: {
    storeBaseHost: (_, host) => localStore.setItem(STORAGE_KEYS.baseHost, host),
    clearBaseHost: () => localStore.removeItem(STORAGE_KEYS.baseHost),
  },
});

/** The base host stored now, the form's starting value. */
export const storedBaseHost = (): string | null => localStore.getItem(STORAGE_KEYS.baseHost);

/**
 * The API client resolves its base host once, when the page loads (src/api/default-client.ts), and
 * so does this module: what it holds is the host in use until the next load, whatever is saved meanwhile.
 */
export const BASE_HOST_IN_USE = resolveBaseHost(localStore, API_BASE_URL, window.location.origin);

/**
 * The local-storage keys of requirements.md §3 as the app writes them (src/api/address.ts STORAGE_KEYS,
 * src/lib/purchase-storage.ts, and visitor_uuid from /genPaymentIntend).
 */
const STORAGE_VALUES = [
  STORAGE_KEYS.sessionUuid,
  'visitor_uuid',
  PURCHASE_STORAGE_KEYS.machineId,
  PURCHASE_STORAGE_KEYS.price,
  PURCHASE_STORAGE_KEYS.payStatus,
  PURCHASE_STORAGE_KEYS.payData,
  PURCHASE_STORAGE_KEYS.history,
] as const;

export interface DebugValue {
  name: string;
  /** The raw stored string; null when nothing is stored. */
  value: string | null;
}

/** What local storage and the cookies of requirements.md §3 hold now, as raw strings. */
export function readDebugValues(): { storage: DebugValue[]; cookies: DebugValue[] } {
  return {
    storage: STORAGE_VALUES.map((name) => ({ name, value: localStore.getItem(name) })),
    cookies: Object.values(COOKIES).map((name) => ({ name, value: readCookie(name) ?? null })),
  };
}

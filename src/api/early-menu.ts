import type { EarlyMenu } from '../../machines/menu/menu.types';
import {
  apiPrefix,
  MENU_PATH,
  menuQuery,
  resolveBaseHost,
  sessionHeaders,
  STORAGE_KEYS,
  withSessionQuery,
} from './address';

/** The route whose page asks for the menu as it starts. */
const PAY_PATH = /^\/pay\/?$/;

export interface EarlyRequest {
  url: string;
  init: RequestInit;
}

/**
 * The menu request /pay's chart makes at this address, as the app's client sends it (base host, /v4/ prefix,
 * machine_id and the sticker's code, session uuid, credentials; ky asks for JSON), or undefined where no menu is asked for at once.
 */
export function earlyMenuRequest(
  address: Pick<URL, 'href' | 'origin' | 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem'>,
  buildDefault: string,
): EarlyRequest | undefined {
  // As the page reads them: the router keeps the last value of a repeated parameter, /pay's schema trims it.
  const search = new URLSearchParams(address.search);
  const [machineId, qr] = ['machine_id', 'qr'].map((name) => search.getAll(name).at(-1)?.trim());
  if (!PAY_PATH.test(address.pathname) || !machineId) return undefined;
  const session = storage.getItem(STORAGE_KEYS.sessionUuid);
  const query = new URLSearchParams(withSessionQuery(menuQuery(machineId, { qr }), session));
  const base = apiPrefix(resolveBaseHost(storage, buildDefault, address.origin));
  return {
    url: new URL(`${base}${MENU_PATH}?${query.toString()}`, address.href).href,
    init: { credentials: 'include', headers: { accept: 'application/json', ...sessionHeaders(session) } },
  };
}

/** The request index.html's early script sent, taken from the page once (by the /pay route's loader). */
export function takeEarlyMenu(): EarlyMenu | undefined {
  const request = window.earlyMenuRequest;
  if (!request) return undefined;
  delete window.earlyMenuRequest;
  let answer: Promise<Response> | undefined = request.response;
  return {
    url: request.url,
    claim: () => {
      const claimed = answer;
      answer = undefined;
      return claimed;
    },
  };
}

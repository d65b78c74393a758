/** What the app reads and writes in local storage. */
export type LocalStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const memory = new Map<string, string>();
const inMemory: LocalStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

/**
 * The page's local storage, or a store in memory where the browser denies it: in a merchant's frame
 * (/customPaymentIframe), a browser that blocks third-party storage throws on every access to
 * `localStorage` (Chromium: "Access is denied for this document"), which stopped the page before its
 * first render. There the page works, remembering nothing past a reload. Looked up on each use.
 */
function storage(): LocalStore {
  try {
    return 'localStorage' in globalThis ? globalThis.localStorage : inMemory;
  } catch {
    return inMemory;
  }
}

export const localStore: LocalStore = {
  getItem: (key) => storage().getItem(key),
  setItem: (key, value) => storage().setItem(key, value),
  removeItem: (key) => storage().removeItem(key),
};

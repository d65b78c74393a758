/**
 * src/lib/local-store.ts: the page's local storage, looked up on each use, or a store in memory where the
 * browser has none or denies it (a merchant's frame that blocks third-party storage throws on every access).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalStore } from '../../src/lib/local-store';

/** A fresh module each test: its store in memory starts empty. */
let localStore: LocalStore;

beforeEach(async () => {
  vi.resetModules();
  ({ localStore } = await import('../../src/lib/local-store'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(globalThis, 'localStorage');
});

function browserStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('with the browser’s local storage', () => {
  it('reads, writes and removes there', () => {
    const storage = browserStorage();
    vi.stubGlobal('localStorage', storage);
    storage.items.set('price', '12.9');

    expect(localStore.getItem('price')).toBe('12.9');
    localStore.setItem('machine_id', 'machine-7');
    expect(storage.items.get('machine_id')).toBe('machine-7');
    localStore.removeItem('price');
    expect(storage.items.has('price')).toBe(false);
    expect(localStore.getItem('price')).toBeNull();
  });

  it('looks it up on each use: storage that appears later is used', () => {
    expect('localStorage' in globalThis).toBe(false);
    localStore.setItem('price', 'in memory');
    const storage = browserStorage();
    vi.stubGlobal('localStorage', storage);

    localStore.setItem('price', '5');
    expect(storage.items.get('price')).toBe('5');
  });
});

describe('without local storage (Node here)', () => {
  it('keeps values in memory: missing is null, written is read back, removed is gone', () => {
    expect('localStorage' in globalThis).toBe(false);
    expect(localStore.getItem('price')).toBeNull();
    localStore.setItem('price', '12.9');
    expect(localStore.getItem('price')).toBe('12.9');
    localStore.removeItem('price');
    expect(localStore.getItem('price')).toBeNull();
  });
});

describe('where the browser denies local storage (a third-party frame)', () => {
  it('works in memory instead of throwing', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });

    expect(localStore.getItem('machine_id')).toBeNull();
    localStore.setItem('machine_id', 'machine-7');
    expect(localStore.getItem('machine_id')).toBe('machine-7');
    localStore.removeItem('machine_id');
    expect(localStore.getItem('machine_id')).toBeNull();
  });
});

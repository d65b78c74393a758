/**
 * src/lib/promotion-storage.ts: a device whose contact the operator accepted for the vacuum's loyalty
 * promotion is remembered as a member (local storage `promotion_member`), and not offered it again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { promotionStorage } from '../../src/lib/promotion-storage';
import { stubLocalStorage } from '../fixtures/local-storage';

const store = new Map<string, string>();

beforeEach(() => {
  store.clear();
  stubLocalStorage(store);
});
afterEach(() => vi.unstubAllGlobals());

describe('promotion membership', () => {
  it('a device that never joined is no member', () => {
    expect(promotionStorage.isMember()).toBe(false);
  });

  it('joining keeps the accepted contact under promotion_member, and the device is then a member', () => {
    promotionStorage.join({ kind: 'phone', value: '0501234567' });

    expect(store.get('promotion_member')).toBe('{"kind":"phone","value":"0501234567"}');
    expect(promotionStorage.isMember()).toBe(true);
  });

  it('any value stored there makes a member, even an empty one', () => {
    store.set('promotion_member', '');
    expect(promotionStorage.isMember()).toBe(true);
  });

  it('a full or denied storage does not stop the page: nothing is remembered', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => {},
    });

    expect(() => promotionStorage.join({ kind: 'email', value: 'dana@example.com' })).not.toThrow();
    expect(promotionStorage.isMember()).toBe(false);
  });
});

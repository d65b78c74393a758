import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentIntentStorage } from '../../src/lib/payment-intent-storage';

/** A Storage over a Map: the unit tests run in Node, without the browser's local storage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => items.delete(key),
    setItem: (key, value) => items.set(key, value),
  };
}

const PAGE = 'https://pay.example/customPaymentIframe?totalPrice=7.50&info=Wheelchair+rental&machineId=15';

describe('payment intent storage (requirements.md §3 visitor_uuid)', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps visitor_uuid with the page it was given for', () => {
    paymentIntentStorage.remember({ visitorUuid: 'visitor-1', iframeUrl: PAGE });
    expect(localStorage.getItem('visitor_uuid')).toBe('visitor-1');
    expect(localStorage.getItem('visitor_uuid_for')).toBe(PAGE);
  });

  it('gives it back on that page, also when the browser re-encoded or reordered the query (a reload)', () => {
    paymentIntentStorage.remember({ visitorUuid: 'visitor-1', iframeUrl: PAGE });
    expect(paymentIntentStorage.intentFor(PAGE)).toBe('visitor-1');
    expect(
      paymentIntentStorage.intentFor(
        'https://pay.example/customPaymentIframe?machineId=15&info=Wheelchair%20rental&totalPrice=7.50',
      ),
    ).toBe('visitor-1');
  });

  it('never on another link: a stale intent is not used', () => {
    paymentIntentStorage.remember({ visitorUuid: 'visitor-1', iframeUrl: PAGE });
    expect(paymentIntentStorage.intentFor(PAGE.replace('7.50', '70.50'))).toBeUndefined();
    expect(paymentIntentStorage.intentFor(PAGE.replace('machineId=15', 'machineId=1001'))).toBeUndefined();
  });

  it('nothing stored, or a visitor uuid without its page (an older version wrote it): no intent', () => {
    expect(paymentIntentStorage.intentFor(PAGE)).toBeUndefined();
    localStorage.setItem('visitor_uuid', 'visitor-0');
    expect(paymentIntentStorage.intentFor(PAGE)).toBeUndefined();
  });

  it('an empty visitor uuid, or a page without its visitor uuid, is no intent', () => {
    localStorage.setItem('visitor_uuid_for', PAGE);
    expect(paymentIntentStorage.intentFor(PAGE)).toBeUndefined();
    localStorage.setItem('visitor_uuid', '');
    expect(paymentIntentStorage.intentFor(PAGE)).toBeUndefined();
  });
});

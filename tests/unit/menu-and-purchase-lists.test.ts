/**
 * The lists machines/menu/menu.types.ts and machines/payment/methods/registry.ts hold that the app reads at
 * run time, written out from docs/requirements.md: the four languages (§1.5, §5.5: en the default), the
 * product views, card providers and networks a menu may name (§3), and the methods that first explain
 * themselves in a popup (§2.16: card entry, card scan and Bit).
 */
import { describe, expect, it } from 'vitest';
import {
  CARD_NETWORKS,
  CARD_PROVIDERS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PRODUCT_VIEWS,
} from '../../machines/menu/menu.types';
import { needsPopup } from '../../machines/purchase/purchase.selectors';
import { METHODS_WITH_POPUP } from '../../machines/payment/methods/registry';

describe('languages (requirements.md §1.5)', () => {
  it('are English, Hebrew, French and Spanish, in that order; English is the default', () => {
    expect(LANGUAGES).toEqual(['en', 'he', 'fr', 'es']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });
});

describe('what a menu may name (requirements.md §3)', () => {
  it('the product views', () => {
    expect(PRODUCT_VIEWS).toEqual(['LIST', 'GRID', 'SINGLE', 'QUANTITY', 'PRICE_INPUT']);
  });

  it('the card providers', () => {
    expect(CARD_PROVIDERS).toEqual(['TRANZILA', 'YAAD_SARIG', 'STRIP']);
  });

  it("the card networks whose marks the app carries, spelt as Google Pay's allowedCardNetworks", () => {
    expect(CARD_NETWORKS).toEqual(['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER']);
  });
});

describe('the methods with an explanatory popup (requirements.md §2.16)', () => {
  it('are card entry, card scan and Bit', () => {
    expect(METHODS_WITH_POPUP).toEqual(['credit_card', 'card_scan', 'bit']);
  });

  it('so only they open one; the wallets and Stripe start at once', () => {
    expect(['credit_card', 'card_scan', 'bit'].every((method) => needsPopup(method as never))).toBe(true);
    expect(['google_pay', 'apple_pay', 'stripe'].some((method) => needsPopup(method as never))).toBe(false);
    expect(needsPopup(undefined)).toBe(false);
  });
});

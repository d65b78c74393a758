/**
 * Stripe.js for the card element (requirements.md §2 payment method selection, §4 Stripe): loaded from the build's
 * address, then Stripe is made with the menu's publishable key.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_URLS } from '../../src/config';

/** A page whose scripts load on the next tick; loading Stripe.js's address defines window.Stripe. */
function fakePage() {
  const page: { location: { href: string }; Stripe?: (key: string) => unknown } = {
    location: { href: 'https://app.example/pay?machine_id=7' },
  };
  const added: string[] = [];
  const stripeJs = new URL(PROVIDER_URLS.stripeJs, page.location.href).href;
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', {
    createElement: () => ({}),
    head: {
      append: (script: { src: string; onload?: () => void }) => {
        added.push(script.src);
        setTimeout(() => {
          if (script.src === stripeJs) page.Stripe = (key: string) => ({ publishableKey: key });
          script.onload?.();
        }, 0);
      },
    },
  });
  return { added, stripeJs };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadStripeJs', () => {
  it('adds Stripe.js from the build’s address once, and answers Stripe made with the publishable key', async () => {
    const page = fakePage();
    // A fresh module: Stripe's loader keeps the Stripe it found for the page's lifetime.
    vi.resetModules();
    const { loadStripeJs } = await import('../../src/payments/stripe/stripe');
    await expect(loadStripeJs('pk_live_machine7')).resolves.toEqual({ publishableKey: 'pk_live_machine7' });
    expect(page.added).toEqual([page.stripeJs]);
  });
});

/**
 * The providers' code (requirements.md §2 payment methods; §8 card processor errors, Stripe errors): each
 * provider's script is added to the page once, a failed load can be retried; Google Pay is offered
 * only where pay.js says the device is ready; the card processor's hosted fields charge the order's
 * 2-decimal amount in the page's language and a refusal carries its per-field messages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GooglePaymentRequest } from '../../machines/payment/methods/google-pay/google-pay.request';
import type { StripeCardHandle } from '../../machines/payment/methods/stripe/stripe.machine';
import { PROVIDER_URLS } from '../../src/config';
import { loadApplePayButton } from '../../src/payments/apple-pay/apple-pay-button';
import { createGooglePayButton, loadGooglePay, requestGooglePayment } from '../../src/payments/google-pay/google-pay';
import { loadScript, whenElementExists } from '../../src/payments/load-script';
import { confirmCardPayment, createPaymentMethod } from '../../src/payments/stripe/stripe';
import { chargeCard, FIELD_CONTAINERS, mountCardFields } from '../../src/payments/card-fields/hosted-fields';
import { twoLineOrder } from '../fixtures/orders';

interface FakeScript {
  tag: string;
  src: string;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  removed: boolean;
  remove(): void;
}

/** A page whose scripts load (or fail, for the addresses in `failing`) on the next tick. */
function fakePage(onLoad: (src: string) => void = () => undefined) {
  const added: FakeScript[] = [];
  const failing = new Set<string>();
  const present = new Set<string>();
  // The page has been open a while: the clock does not start at 0.
  let now = 1_000_000;
  vi.stubGlobal('window', { location: { href: 'https://app.example/pay?machine_id=7' } });
  vi.stubGlobal('performance', { now: () => now });
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    now += 100;
    setTimeout(callback, 0);
    return 0;
  });
  vi.stubGlobal('document', {
    createElement: (tag: string): FakeScript => ({
      tag,
      src: '',
      async: false,
      onload: null,
      onerror: null,
      removed: false,
      remove() {
        this.removed = true;
      },
    }),
    head: {
      append: (script: FakeScript) => {
        added.push(script);
        setTimeout(() => {
          if (failing.has(script.src)) script.onerror?.();
          else {
            onLoad(script.src);
            script.onload?.();
          }
        }, 0);
      },
    },
    querySelector: (selector: string) => (present.has(selector) ? { selector } : null),
  });
  return { added, failing, present };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('provider scripts', () => {
  it('a script is added once, async, at its absolute address; later loads share it', async () => {
    const page = fakePage();
    const first = loadScript('/sdk/one.js');
    const second = loadScript('https://app.example/sdk/one.js');
    expect(second).toBe(first);
    await first;
    expect(page.added).toHaveLength(1);
    expect(page.added[0]).toMatchObject({ tag: 'script', src: 'https://app.example/sdk/one.js', async: true });
    await loadScript('/sdk/one.js');
    expect(page.added).toHaveLength(1);
  });

  it('a failed load is removed from the page and may be retried', async () => {
    const page = fakePage();
    page.failing.add('https://app.example/sdk/flaky.js');
    await expect(loadScript('/sdk/flaky.js')).rejects.toThrow('could not load https://app.example/sdk/flaky.js');
    expect(page.added[0]?.removed).toBe(true);
    page.failing.clear();
    await expect(loadScript('/sdk/flaky.js')).resolves.toBeUndefined();
    expect(page.added).toHaveLength(2);
  });

  it('an element is awaited until it is in the page, and given up after the time-out', async () => {
    const page = fakePage();
    const found = whenElementExists('#later', 1000);
    page.present.add('#later');
    await expect(found).resolves.toEqual({ selector: '#later' });
    await expect(whenElementExists('#never', 250)).rejects.toThrow('no #never in the page');
  });

  it('an element waits 5 s by default, and not a frame less', async () => {
    fakePage();
    // Each frame advances the fake clock 0.1 s: at 50 frames 5 s have passed, not more; the 51st gives up.
    let frames = 0;
    const raf = globalThis.requestAnimationFrame;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames += 1;
      return raf(callback);
    });
    await expect(whenElementExists('#never')).rejects.toThrow();
    expect(frames).toBe(51);
  });
});

describe('Google Pay', () => {
  const request = {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [{ type: 'CARD' }],
    transactionInfo: { totalPrice: '25.22' },
  } as unknown as GooglePaymentRequest;

  it('is not offered before pay.js is loaded', async () => {
    fakePage();
    await expect(requestGooglePayment(request)).rejects.toThrow('Google Pay is not loaded');
    expect(() => createGooglePayButton(() => undefined, 'he')).toThrow('Google Pay is not loaded');
  });

  it('loads pay.js, asks whether the device is ready with the payment methods, then shows its own button', async () => {
    const asked: object[] = [];
    const buttons: object[] = [];
    let environment = '';
    class PaymentsClient {
      constructor(options: { environment: string }) {
        environment = options.environment;
      }
      isReadyToPay(question: object) {
        asked.push(question);
        return Promise.resolve({ result: true });
      }
      loadPaymentData(data: GooglePaymentRequest) {
        return Promise.resolve({ paid: data });
      }
      createButton(options: object) {
        buttons.push(options);
        return { button: true };
      }
    }
    const page = fakePage((src) => {
      if (src === PROVIDER_URLS.googlePaySdk) {
        (window as unknown as Record<string, unknown>).google = { payments: { api: { PaymentsClient } } };
      }
    });
    await loadGooglePay(request, 'TEST');
    expect(page.added.map((script) => script.src)).toEqual([PROVIDER_URLS.googlePaySdk]);
    expect(environment).toBe('TEST');
    expect(asked).toEqual([{ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [{ type: 'CARD' }] }]);
    await expect(requestGooglePayment(request)).resolves.toEqual({ paid: request });
    const onClick = () => undefined;
    expect(createGooglePayButton(onClick, 'he')).toEqual({ button: true });
    expect(buttons).toEqual([
      { onClick, buttonColor: 'black', buttonType: 'pay', buttonSizeMode: 'fill', buttonLocale: 'he' },
    ]);
  });

  it('fails when pay.js defines no PaymentsClient or the device is not ready', async () => {
    fakePage();
    await expect(loadGooglePay(request, 'TEST')).rejects.toThrow('PaymentsClient');
    class NotReady {
      isReadyToPay() {
        return Promise.resolve({ result: false });
      }
    }
    // pay.js is in the page already (loaded once per page): it is its client that answers.
    fakePage();
    (window as unknown as Record<string, unknown>).google = { payments: { api: { PaymentsClient: NotReady } } };
    await expect(loadGooglePay(request, 'TEST')).rejects.toThrow('not ready');
  });
});

describe('Stripe', () => {
  const card = (stripe: object) => ({ stripe, element: { card: true } }) as StripeCardHandle;

  it('creates a card payment method from the card element, or fails with Stripe’s message', async () => {
    const made: unknown[] = [];
    const stripe = {
      createPaymentMethod: (params: unknown) => {
        made.push(params);
        return Promise.resolve({ paymentMethod: { id: 'pm_1' } });
      },
    };
    await expect(createPaymentMethod({ card: card(stripe) })).resolves.toBe('pm_1');
    expect(made).toEqual([{ type: 'card', card: { card: true } }]);
    const refusing = (error: object) => ({ createPaymentMethod: () => Promise.resolve({ error }) });
    await expect(
      createPaymentMethod({ card: card(refusing({ message: 'Your card number is incomplete.' })) }),
    ).rejects.toThrow('Your card number is incomplete.');
    await expect(createPaymentMethod({ card: card(refusing({})) })).rejects.toThrow('Stripe error');
  });

  it('confirms the intent with the payment method and answers its id and status', async () => {
    const confirmed: unknown[] = [];
    const stripe = {
      confirmCardPayment: (...args: unknown[]) => {
        confirmed.push(args);
        return Promise.resolve({ paymentIntent: { id: 'pi_1', status: 'succeeded', amount: 2522 } });
      },
    };
    await expect(
      confirmCardPayment({ card: card(stripe), clientSecret: 'pi_1_secret', paymentMethodId: 'pm_1' }),
    ).resolves.toEqual({ id: 'pi_1', status: 'succeeded' });
    expect(confirmed).toEqual([['pi_1_secret', { payment_method: 'pm_1' }]]);
    const refusing = (error: object) => ({ confirmCardPayment: () => Promise.resolve({ error }) });
    const input = { clientSecret: 's', paymentMethodId: 'pm' };
    await expect(confirmCardPayment({ card: card(refusing({ message: 'declined' })), ...input })).rejects.toThrow(
      'declined',
    );
    await expect(confirmCardPayment({ card: card(refusing({})), ...input })).rejects.toThrow('Stripe error');
  });
});

describe('card processor hosted fields', () => {
  let created: object[];
  let charged: { params: object; callback: (error: unknown, response: unknown) => void }[];
  const input = { order: twoLineOrder, terminal: 'term-1', thtk: 'handshake' } as Parameters<typeof chargeCard>[0];

  beforeEach(() => {
    created = [];
    charged = [];
  });

  it('charging before the fields are mounted fails', async () => {
    fakePage();
    await expect(chargeCard(input, 'en')).rejects.toThrow('not mounted');
  });

  it('loads the processor script, waits for the three containers, and fails when it defines no TzlaHostedFields', async () => {
    const page = fakePage();
    for (const id of Object.values(FIELD_CONTAINERS)) page.present.add(`#${id}`);
    await expect(mountCardFields()).rejects.toThrow('TzlaHostedFields');
    expect(page.added.map((script) => script.src)).toEqual([PROVIDER_URLS.tranzilaSdk]);
  });

  it('mounts card number, expiry and CVV into their containers and charges the 2-decimal total', async () => {
    const page = fakePage();
    // The script was loaded by the test before (once per page); what it defines is there now.
    {
      (window as unknown as Record<string, unknown>).TzlaHostedFields = {
        create: (options: object) => {
          created.push(options);
          return {
            charge: (params: object, callback: (error: unknown, response: unknown) => void) =>
              charged.push({ params, callback }),
          };
        },
      };
    }
    // The fields go in only once the view has rendered their three containers.
    const mounted = mountCardFields();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(created).toEqual([]);
    for (const id of Object.values(FIELD_CONTAINERS)) page.present.add(`#${id}`);
    await mounted;
    expect(page.added).toEqual([]);
    expect(created).toEqual([
      {
        sandbox: false,
        fields: {
          credit_card_number: { selector: '#tranzila-card-number', tabindex: 0, placeholder: '1234 1234 1234 1234' },
          expiry: { selector: '#tranzila-expiry', tabindex: 0, placeholder: '•• / ••' },
          cvv: { selector: '#tranzila-cvv', tabindex: 0, placeholder: '•••' },
        },
        // The app's box draws the one edge and the focus; the field inside has none of its own.
        styles: { input: { border: '0', 'font-size': '16px', outline: 'none' } },
      },
    ]);

    const hebrew = chargeCard(input, 'he');
    expect(charged[0]?.params).toEqual({
      terminal_name: 'term-1',
      thtk: 'handshake',
      amount: '25.22',
      currency_code: twoLineOrder.currency,
      response_language: 'hebrew',
    });
    charged[0]?.callback(null, { transaction_response: { success: true } });
    await expect(hebrew).resolves.toEqual({ transaction_response: { success: true } });

    const english = chargeCard(input, 'fr');
    expect(charged[1]?.params).toMatchObject({ response_language: 'english' });
    const messages = [{ param: 'cvv', message: 'CVV is invalid' }];
    charged[1]?.callback({ messages }, undefined);
    await expect(english).rejects.toMatchObject({ messages, message: 'the card processor refused the charge' });

    const bare = chargeCard(input, 'en');
    charged[2]?.callback('refused', undefined);
    await expect(bare).rejects.toMatchObject({ messages: [] });
  });
});

describe('Apple Pay button', () => {
  it("loads Apple's button script from the build's address", async () => {
    const page = fakePage();
    await loadApplePayButton();
    expect(page.added.map((script) => script.src)).toEqual([
      new URL(PROVIDER_URLS.applePayButtonSdk, 'https://app.example/').href,
    ]);
  });
});

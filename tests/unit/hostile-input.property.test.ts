/**
 * Hostile input (design.md §10.3): every value the app reads from an address or a keypad —
 * /customPaymentIframe's query (machineId, totalPrice, currency, info, isDeferredPayment, phoneNumber,
 * the return addresses), the wheelshare phone number, the price keypad, /genPaymentIntend's answer —
 * is property-tested with fast-check: arbitrary text never throws, a value is accepted only when it
 * is valid, money is never negative, NaN or infinite, and nothing but an absolute http(s) address is
 * ever a place to send the browser.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

// Thousands of generated cases a file: allow for a busy machine.
vi.setConfig({ testTimeout: 30_000 });
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AmountEntryEvent } from '../../machines/amount-entry/amount-entry.machine';
import { amountValue, type Digit } from '../../machines/amount-entry/amount-rules';
import { currencyCode, currencySymbol } from '../../machines/shared/currency';
import {
  checkLinkAmount,
  checkPaymentLink,
  MAX_INFO_LENGTH,
  PAYMENT_LINK_FIELDS,
  type PaymentLinkQuery,
} from '../../machines/custom-payment/payment-link';
import {
  paymentIntentMachine,
  type PaymentIntent,
  type PaymentIntentInput,
} from '../../machines/custom-payment/payment-intent.machine';
import { checkAmount } from '../../machines/shared/amount';
import { checkPhone, normalisePhone, plausiblePhone } from '../../machines/shared/phone';
import { checkHttpUrl, isWebAddress } from '../../machines/shared/web-address';
import { wheelshareMachine } from '../../machines/wheelshare/wheelshare.machine';
import type {
  DeferredPayment,
  OperatorAnswer,
  SetPurchaseInput,
  StationCallInput,
} from '../../machines/wheelshare/wheelshare.types';
import { createApiClient } from '../../src/api/client';
import { getMenu } from '../../src/api/menu';
import { toScanEvent } from '../../src/payments/card-scan/card-scan';
import { startKeypad } from './keypad-parent';

// ---------------------------------------------------------------------------------------------
// Generators: what an attacker (or a careless link builder) puts in a query string
// ---------------------------------------------------------------------------------------------

/** Any text at all, lone surrogates and control characters included. */
const anyText = fc.string({ unit: 'binary', maxLength: 80 });

/** Markup and script that must stay text wherever it lands. */
const MARKUP = [
  '<script>alert(1)</script>',
  '"><script>alert(document.domain)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  "'-alert(1)-'",
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '__proto__',
  'constructor',
];

/** Unicode that trips careless parsers: bidi overrides, zero-width, fullwidth and Arabic-Indic digits, emoji. */
const UNICODE = ['\u202e', '\u200b', '\ufeff', '\u00a0', '１２３', '٠١٢٣', '👩‍👩‍👧‍👦', 'ß', 'ı', 'ﬀ', 'ſ', '\u0000', '\n'];

const hostileText = fc.oneof(
  anyText,
  fc.constantFrom(...MARKUP),
  fc
    .array(fc.oneof(fc.constantFrom(...MARKUP, ...UNICODE), fc.string({ maxLength: 4 })), { maxLength: 6 })
    .map((parts) => parts.join('')),
);

/** Numbers written every way but the plain one a link uses: signs, exponents, NaN, huge, hex, spaces. */
const numberLike = fc.oneof(
  fc.double().map(String), // NaN, Infinity, -0, 1e+21, 5e-324 ...
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -400, max: 400 })).map(([m, e]) => `${m}e${e}`),
  fc.tuple(fc.nat(99_999), fc.nat(99_999)).map(([a, b]) => `${a}.${b}`),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '-0.01',
    '0',
    '0.00',
    '0x10',
    '0b11',
    '1_000',
    '1,50',
    '.5',
    '5.',
    '+5',
    ' 7.5 ',
    '١٢',
    '１２',
    '1e2',
    '1E-2',
    '9'.repeat(400),
  ),
);

/** A scheme that must never be followed, in any case, padded or broken up by what URL parsers drop. */
const dangerousAddress = fc
  .record({
    scheme: fc.constantFrom('javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'ftp', 'chrome', 'intent'),
    upper: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    // The URL standard removes tabs and newlines anywhere and C0 controls and spaces at the ends.
    inside: fc.option(fc.constantFrom('\t', '\n', '\r'), { nil: undefined }),
    at: fc.nat(10),
    padding: fc.array(fc.constantFrom(' ', '\t', '\n', '\u0000', '\u001f', '\u00a0', '\ufeff'), { maxLength: 3 }),
    rest: fc.constantFrom(
      'alert(1)',
      'text/html,<script>alert(1)</script>',
      'msgbox(1)',
      '//evil.example/x',
      '/etc/passwd',
    ),
  })
  .map(({ scheme, upper, inside, at, padding, rest }) => {
    const cased = scheme.replace(/./g, (char, i: number) => (upper[i] ? char.toUpperCase() : char));
    const split = inside === undefined ? cased : `${cased.slice(0, at)}${inside}${cased.slice(at)}`;
    const pad = padding.join('');
    return `${pad}${split}:${rest}${pad}`;
  });

/** Addresses that are not absolute: protocol-relative, backslashed, relative, scheme without `//`. */
const relativeAddress = fc
  .tuple(
    fc.constantFrom('//', '\\\\', '/\\', '\\/', '/', '', 'https:', 'http:/', 'https:\\\\', ' //'),
    fc.constantFrom('evil.example', 'evil.example/pay?x=1', '@evil.example', 'localhost:4173/x'),
  )
  .map(([prefix, host]) => `${prefix}${host}`);

const returnAddress = fc.oneof(dangerousAddress, relativeAddress, hostileText, fc.webUrl());

/** The app's own page an address would be resolved against, had it been followed. */
const APP_PAGE = 'https://pay.example/customPaymentIframe?machineId=1001';

/** What the browser would open for this address (location.assign resolves against the page). */
function followed(address: string): URL | undefined {
  try {
    return new URL(address, APP_PAGE);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Redirect targets
// ---------------------------------------------------------------------------------------------

describe('web addresses (return URLs, payment and iframe pages)', () => {
  it('never throws, and whatever it accepts is an absolute http(s) address with a host, as the browser reads it', () => {
    fc.assert(
      fc.property(returnAddress, (address) => {
        const check = checkHttpUrl(address);
        if (!check.ok) return;
        const target = followed(address);
        expect(target?.protocol).toMatch(/^https?:$/);
        expect(target?.hostname).not.toBe('');
        // Absolute: resolving against the app's page changes nothing.
        expect(target?.href).toBe(new URL(address.trim()).href);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses javascript:, data:, vbscript: and the like in any case, padded or split by tabs and newlines', () => {
    fc.assert(
      fc.property(dangerousAddress, (address) => {
        expect(isWebAddress(address)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses protocol-relative, backslashed and relative addresses, which the browser would resolve to another site', () => {
    fc.assert(
      fc.property(relativeAddress, (address) => {
        expect(isWebAddress(address)).toBe(false);
      }),
    );
  });

  it('accepts every well-formed http(s) address', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (address) => {
        expect(isWebAddress(address)).toBe(true);
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// /customPaymentIframe's query
// ---------------------------------------------------------------------------------------------

const linkQuery: fc.Arbitrary<PaymentLinkQuery> = fc.record(
  {
    machineId: fc.oneof(hostileText, fc.constant('1001')),
    totalPrice: fc.oneof(numberLike, hostileText),
    currency: fc.oneof(hostileText, fc.constantFrom('ILS', 'usd', 'eUr', 'ıls', 'ßa')),
    info: hostileText,
    isDeferredPayment: fc.oneof(hostileText, fc.constantFrom('true', 'FALSE', ' True ')),
    phoneNumber: fc.oneof(hostileText, fc.constantFrom('050-123-4567', '+972501234567')),
    successReturnUrl: returnAddress,
    failuresReturnUrl: returnAddress,
  },
  { requiredKeys: [] },
);

/**
 * requirements.md §5, §9: a custom amount has at most 10 digits and 2 decimals; written here, not imported from the
 * rule it checks.
 */
const MAX_AMOUNT_DIGITS = 10;
const AMOUNT_AS_WRITTEN = /^\d+(\.\d{1,2})?$/;
const significantDigits = (text: string) => text.replace('.', '').replace(/^0+(?=\d)/, '').length;

describe('payment link query (requirements.md §2 /customPaymentIframe)', () => {
  it('never throws; a usable link has a positive finite amount, an ISO code, one line of text and http(s) return addresses', () => {
    fc.assert(
      fc.property(linkQuery, (query) => {
        const check = checkPaymentLink(query);
        if (!check.ok) {
          // Each refused field once, in the order the page lists them.
          const fields = check.issues.map((issue) => issue.field);
          expect(fields.length).toBeGreaterThan(0);
          expect(fields).toEqual(PAYMENT_LINK_FIELDS.filter((field) => fields.includes(field)));
          return;
        }
        const { machineId, amount, currency, info, returnUrls } = check.link;
        expect(machineId).toBe(query.machineId?.trim());
        expect(machineId).not.toBe('');
        expect(Number.isFinite(amount) && amount > 0).toBe(true);
        expect(currency).toMatch(/^[A-Z]{3}$/);
        expect(info).toBe(query.info?.trim());
        expect(info).not.toMatch(/\p{Cc}/u);
        expect([...new Intl.Segmenter().segment(info)].length).toBeLessThanOrEqual(MAX_INFO_LENGTH);
        for (const url of [returnUrls.success, returnUrls.failure]) {
          if (url !== undefined) expect(followed(url)?.protocol).toMatch(/^https?:$/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a return address that is not absolute http(s) refuses the whole link, whichever of the two it is', () => {
    fc.assert(
      fc.property(
        fc.oneof(dangerousAddress, relativeAddress),
        fc.constantFrom('successReturnUrl', 'failuresReturnUrl'),
        (address, field) => {
          const check = checkPaymentLink({ machineId: '1001', totalPrice: '7.50', info: 'Parking', [field]: address });
          expect(check).toEqual({ ok: false, issues: [{ field, problem: 'notWebAddress' }] });
        },
      ),
    );
  });

  it('totalPrice: accepted only as plain digits with at most 2 decimals and 10 digits, above 0; never NaN or negative', () => {
    fc.assert(
      fc.property(fc.oneof(numberLike, hostileText), (text) => {
        const check = checkLinkAmount(text);
        const written = text.trim();
        const valid =
          AMOUNT_AS_WRITTEN.test(written) && significantDigits(written) <= MAX_AMOUNT_DIGITS && Number(written) > 0;
        expect(check.ok).toBe(valid);
        if (check.ok) {
          expect(Number.isFinite(check.value)).toBe(true);
          expect(check.value).toBeGreaterThan(0);
          expect(check.value).toBe(Number(written));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('an amount written with an exponent, a sign, NaN or Infinity is refused', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noDefaultInfinity: false }).map((value) => value.toExponential()),
          fc.double({ max: 0 }).map(String),
          fc.constantFrom('NaN', 'Infinity', '1e3', '-5', '+5'),
        ),
        (text) => {
          expect(checkAmount(text).ok).toBe(false);
        },
      ),
    );
  });

  it('currency: only three Latin letters, in any case, upper-cased; never a look-alike that upper-cases into one', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostileText,
          fc
            .array(fc.constantFrom('a', 'I', 'l', 's', 'S', 'ı', 'ß', 'ſ', 'ﬀ', 'ǰ', 'İ', 'Ｉ', ' '), {
              minLength: 1,
              maxLength: 4,
            })
            .map((chars) => chars.join('')),
        ),
        (text) => {
          const code = currencyCode(text);
          expect(code !== undefined).toBe(/^[A-Za-z]{3}$/.test(text.trim()));
          if (code !== undefined) expect(code).toBe(text.trim().toUpperCase());
          expect(typeof currencySymbol(code ?? text)).toBe('string');
        },
      ),
      { numRuns: 2000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Phone numbers (payment links, the wheelshare station)
// ---------------------------------------------------------------------------------------------

const phoneLike = fc.oneof(
  hostileText,
  fc
    .array(fc.constantFrom('0', '5', '9', '+', ' ', '-', '\u00a0', '٥', '(', ')', '.', '\t'), { maxLength: 20 })
    .map((chars) => chars.join('')),
);

describe('phone numbers', () => {
  it('never throws; a valid number is 9 to 15 ASCII digits with an optional leading +, once spaces and dashes go', () => {
    fc.assert(
      fc.property(phoneLike, (phone) => {
        const check = checkPhone(phone);
        expect(['blank', 'invalid', 'valid']).toContain(check);
        if (check === 'valid') expect(plausiblePhone(phone)).toMatch(/^\+?[0-9]{9,15}$/);
        if (check === 'blank') expect(phone.trim()).toBe('');
      }),
      { numRuns: 2000 },
    );
  });

  it('the wheelshare station books and returns a rental only for a valid phone, and sends it normalised', async () => {
    await fc.assert(
      fc.asyncProperty(phoneLike, fc.constantFrom('rent', 'return'), async (phone, choice) => {
        const sent: string[] = [];
        const actor = createActor(
          wheelshareMachine.provide({
            actors: {
              setPurchase: fromPromise<string, SetPurchaseInput>(({ input }) => {
                sent.push(input.phone);
                return new Promise<string>(() => {});
              }),
              returnRental: fromPromise<OperatorAnswer, { phone: string }>(({ input }) => {
                sent.push(input.phone);
                return new Promise<OperatorAnswer>(() => {});
              }),
              requestPayment: fromPromise<DeferredPayment, StationCallInput>(
                () => new Promise<DeferredPayment>(() => {}),
              ),
            },
          }),
          { input: { machineId: '15', language: 'en', now: new Date(2031, 2, 10, 10, 30).getTime() } },
        ).start();
        actor.send({ type: 'choice.select', choice });
        actor.send({ type: 'phone.change', phone });
        actor.send({ type: 'form.submit' });
        if (checkPhone(phone) === 'valid') {
          expect(sent).toEqual([normalisePhone(phone)]);
          expect(sent[0]).toMatch(/^\+?[0-9]{9,15}$/);
        } else {
          expect(sent).toEqual([]);
          expect(actor.getSnapshot().matches('Editing')).toBe(true);
        }
        actor.stop();
        await Promise.resolve();
      }),
      { numRuns: 150 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The price keypad (requirements.md §5)
// ---------------------------------------------------------------------------------------------

const DIGITS: readonly Digit[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const keypadEvent: fc.Arbitrary<AmountEntryEvent> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...DIGITS).map((digit) => ({ type: 'amount.digit' as const, digit })) },
  { weight: 2, arbitrary: fc.constant({ type: 'amount.decimalPoint' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'amount.backspace' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'amount.confirm' as const }) },
);

describe('price keypad', () => {
  it('whatever is pressed, the amount stays a valid amount or 0, never NaN or negative; only one of at least the minimum (1 here) is confirmed', () => {
    fc.assert(
      fc.property(fc.array(keypadEvent, { maxLength: 40 }), (events) => {
        const { parent, keypad } = startKeypad(1);
        const expected: number[] = [];
        for (const event of events) {
          const wasPayable = keypad.getSnapshot().matches('Payable');
          keypad.send(event);
          const snapshot = keypad.getSnapshot();
          const { text } = snapshot.context;
          const value = amountValue(text);
          expect(text).toMatch(/^\d+(\.\d{0,2})?$/);
          expect(Number.isFinite(value) && value >= 0).toBe(true);
          const check = checkAmount(text.endsWith('.') ? text.slice(0, -1) : text);
          expect(check.ok || check.problem === 'notPositive').toBe(true);
          expect(snapshot.matches('Payable')).toBe(value >= 1);
          if (event.type === 'amount.confirm' && wasPayable) expected.push(value);
        }
        const { confirmed } = parent.getSnapshot().context;
        expect(confirmed).toEqual(expected);
        for (const amount of confirmed) {
          expect(amount).toBeGreaterThan(0);
          expect(checkAmount(String(amount)).ok).toBe(true);
        }
        parent.stop();
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// /genPaymentIntend: the operator's answer names the page to go to
// ---------------------------------------------------------------------------------------------

describe('/genPaymentIntend', () => {
  it('sends the browser to the answered page only when it is an absolute http(s) address; otherwise refuses', async () => {
    await fc.assert(
      fc.asyncProperty(returnAddress, async (iframeUrl) => {
        const redirects: string[] = [];
        const actor = createActor(
          paymentIntentMachine.provide({
            actors: {
              fetchIntent: fromPromise<PaymentIntent, PaymentIntentInput>(() =>
                Promise.resolve({ iframeUrl, visitorUuid: 'visitor-1' }),
              ),
            },
            actions: { redirect: (_, url) => void redirects.push(url) },
          }),
          { input: { query: 'machine_id=1001&amount=7.5' } },
        ).start();
        const snapshot = await waitFor(actor, (state) => !state.matches('FetchingIntent'));
        if (isWebAddress(iframeUrl)) {
          expect(snapshot.value).toBe('Redirecting');
          expect(redirects).toEqual([iframeUrl]);
          expect(followed(iframeUrl)?.protocol).toMatch(/^https?:$/);
        } else {
          expect(snapshot.value).toBe('Refused');
          expect(redirects).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// postMessage: the card-scan step's verdict counts only from the scanner's origin
// ---------------------------------------------------------------------------------------------

describe('card scan messages (src/payments/card-scan/card-scan.ts)', () => {
  const scanOrigin = 'https://scan.card.test';
  const verdict = fc.oneof(
    fc.record({
      source: fc.constant('card-scan'),
      status: fc.constantFrom('approved', 'declined', 'cancelled'),
      transaction_id: fc.option(fc.string(), { nil: undefined }),
      message: fc.option(fc.string(), { nil: undefined }),
    }),
    fc.anything(),
  );
  const otherOrigin = fc.oneof(
    fc.webUrl().map((url) => new URL(url).origin),
    fc.constantFrom(
      'null',
      '',
      'https://evil.example',
      scanOrigin.toUpperCase(),
      `${scanOrigin}.evil.example`,
      `${scanOrigin}:8443`,
    ),
  );

  it('ignores every message from any other origin, however well-formed', () => {
    fc.assert(
      fc.property(otherOrigin, verdict, (origin, data) => {
        fc.pre(origin !== scanOrigin);
        expect(toScanEvent(scanOrigin, origin, data)).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it("from the scanner's origin, only its own well-formed verdicts count; anything else is ignored without throwing", () => {
    fc.assert(
      fc.property(verdict, (data) => {
        const event = toScanEvent(scanOrigin, scanOrigin, data);
        const ownVerdict =
          typeof data === 'object' &&
          data !== null &&
          'source' in data &&
          data.source === 'card-scan' &&
          'status' in data &&
          ['approved', 'declined', 'cancelled'].includes(String(data.status));
        expect(event !== undefined).toBe(ownVerdict);
      }),
      { numRuns: 1000 },
    );
    expect(
      toScanEvent(scanOrigin, scanOrigin, { source: 'card-scan', status: 'approved', transaction_id: 'tx-1' }),
    ).toEqual({
      type: 'scan.approved',
      transactionId: 'tx-1',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// /pay's machine_id on its way to the operator (the route's own reading: hostile-input-pay-route)
// ---------------------------------------------------------------------------------------------

describe('machine_id in the menu call (src/api/menu.ts)', () => {
  const API_HOST = 'https://api.pay-operator.example';

  it('a hostile machine_id is sent as one query value: it cannot change the host, the path or add parameters', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileText, relativeAddress, dangerousAddress), async (machineId) => {
        const sent: URL[] = [];
        const client = createApiClient({
          baseHost: API_HOST,
          storage: { getItem: () => null, setItem: () => undefined },
          fetch: (input) => {
            sent.push(new URL(input instanceof Request ? input.url : String(input)));
            return Promise.resolve(new Response('{"message":"Machine not found"}', { status: 404 }));
          },
        });
        await expect(getMenu(client, machineId, { qr: undefined })).rejects.toThrow();
        expect(sent.length).toBeGreaterThan(0);
        for (const url of sent) {
          expect(url.origin).toBe(API_HOST);
          expect(url.pathname).toBe('/v4/api/menu/get');
          expect([...url.searchParams.keys()]).toEqual(['machine_id']);
          // As the URL standard writes any text (a lone surrogate becomes U+FFFD).
          expect(url.searchParams.get('machine_id')).toBe(
            new URLSearchParams({ machine_id: machineId }).get('machine_id'),
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});

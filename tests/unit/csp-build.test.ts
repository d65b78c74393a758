/**
 * The production build's Content-Security-Policy, read from the index.html it writes: exactly the hosts
 * each real provider documents. The expectation is written here from the providers' documentation (not
 * taken from scripts/providers.ts, which would make the code its own oracle).
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { productionBuild } from './production-build';

/** The meta element's policy as directive -> sources. */
function policyOf(html: string): Record<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  if (!content) throw new Error('index.html has no Content-Security-Policy meta element');
  return Object.fromEntries(
    content.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

// Each provider's hosts, as its documentation gives them.
// Google Pay: pay.js and its button and sheet frames come from pay.google.com; Chrome opens Google Pay
// as a payment handler for https://google.com/pay and checks that URL against connect-src
// (https://developers.google.com/pay/api/web/guides/tutorial,
// https://developer.chrome.com/blog/payment-handler-csp-connect-src).
const GOOGLE_PAY = {
  script: ['https://pay.google.com'],
  frame: ['https://pay.google.com'],
  connect: ['https://pay.google.com', 'https://google.com/pay', 'https://www.google.com/pay'],
};
// Apple Pay: Apple's SDK script for <apple-pay-button>; the sheet is Safari's own
// (https://developer.apple.com/documentation/applepayontheweb/displaying-apple-pay-buttons-using-javascript).
const APPLE_PAY = { script: ['https://applepay.cdn-apple.com'] };
// Tranzila Hosted Fields: thostedf.js from hf.tranzila.com frames one field per card input from the same
// host (https://docs.tranzila.com, Hosted Fields).
const TRANZILA = { script: ['https://hf.tranzila.com'], frame: ['https://hf.tranzila.com'] };
// Stripe.js: script js.stripe.com; frames js.stripe.com, *.js.stripe.com and hooks.stripe.com (3-D
// Secure); calls api.stripe.com (https://docs.stripe.com/security/guide#content-security-policy).
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
// Hyp (Yaad Sarig): the payment page is framed from its own host (https://developers.hyp.co.il, the
// payment page), .env's VITE_HOSTED_PAGE_ORIGIN.
const HYP = { frame: ['https://pay.hyp.co.il'] };
// The operator's own API (.env's VITE_API_BASE_URL).
const OPERATOR_API = 'https://api.pay-operator.example';
// Bit (through the processor at .env's VITE_BIT_ORIGIN) is a top-level navigation, which CSP does not
// govern: its origin appears nowhere in the policy.
const BIT_ORIGIN = 'https://bit.processor.example';

const sorted = (sources: readonly string[] | undefined) => [...(sources ?? [])].sort();

describe('the production build’s index.html', () => {
  let html: string;
  let policy: Record<string, string[]>;

  beforeAll(async () => {
    ({ html } = await productionBuild());
    policy = policyOf(html);
  }, 120_000);

  it('runs scripts only from this origin, the providers’ documented script hosts and its one inline script', () => {
    // The early menu request (src/early-menu.ts), allowed by the hash of exactly its text.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('earlyMenuRequest');
    expect(inline[0], 'the build’s API host, as the app has it').toContain(OPERATOR_API);
    const hash = `'sha256-${createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64')}'`;
    expect(sorted(policy['script-src'])).toEqual(
      sorted(["'self'", hash, ...GOOGLE_PAY.script, ...APPLE_PAY.script, ...TRANZILA.script, ...STRIPE.script]),
    );
  });

  it('frames only the providers’ documented pages (and this origin’s return page, and the Hyp terminal’s, the operator’s)', () => {
    expect(sorted(policy['frame-src'])).toEqual(
      sorted([
        "'self'",
        `${OPERATOR_API}/v4/hyp/return`,
        ...GOOGLE_PAY.frame,
        ...TRANZILA.frame,
        ...STRIPE.frame,
        ...HYP.frame,
        // No card scanner: production names none (its provider is not chosen), so card scan is withdrawn.
      ]),
    );
  });

  it('calls only this origin, the operator’s API and the hosts the providers document', () => {
    expect(sorted(policy['connect-src'])).toEqual(
      sorted(["'self'", OPERATOR_API, ...GOOGLE_PAY.connect, ...STRIPE.connect]),
    );
  });

  it('allows no eval, no localhost, no bare wildcard and nothing for Bit', () => {
    const everything = Object.values(policy).flat();
    expect(everything).not.toContain("'unsafe-eval'");
    expect(everything.join(' ')).not.toMatch(/localhost|127\.0\.0\.1/);
    expect(everything.join(' ')).not.toContain(new URL(BIT_ORIGIN).host);
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'default-src'])
      expect(policy[directive], directive).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(\*|https?:)$/)]),
      );
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it('names no card scanner anywhere: card scan is withdrawn, never pointed at a placeholder', () => {
    expect(html).not.toContain('scan.card');
  });

  it('refuses to build when a provider’s setting is missing, naming it', async () => {
    await expect(productionBuild({ VITE_STRIPE_JS_URL: '' })).rejects.toThrow(/VITE_STRIPE_JS_URL/);
  }, 120_000);
});

/**
 * The payment providers the page itself talks to: one row each, read by the Content-Security-Policy
 * (scripts/csp-plugin.ts) of every build. A row names the build settings that hold the provider's
 * addresses (.env points them at the real providers, .env.sandbox at the sandbox's stand-ins on their
 * own origin), and what else the provider's own documentation says a page that uses it must allow.
 * The sandbox build gets the same policy from the same rows, with its stand-ins' origin instead.
 */

/** The CSP directives a provider can need. */
export type ProviderDirective = 'script-src' | 'frame-src' | 'connect-src';

export interface Provider {
  name: string;
  /** Settings holding a script the page loads: script-src (and connect-src: the script calls home). */
  scripts: readonly string[];
  /** Settings holding a page the app frames: frame-src. */
  frames: readonly string[];
  /**
   * Hosts the provider documents beyond the settings' own, keyed by the origin of its script or page
   * setting (so only the real provider's host brings them; a stand-in needs none).
   */
  documented: Record<string, Partial<Record<ProviderDirective, readonly string[]>>>;
}

export const PROVIDERS: readonly Provider[] = [
  {
    name: 'Google Pay',
    scripts: ['VITE_GOOGLE_PAY_SDK_URL'],
    frames: [],
    documented: {
      // pay.js frames its button and sheet from pay.google.com; Chrome opens Google Pay as a payment
      // handler for the method https://google.com/pay and checks it against connect-src
      // (developer.chrome.com/blog/payment-handler-csp-connect-src; developers.google.com/pay/api/web).
      'https://pay.google.com': {
        'frame-src': ['https://pay.google.com'],
        'connect-src': ['https://pay.google.com', 'https://google.com/pay', 'https://www.google.com/pay'],
      },
    },
  },
  {
    // Safari has ApplePaySession built in; VITE_APPLE_PAY_SDK_URL is only for a stand-in. Apple's JS SDK
    // (<apple-pay-button>, applepay.cdn-apple.com) imports its parts and frames its pages from its own host.
    name: 'Apple Pay',
    scripts: ['VITE_APPLE_PAY_SDK_URL', 'VITE_APPLE_PAY_BUTTON_SDK_URL'],
    frames: [],
    documented: {},
  },
  {
    // Tranzila Hosted Fields: thostedf.js puts one frame per field, from its own host, into the page.
    name: 'Tranzila',
    scripts: ['VITE_TRANZILA_SDK_URL'],
    frames: [],
    documented: {},
  },
  {
    name: 'Stripe',
    scripts: ['VITE_STRIPE_JS_URL'],
    frames: [],
    documented: {
      // docs.stripe.com/security/guide#content-security-policy
      'https://js.stripe.com': {
        'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ['https://api.stripe.com'],
      },
    },
  },
  {
    // Yaad Sarig / Hyp: the payment page pay_ajax names is framed, on this origin; its 3-D Secure and
    // error pages are its own navigations inside the frame, and it returns the payer to our return page.
    name: 'Hosted payment page',
    scripts: [],
    frames: ['VITE_HOSTED_PAGE_ORIGIN'],
    documented: {},
  },
  {
    name: 'Card scan',
    scripts: [],
    frames: ['VITE_CARD_SCAN_URL'],
    documented: {},
  },
];

/** An absolute http(s) address's origin; anything else (empty, relative, javascript:) has none. */
export function originOf(address: string | undefined): string | undefined {
  if (!address || !/^https?:\/\//i.test(address)) return undefined;
  return new URL(address).origin;
}

/** The sources each directive needs for the providers, under these build settings. */
export function providerSources(env: Record<string, string | undefined>): Record<ProviderDirective, string[]> {
  const sources: Record<ProviderDirective, string[]> = { 'script-src': [], 'frame-src': [], 'connect-src': [] };
  for (const provider of PROVIDERS) {
    const scriptOrigins = provider.scripts.map((name) => originOf(env[name]));
    const frameOrigins = provider.frames.map((name) => originOf(env[name]));
    for (const origin of scriptOrigins) {
      if (!origin) continue;
      sources['script-src'].push(origin);
      sources['connect-src'].push(origin);
      // Hosted fields and wallet sheets frame pages of their script's host.
      sources['frame-src'].push(origin);
    }
    for (const origin of frameOrigins) if (origin) sources['frame-src'].push(origin);
    for (const origin of [...scriptOrigins, ...frameOrigins]) {
      const documented = origin ? provider.documented[origin] : undefined;
      for (const [directive, hosts] of Object.entries(documented ?? {}))
        sources[directive as ProviderDirective].push(...hosts);
    }
  }
  return sources;
}

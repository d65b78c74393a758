/**
 * The payment providers the page itself talks to: one row each, read by the Content-Security-Policy
 * (scripts/csp-plugin.ts) of every build. A row names the build settings that hold the provider's
 * addresses (.env points them at the real providers, .env.sandbox at the sandbox's stand-ins on their
 * own origin), and exactly what else the provider's own documentation says a page that uses it must
 * allow. The sandbox build gets its policy from the same rows, with its stand-ins' origin instead.
 */

/** The CSP directives a provider can need. */
export type ProviderDirective = 'script-src' | 'frame-src' | 'connect-src';

export interface Provider {
  name: string;
  /** Settings holding a script the page loads: script-src (and connect-src: the script calls home). */
  scripts: readonly string[];
  /** Settings holding a page the app frames: frame-src. */
  frames: readonly string[];
  /** Settings a production build may leave empty: the browser has what they would load built in. */
  builtInWhenEmpty?: readonly string[];
  /**
   * Settings a build may leave empty while the provider is not chosen: the app then withdraws the method
   * (never offers it) and the policy allows no host for it, rather than a placeholder's.
   */
  withdrawnWhenEmpty?: readonly string[];
  /**
   * What the provider documents a page must allow beyond the setting's own directive (script-src for a
   * script, frame-src for a page), keyed by the origin of that setting: only the real provider's host
   * brings them. An origin no row documents (a stand-in) gets connect-src and frame-src as well, since
   * a stand-in serves its frames and answers its calls from its one origin.
   */
  documented: Record<string, Partial<Record<ProviderDirective, readonly string[]>>>;
  /**
   * A wallet whose own frames run its button or sheet (the Payment Request API): the origins of those
   * frames, keyed like `documented`, get Permissions-Policy `payment`. A stand-in's origin gets it itself.
   */
  walletFrames?: Record<string, readonly string[]>;
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
    walletFrames: { 'https://pay.google.com': ['https://pay.google.com'] },
  },
  {
    // Safari has ApplePaySession built in (VITE_APPLE_PAY_SDK_URL is only for a stand-in, empty in
    // production). Apple's JS SDK (VITE_APPLE_PAY_BUTTON_SDK_URL) defines <apple-pay-button>; the sheet is
    // Safari's own (developer.apple.com/documentation/applepayontheweb/displaying-apple-pay-buttons-using-javascript).
    name: 'Apple Pay',
    scripts: ['VITE_APPLE_PAY_SDK_URL', 'VITE_APPLE_PAY_BUTTON_SDK_URL'],
    frames: [],
    builtInWhenEmpty: ['VITE_APPLE_PAY_SDK_URL'],
    documented: { 'https://applepay.cdn-apple.com': {} },
  },
  {
    // Tranzila Hosted Fields: thostedf.js puts one frame per field, from its own host, into the page;
    // the fields send the card from inside their frames.
    name: 'Tranzila',
    scripts: ['VITE_TRANZILA_SDK_URL'],
    frames: [],
    documented: { 'https://hf.tranzila.com': { 'frame-src': ['https://hf.tranzila.com'] } },
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
    // Its Payment and Express Checkout Elements show Apple Pay and Google Pay from js.stripe.com frames
    // (docs.stripe.com/payments/checkout/accept-a-payment: such a frame needs allow="payment *").
    walletFrames: { 'https://js.stripe.com': ['https://js.stripe.com'] },
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
    // The scanner's provider is not named (docs/payments.md): production names none, and card scan is
    // withdrawn until one is (machines/purchase/purchase.selectors.ts offeredMethods).
    name: 'Card scan',
    scripts: [],
    frames: ['VITE_CARD_SCAN_URL'],
    withdrawnWhenEmpty: ['VITE_CARD_SCAN_URL'],
    documented: {},
  },
];

/** An absolute http(s) address's origin; anything else (empty, relative, javascript:) has none. */
export function originOf(address: string | undefined): string | undefined {
  if (!address || !/^https?:\/\//i.test(address)) return undefined;
  return new URL(address).origin;
}

/**
 * The build settings a provider's row names that hold no http(s) address: its host would be missing. A
 * setting its method is withdrawn without may be empty, but never something else than an address.
 */
export function missingProviderSettings(env: Record<string, string | undefined>): string[] {
  return PROVIDERS.flatMap((provider) =>
    [...provider.scripts, ...provider.frames].filter(
      (name) =>
        !originOf(env[name]) &&
        !provider.builtInWhenEmpty?.includes(name) &&
        !(provider.withdrawnWhenEmpty?.includes(name) && !env[name]),
    ),
  );
}

/** The sources each directive needs for the providers, under these build settings. */
export function providerSources(env: Record<string, string | undefined>): Record<ProviderDirective, string[]> {
  const sources: Record<ProviderDirective, string[]> = { 'script-src': [], 'frame-src': [], 'connect-src': [] };
  const add = (provider: Provider, origin: string | undefined, directive: ProviderDirective) => {
    if (!origin) return;
    sources[directive].push(origin);
    const documented = provider.documented[origin];
    if (documented) {
      for (const [name, hosts] of Object.entries(documented)) sources[name as ProviderDirective].push(...hosts);
    } else if (directive === 'script-src') {
      // A stand-in's script frames its pages and calls its host, all on its own origin.
      sources['frame-src'].push(origin);
      sources['connect-src'].push(origin);
    }
  };
  for (const provider of PROVIDERS) {
    for (const name of provider.scripts) add(provider, originOf(env[name]), 'script-src');
    for (const name of provider.frames) add(provider, originOf(env[name]), 'frame-src');
  }
  return sources;
}

/** The origins whose frames may use the Payment Request API (Permissions-Policy payment), under these build settings. */
export function walletFrameOrigins(env: Record<string, string | undefined>): string[] {
  return PROVIDERS.flatMap(({ scripts, walletFrames }) =>
    walletFrames
      ? scripts.flatMap((name) => {
          const origin = originOf(env[name]);
          return origin ? (walletFrames[origin] ?? [origin]) : [];
        })
      : [],
  );
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The operator's API host; empty means this page's own origin (the sandbox). */
  readonly VITE_API_BASE_URL: string;
  readonly VITE_DEFAULT_SUPPORT_PHONE: string;
  readonly VITE_MERCHANT_NAME: string;
  readonly VITE_GOOGLE_PAY_SDK_URL: string;
  readonly VITE_APPLE_PAY_SDK_URL: string;
  readonly VITE_APPLE_PAY_BUTTON_SDK_URL: string;
  readonly VITE_TRANZILA_SDK_URL: string;
  readonly VITE_STRIPE_JS_URL: string;
  readonly VITE_HOSTED_PAGE_ORIGIN: string;
  readonly VITE_BIT_ORIGIN: string;
  readonly VITE_CARD_SCAN_URL: string;
  readonly VITE_WHEELSHARE_MACHINE_ID: string;
  /** Observability (src/observability): empty turns error reporting or analytics off. */
  readonly VITE_SENTRY_DSN: string;
  readonly VITE_ANALYTICS_ID: string;
  readonly VITE_ANALYTICS_ENDPOINT: string;
}

interface Window {
  /**
   * The menu request index.html's early script (src/early-menu.ts) sends on /pay before any module runs;
   * the /pay route's loader takes it (src/api/early-menu.ts takeEarlyMenu).
   */
  earlyMenuRequest?: { readonly url: string; readonly response: Promise<Response> };
}

/** The payment marks joined into one SVG file, each a view named by its file (scripts/payment-marks-plugin.ts): its address. */
declare module 'virtual:payment-marks' {
  const address: string;
  export default address;
}

/** WICG's inert polyfill (src/main.tsx): a script run for its effect, with no exports. */
declare module 'wicg-inert';

/** How each language writes amounts, read from ICU at build time (scripts/money-patterns-plugin.ts). */
declare module 'virtual:money-patterns' {
  const patterns: import('./components/money-patterns.types').MoneyPatterns;
  export default patterns;
}

import { hostedPageOrigin } from '../machines/payment/methods/hosted-page/hosted-page.machine';
import { parseUrl } from '../machines/shared/web-address';

/** Build-time settings (see .env and .env.sandbox). */
export const API_BASE_URL = import.meta.env.VITE_API_BASE_URL;
export const DEFAULT_SUPPORT_PHONE = import.meta.env.VITE_DEFAULT_SUPPORT_PHONE;
/** Apple Pay's merchant name for a menu that has none (requirements.md §3's apple_pay config has no such field). */
export const MERCHANT_NAME = import.meta.env.VITE_MERCHANT_NAME;
/** The machine the wheelshare station's calls name (requirements.md §9: 15). */
export const WHEELSHARE_MACHINE_ID = import.meta.env.VITE_WHEELSHARE_MACHINE_ID || '15';

/** Whether this is the sandbox build (`vite build --mode sandbox`), which runs against the sandbox operator. */
export const SANDBOX_BUILD = import.meta.env.MODE === 'sandbox';

/** The hosted payment page's origin: https, or http only for the sandbox build's stand-ins. */
export const HOSTED_PAGE_ORIGIN = hostedPageOrigin(import.meta.env.VITE_HOSTED_PAGE_ORIGIN, SANDBOX_BUILD);

/** The app's return page (public/payment-return.html), where the hosted page sends the payer back. */
export const HOSTED_PAGE_RETURN_PATH = `${import.meta.env.BASE_URL}payment-return.html`;

/**
 * The card scanner's origin: https, or http only for the sandbox build's stand-in; none when the build
 * names no scanner (its provider is not chosen yet), and card scan is then withdrawn, never pointed at a
 * placeholder.
 */
export const CARD_SCAN_ORIGIN =
  hostedPageOrigin(import.meta.env.VITE_CARD_SCAN_URL, import.meta.env.MODE === 'sandbox') || undefined;

/** Where each payment provider's code or page lives (production: the providers; sandbox: its stand-ins). */
export const PROVIDER_URLS = {
  googlePaySdk: import.meta.env.VITE_GOOGLE_PAY_SDK_URL,
  /** Apple's JS SDK, which defines the <apple-pay-button> element. */
  applePayButtonSdk: import.meta.env.VITE_APPLE_PAY_BUTTON_SDK_URL,
  tranzilaSdk: import.meta.env.VITE_TRANZILA_SDK_URL,
  stripeJs: import.meta.env.VITE_STRIPE_JS_URL,
  /** The Bit processor's origin: the only place the Bit payment page (init's payment_url) may be. */
  bitOrigin: parseUrl(import.meta.env.VITE_BIT_ORIGIN)?.origin,
};

import type { GooglePaymentRequest } from '../../../machines/payment/methods/google-pay/google-pay.request';
import { PROVIDER_URLS } from '../../config';
import { loadScript } from '../load-script';

/** The part of Google's pay.js this app uses. */
interface PaymentsClient {
  isReadyToPay(request: object): Promise<{ result: boolean }>;
  loadPaymentData(request: GooglePaymentRequest): Promise<unknown>;
  createButton(options: ButtonOptions): HTMLElement;
}

/** developers.google.com/pay/api/web/reference/request-objects#ButtonOptions (the part this app sets). */
interface ButtonOptions {
  onClick: () => void;
  buttonColor: 'default' | 'black' | 'white';
  buttonType: 'book' | 'buy' | 'checkout' | 'donate' | 'order' | 'pay' | 'plain' | 'subscribe';
  buttonSizeMode: 'static' | 'fill';
  /** A two-letter language code; Google falls back to the browser's language. */
  buttonLocale: string;
}

interface GooglePayGlobal {
  google?: { payments?: { api?: { PaymentsClient: new (options: { environment: string }) => PaymentsClient } } };
}

let client: PaymentsClient | undefined;

/**
 * Loads pay.js and asks Google's isReadyToPay whether this browser can pay with the machine's payment
 * methods (developers.google.com/pay/api/web/reference/client#isReadyToPay: the IsReadyToPayRequest is
 * the API version and the allowedPaymentMethods; its answer's `result`).
 */
export async function isGooglePayReady(request: GooglePaymentRequest, environment: string): Promise<boolean> {
  await loadScript(PROVIDER_URLS.googlePaySdk);
  const PaymentsClient = (window as GooglePayGlobal).google?.payments?.api?.PaymentsClient;
  if (!PaymentsClient) throw new Error('pay.js did not define google.payments.api.PaymentsClient');
  client = new PaymentsClient({ environment });
  const { apiVersion, apiVersionMinor, allowedPaymentMethods } = request;
  const { result } = await client.isReadyToPay({ apiVersion, apiVersionMinor, allowedPaymentMethods });
  return result;
}

/** Loads pay.js for the payment; fails where Google Pay is not ready on this browser. */
export async function loadGooglePay(request: GooglePaymentRequest, environment: string): Promise<void> {
  if (!(await isGooglePayReady(request, environment))) throw new Error('Google Pay is not ready on this device');
}

/** Shows Google's payment sheet; rejects with {statusCode, statusMessage} when it is closed. */
export function requestGooglePayment(request: GooglePaymentRequest): Promise<unknown> {
  if (!client) return Promise.reject(new Error('Google Pay is not loaded'));
  return client.loadPaymentData(request);
}

/**
 * Google's own Pay button (Google's brand rules allow no other), filling its container, in the page's
 * language. onClick must call requestGooglePayment at once: the sheet opens only inside the click.
 */
export function createGooglePayButton(onClick: () => void, language: string): HTMLElement {
  if (!client) throw new Error('Google Pay is not loaded');
  return client.createButton({
    onClick,
    buttonColor: 'black',
    buttonType: 'pay',
    buttonSizeMode: 'fill',
    buttonLocale: language,
  });
}

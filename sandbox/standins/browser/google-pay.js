/* global openSheet, SANDBOX_ORIGIN */
// Stand-in for Google's pay.js: window.google.payments.api.PaymentsClient.
// https://developers.google.com/pay/api/web/reference/client

const CANCELED = { statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' };
const developerError = (statusMessage) => ({ statusCode: 'DEVELOPER_ERROR', statusMessage });
let sheetShowing = false;

/**
 * Google's mark as its button draws it, the four-colour G then "Pay" in the button's ink: Google's own button
 * artwork (google-pay/flutter-plugin, pay_android/assets/en/buy_with.svg at 1e5ada5, its "GPay" group), moved to
 * the origin and rounded to 0.01; "Pay" takes currentColor (white on the black button, dark on the white one).
 */
const GPAY_MARK =
  '<svg viewBox="0 0 47.3 19.5" width="2.67em" height="1.1em" aria-hidden="true" focusable="false">' +
  '<path fill="currentColor" d="M22.36 3.42V8.16h2.92c.69 0 1.27-.23 1.73-.7.46-.47.7-1.02.7-1.67 0-.63' +
  '-.24-1.18-.7-1.65-.46-.48-1.04-.72-1.73-.72H22.36v0zm0 6.41v5.5H20.61V1.76h4.63c1.18 0 2.18.39 3' +
  ' 1.17.83.78 1.25 1.74 1.25 2.86 0 1.15-.42 2.11-1.25 2.88-.81.77-1.81 1.16-3 1.16H22.36v0zm8.89 2.65' +
  'c0 .46.2.84.58 1.14.39.3.84.46 1.36.46.73 0 1.39-.28 1.96-.82.58-.54.87-1.18.87-1.91-.55-.43-1.31' +
  '-.65-2.28-.65-.71 0-1.3.17-1.77.51-.48.35-.72.77-.72 1.27m2.26-6.74c1.29 0 2.31.34 3.06 1.03.74.69' +
  ' 1.12 1.63 1.12 2.83v5.73H36.02V14.04h-.08c-.72 1.06-1.68 1.59-2.88 1.59-1.03 0-1.88-.3-2.57-.91-.69' +
  '-.61-1.04-1.37-1.04-2.27 0-.97.37-1.73 1.09-2.3.73-.57 1.7-.85 2.92-.85 1.03 0 1.89.19 2.56.57v-.4c0' +
  '-.61-.24-1.12-.72-1.55-.49-.42-1.05-.63-1.69-.63-.98 0-1.75.41-2.32 1.23l-1.54-.96c.85-1.22 2.11' +
  '-1.82 3.76-1.82m13.76.3L41.44 19.42h-1.8l2.16-4.68-3.83-8.7h1.9l2.77 6.67h.04l2.69-6.67h1.9z"/>' +
  '<path fill="#4285F4" d="M15.3 8.64c0-.54-.04-1.07-.13-1.58H7.81v3h4.21c-.18.98-.73 1.81-1.56 2.37' +
  'v1.95h2.52c1.47-1.36 2.32-3.36 2.32-5.74"/>' +
  '<path fill="#34A853" d="M7.81 16.27c2.1 0 3.88-.7 5.17-1.89l-2.52-1.95c-.7.47-1.6.75-2.65.75-2.04 0' +
  '-3.77-1.37-4.39-3.22H.83v2.01c1.29 2.55 3.93 4.3 6.98 4.3"/>' +
  '<path fill="#FABB05" d="M3.42 9.96c-.15-.47-.24-.97-.24-1.49 0-.52.09-1.02.24-1.5v-2H.83C.3 6.02 0' +
  ' 7.21 0 8.47c0 1.26.3 2.45.83 3.5L3.42 9.96z"/>' +
  '<path fill="#E94235" d="M7.81 3.76c1.15 0 2.18.39 2.99 1.17v0L13.03 2.7C11.68 1.44 9.91.67 7.81.67' +
  ' 4.76.67 2.12 2.42.83 4.97l2.59 2c.62-1.84 2.35-3.21 4.39-3.21"/>' +
  '</svg>';

/** The caption Google draws before its "G Pay" mark, per buttonLocale and buttonType. */
const BUTTON_CAPTIONS = {
  en: {
    book: 'Book with',
    buy: 'Buy with',
    checkout: 'Checkout with',
    donate: 'Donate with',
    order: 'Order with',
    pay: 'Pay with',
    plain: '',
    subscribe: 'Subscribe with',
  },
  he: {
    book: 'הזמנה עם',
    buy: 'קנייה עם',
    checkout: 'תשלום בקופה עם',
    donate: 'תרומה עם',
    order: 'הזמנה עם',
    pay: 'תשלום עם',
    plain: '',
    subscribe: 'הרשמה עם',
  },
  fr: {
    book: 'Réserver avec',
    buy: 'Acheter avec',
    checkout: 'Payer avec',
    donate: 'Faire un don avec',
    order: 'Commander avec',
    pay: 'Payer avec',
    plain: '',
    subscribe: "S'abonner avec",
  },
  es: {
    book: 'Reservar con',
    buy: 'Comprar con',
    checkout: 'Pagar con',
    donate: 'Donar con',
    order: 'Pedir con',
    pay: 'Pagar con',
    plain: '',
    subscribe: 'Suscribirse con',
  },
};
/**
 * The button's accessible name, which pay.js sets in English whatever the caption's language (live
 * pages show aria-label "Buy with GPay" on a buy button, "Google Pay" on a plain one).
 */
const buttonName = (type) => (type === 'plain' ? 'Google Pay' : `${BUTTON_CAPTIONS.en[type]} GPay`);

/** What Google checks in a PaymentDataRequest: the first problem, or '' when there is none. */
function requestProblem(request, environment) {
  if (!request || request.apiVersion !== 2) return 'apiVersion must be 2.';
  if (!Array.isArray(request.allowedPaymentMethods) || request.allowedPaymentMethods.length === 0)
    return 'allowedPaymentMethods must list at least one method.';
  // loadPaymentData needs to know how to tokenize each method (request-objects#PaymentMethod).
  if (request.allowedPaymentMethods.some((method) => !method || !method.tokenizationSpecification))
    return 'allowedPaymentMethods[].tokenizationSpecification is required.';
  const merchantId = request.merchantInfo && request.merchantInfo.merchantId;
  if (environment === 'PRODUCTION' && !merchantId) return 'merchantInfo.merchantId is required in PRODUCTION.';
  const info = request.transactionInfo;
  if (!info) return 'transactionInfo is required.';
  if (info.totalPriceStatus !== 'FINAL') return "transactionInfo.totalPriceStatus must be 'FINAL'.";
  if (typeof info.totalPrice !== 'string' || !/^\d+\.\d{2}$/.test(info.totalPrice))
    return 'transactionInfo.totalPrice must be a string with 2 decimals.';
  if (typeof info.currencyCode !== 'string' || !/^[A-Z]{3}$/.test(info.currencyCode))
    return 'transactionInfo.currencyCode must be an ISO 4217 code.';
  return '';
}

/** The PaymentData the account's card gives; the sandbox reads the outcome from the token. */
function paymentData(card, outcome) {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    paymentMethodData: {
      type: 'CARD',
      description: card.description,
      info: card.info,
      tokenizationData: { type: 'PAYMENT_GATEWAY', token: JSON.stringify({ sandbox: outcome }) },
    },
  };
}

/**
 * The payer's card, from Google's side (sandbox/standins/google-pay.ts): Google's sheet is not the
 * page's own and shows only once Google has answered. A failure is Google's "General server error"
 * (developers.google.com/pay/api/web/reference/error-objects).
 */
function accountCard() {
  return fetch(`${SANDBOX_ORIGIN}/sandbox/google-pay/card`).then((response) =>
    response.ok ? response.json() : Promise.reject(new Error(`GET /sandbox/google-pay/card: ${response.status}`)),
  );
}

class PaymentsClient {
  constructor({ environment = 'TEST' } = {}) {
    this.environment = environment;
  }

  /**
   * reference/client#isReadyToPay: an IsReadyToPayRequest (apiVersion 2 and allowedPaymentMethods) answered
   * with {result}, whether this browser can pay with Google Pay. The answer is Google's, not the page's, so it
   * comes asynchronously and may fail (INTERNAL_ERROR) or never come; GET /sandbox/google-pay/ready gives it.
   */
  isReadyToPay(request) {
    if (!request || request.apiVersion !== 2) return Promise.reject(developerError('apiVersion must be 2.'));
    if (!Array.isArray(request.allowedPaymentMethods) || request.allowedPaymentMethods.length === 0)
      return Promise.reject(developerError('allowedPaymentMethods must list at least one payment method.'));
    return fetch(`${SANDBOX_ORIGIN}/sandbox/google-pay/ready`)
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`GET /sandbox/google-pay/ready: ${response.status}`)),
      )
      .then(
        ({ result }) => ({ result: result === true }),
        (error) => Promise.reject({ statusCode: 'INTERNAL_ERROR', statusMessage: String(error) }),
      );
  }

  /**
   * Google's own button (reference/client#createButton, request-objects#ButtonOptions): onClick is
   * required; buttonColor default|black|white, buttonType book|buy|checkout|donate|order|pay|plain|subscribe,
   * buttonSizeMode static (Google's size) or fill (its container's), buttonLocale a two-letter language
   * (else the browser's). Google's markup: a <button> with class "gpay-card-info-container <color>
   * <type> <locale>" named by its aria-label (buttonName), the caption and mark being drawn.
   */
  createButton({ onClick, buttonColor = 'default', buttonType = 'buy', buttonSizeMode = 'static', buttonLocale } = {}) {
    if (typeof onClick !== 'function') throw new TypeError('createButton: onClick is a required function.');
    const type = buttonType in BUTTON_CAPTIONS.en ? buttonType : 'buy';
    const locale = [buttonLocale, navigator.language.slice(0, 2)].find((code) => code in BUTTON_CAPTIONS) || 'en';
    const white = buttonColor === 'white';
    const fill = buttonSizeMode === 'fill';
    const container = document.createElement('div');
    container.className = fill ? 'gpay-card-info-container-fill' : 'gpay-button-container';
    container.style.cssText = fill ? 'width: 100%; height: 100%;' : 'display: inline-block;';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `gpay-card-info-container ${white ? 'white' : 'black'} ${type} ${locale}`;
    button.setAttribute('aria-label', buttonName(type));
    button.style.cssText = `box-sizing: border-box; display: flex; align-items: center; justify-content: center;
      gap: 0.3em; padding: 0 12px; border-radius: 4px; font: 500 16px system-ui, sans-serif; cursor: pointer;
      border: 1px solid ${white ? '#747775' : '#000'}; background: ${white ? '#fff' : '#000'};
      color: ${white ? '#1f1f1f' : '#fff'}; ${fill ? 'width: 100%; height: 100%;' : 'min-width: 160px; height: 40px;'}`;
    const caption = document.createElement('span');
    caption.lang = locale;
    caption.setAttribute('aria-hidden', 'true');
    caption.textContent = BUTTON_CAPTIONS[locale][type];
    // Google's mark as its button draws it: Google's G and "Pay" artwork (GPAY_MARK), never text.
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.dir = 'ltr';
    mark.style.cssText = 'display: inline-flex; align-items: center;';
    mark.innerHTML = GPAY_MARK;
    button.append(caption, mark);
    button.addEventListener('click', onClick);
    container.append(button);
    return container;
  }

  prefetchPaymentData() {}

  loadPaymentData(request) {
    return new Promise((resolve, reject) => {
      // Chrome opens Google Pay's sheet (a payment handler, or a popup elsewhere) only with transient
      // user activation: loadPaymentData must be called from the button's click handler
      // (developers.google.com/pay/api/web/reference/client#loadPaymentData; the Payment Request API's
      // show() "requires transient user activation"). Without it the sheet never opens.
      if (navigator.userActivation && !navigator.userActivation.isActive)
        return reject(developerError('loadPaymentData must be called in response to a user gesture.'));
      const problem = requestProblem(request, this.environment);
      if (problem) return reject(developerError(problem));
      if (sheetShowing) return reject(developerError('A payment sheet is already showing.'));
      sheetShowing = true;
      const { totalPrice, currencyCode } = request.transactionInfo;
      accountCard().then(
        (card) => {
          const finish = (settle) => () => {
            sheetShowing = false;
            sheet.close();
            settle();
          };
          const sheet = openSheet({
            label: 'Google Pay (sandbox)',
            total: `${card.description} · Total: ${totalPrice} ${currencyCode}`,
            actions: [
              { label: 'Approve', onClick: finish(() => resolve(paymentData(card, 'approve'))) },
              { label: 'Decline', onClick: finish(() => resolve(paymentData(card, 'decline'))) },
            ],
            onCancel: finish(() => reject(CANCELED)),
          });
        },
        (error) => {
          sheetShowing = false;
          reject({ statusCode: 'INTERNAL_ERROR', statusMessage: String(error) });
        },
      );
    });
  }
}

window.google = window.google || {};
window.google.payments = { api: { PaymentsClient } };

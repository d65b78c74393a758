/* global openSheet, SANDBOX_ORIGIN */
// Stand-in for Google's pay.js: window.google.payments.api.PaymentsClient.
// https://developers.google.com/pay/api/web/reference/client

const CANCELED = { statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' };
const developerError = (statusMessage) => ({ statusCode: 'DEVELOPER_ERROR', statusMessage });
let sheetShowing = false;

/** Google's G (drawn here after the brand guidelines' colours, not Google's own file). */
const G_LOGO =
  '<svg viewBox="6 8 15 14" width="18" height="17" fill="none" stroke-width="2.4">' +
  '<path d="M17.36 11.52A5.2 5.2 0 0 0 8.61 13.22" stroke="#EA4335"/>' +
  '<path d="M8.61 13.22A5.2 5.2 0 0 0 8.99 17.6" stroke="#FBBC04"/>' +
  '<path d="M8.99 17.6A5.2 5.2 0 0 0 17.36 18.48" stroke="#34A853"/>' +
  '<path d="M17.36 18.48A5.2 5.2 0 0 0 18.7 15H13.5" stroke="#4285F4"/></svg>';

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

  isReadyToPay(request) {
    return request && request.apiVersion === 2
      ? Promise.resolve({ result: true })
      : Promise.reject(developerError('apiVersion must be 2.'));
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
    // Google's mark as its button draws it: the four-colour G, then "Pay" in the button's ink.
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.dir = 'ltr';
    mark.style.cssText = 'display: inline-flex; align-items: center; gap: 0.2em; white-space: nowrap;';
    mark.innerHTML = `${G_LOGO}<span>Pay</span>`;
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

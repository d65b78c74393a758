/* global openSheet */
// Stand-in for Google's pay.js: window.google.payments.api.PaymentsClient.
// https://developers.google.com/pay/api/web/reference/client

const CANCELED = { statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' };
const developerError = (statusMessage) => ({ statusCode: 'DEVELOPER_ERROR', statusMessage });
let sheetShowing = false;

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

/** The PaymentData a test Visa card gives; the sandbox reads the outcome from the token. */
function paymentData(outcome) {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    paymentMethodData: {
      type: 'CARD',
      description: 'Visa •••• 1111',
      info: { cardNetwork: 'VISA', cardDetails: '1111' },
      tokenizationData: { type: 'PAYMENT_GATEWAY', token: JSON.stringify({ sandbox: outcome }) },
    },
  };
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

  createButton({ onClick, buttonColor = 'default', buttonSizeMode = 'static' } = {}) {
    if (typeof onClick !== 'function') throw new TypeError('createButton: onClick is required.');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Buy with Google Pay';
    const white = buttonColor === 'white';
    button.style.cssText = `min-height: 48px; padding: 0 24px; border-radius: 24px; font: 600 16px system-ui, sans-serif;
      cursor: pointer; border: 1px solid #747775; background: ${white ? '#fff' : '#000'}; color: ${white ? '#000' : '#fff'};
      width: ${buttonSizeMode === 'fill' ? '100%' : 'auto'};`;
    button.addEventListener('click', onClick);
    return button;
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
      const finish = (settle) => () => {
        sheetShowing = false;
        sheet.close();
        settle();
      };
      const { totalPrice, currencyCode } = request.transactionInfo;
      const sheet = openSheet({
        label: 'Google Pay (sandbox)',
        total: `Total: ${totalPrice} ${currencyCode}`,
        actions: [
          { label: 'Approve', onClick: finish(() => resolve(paymentData('approve'))) },
          { label: 'Decline', onClick: finish(() => resolve(paymentData('decline'))) },
        ],
        onCancel: finish(() => reject(CANCELED)),
      });
    });
  }
}

window.google = window.google || {};
window.google.payments = { api: { PaymentsClient } };

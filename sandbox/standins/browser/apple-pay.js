/* global openSheet */
// Stand-in for Safari's ApplePaySession, served only when the cookie sandbox_apple_pay=1 is set.
// https://developer.apple.com/documentation/apple_pay_on_the_web/applepaysession

/**
 * Apple's sandbox-testing host (Listing 2 of "Setting Up Your Server",
 * https://developer.apple.com/documentation/applepayontheweb/setting-up-your-server): a test
 * environment's session comes from there, and the operator accepts only Apple's hosts. Nothing calls it.
 */
const VALIDATION_URL = 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession';
const LATEST_VERSION = 14;
/** ISO 4217 numeric codes, as Apple's decrypted token names the currency (sandbox/standins/apple-pay-token.ts). */
const ISO_4217_NUMERIC = { ILS: '376', USD: '840', EUR: '978', GBP: '826' };
const REQUIRED_FIELDS = ['countryCode', 'currencyCode', 'supportedNetworks', 'merchantCapabilities', 'total'];
/**
 * The session version each network needs
 * (https://developer.apple.com/documentation/applepayontheweb/supported-networks).
 */
const NETWORK_VERSIONS = {
  amex: 1,
  chinaUnionPay: 1,
  discover: 1,
  interac: 1,
  masterCard: 1,
  privateLabel: 1,
  visa: 1,
  jcb: 2,
  cartesBancaires: 4,
  eftpos: 4,
  electron: 4,
  maestro: 4,
  vPay: 4,
  elo: 5,
  mada: 5,
  girocard: 11,
  mir: 11,
  dankort: 13,
  bancomat: 14,
  bancontact: 14,
  bankAxept: 15,
};
/** ApplePayMerchantCapability (https://developer.apple.com/documentation/applepayontheweb/applepaymerchantcapability). */
const MERCHANT_CAPABILITIES = ['supports3DS', 'supportsEMV', 'supportsCredit', 'supportsDebit'];

/**
 * What Safari checks when the session is constructed, with its TypeErrors (WebKit
 * Source/WebCore/Modules/applepay: ApplePayMerchantCapability.cpp, ApplePayRequestBase.cpp,
 * PaymentRequestValidator): at least one known capability and one network of this version, a total label.
 */
function requestError(version, request) {
  const missing = REQUIRED_FIELDS.find((field) => !request || !request[field]);
  if (missing) return `Member ApplePayPaymentRequest.${missing} is required.`;
  const { merchantCapabilities, supportedNetworks, total } = request;
  const unknownCapability = merchantCapabilities.find((capability) => !MERCHANT_CAPABILITIES.includes(capability));
  if (unknownCapability !== undefined)
    return `The provided value '${unknownCapability}' is not a valid enum value of type ApplePayMerchantCapability.`;
  if (merchantCapabilities.length === 0) return 'At least one merchant capability must be provided.';
  if (supportedNetworks.length === 0) return 'At least one supported network must be provided.';
  const invalidNetwork = supportedNetworks.find((network) => !(NETWORK_VERSIONS[network] <= version));
  if (invalidNetwork !== undefined) return `"${invalidNetwork}" is not a valid payment network.`;
  if (total.label === undefined || total.label === null) return 'Missing total label.';
  return undefined;
}

/** Safari allows one payment session on a page at a time. */
let sessionShowing = false;

const invalidAccess = (message) => new DOMException(message, 'InvalidAccessError');

/**
 * Safari creates a session only while it handles a user gesture: WebKit's ApplePaySession constructor
 * throws InvalidAccessError "Must create a new ApplePaySession from a user gesture handler."
 * (WebKit Source/WebCore/Modules/applepay/ApplePaySession.cpp; Apple's ApplePaySession reference:
 * "create the session in a user gesture handler"). The strictest reading is kept here: the gesture's
 * own task only (its handlers and their microtasks). Code that first awaits a network fetch, such as
 * an import of a chunk not yet loaded, runs in a later task and is refused, as on an iPhone.
 */
let inGestureTask = false;
for (const type of ['click', 'keydown', 'keyup', 'pointerup', 'mouseup', 'touchend']) {
  window.addEventListener(
    type,
    (event) => {
      if (!event.isTrusted || inGestureTask) return;
      inGestureTask = true;
      setTimeout(() => (inGestureTask = false));
    },
    true,
  );
}

function randomHex(bytes) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
}

class ApplePaySession extends EventTarget {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;

  static canMakePayments() {
    return true;
  }

  static canMakePaymentsWithActiveCard() {
    return Promise.resolve(true);
  }

  static supportsVersion(version) {
    return Number.isInteger(version) && version >= 1 && version <= LATEST_VERSION;
  }

  onvalidatemerchant = null;
  onpaymentauthorized = null;
  oncancel = null;
  #request;
  #sheet = null;
  #begun = false;

  constructor(version, paymentRequest) {
    super();
    if (!inGestureTask) throw invalidAccess('Must create a new ApplePaySession from a user gesture handler.');
    if (!ApplePaySession.supportsVersion(version)) throw invalidAccess(`"${version}" is not a supported version.`);
    const invalid = requestError(version, paymentRequest);
    if (invalid) throw new TypeError(invalid);
    this.#request = paymentRequest;
  }

  begin() {
    if (this.#begun || sessionShowing) throw invalidAccess('Page already has an active payment session.');
    this.#begun = true;
    sessionShowing = true;
    const { total, currencyCode } = this.#request;
    this.#sheet = openSheet({
      label: 'Apple Pay (sandbox)',
      total: `${total.label}: ${total.amount} ${currencyCode}`,
      actions: [
        { label: 'Approve', onClick: () => this.#authorize('approve') },
        { label: 'Decline', onClick: () => this.#authorize('decline') },
      ],
      onCancel: () => this.abort(),
    });
    this.#sheet.setEnabled(false);
    this.#sheet.setStatus('Contacting the merchant…');
    setTimeout(() => this.#dispatch('validatemerchant', { validationURL: VALIDATION_URL }));
  }

  completeMerchantValidation(merchantSession) {
    if (!this.#sheet) throw invalidAccess('The payment session is not active.');
    if (!merchantSession || typeof merchantSession !== 'object') throw new TypeError('A merchant session is required.');
    this.#sheet.setStatus('');
    this.#sheet.setEnabled(true);
  }

  /** Takes STATUS_SUCCESS / STATUS_FAILURE or, from version 3, {status}. */
  completePayment() {
    if (!this.#sheet) throw invalidAccess('The payment session is not active.');
    this.#close();
  }

  abort() {
    if (!this.#sheet) return;
    this.#close();
    this.#dispatch('cancel', {});
  }

  /**
   * The token's paymentData.data: what the payer approved on this sheet, as Apple's decrypted token holds it
   * (transactionAmount in minor units, the ISO 4217 numeric currencyCode). The sandbox writes it as base64
   * JSON instead of encrypting it, as sandbox/standins/apple-pay-token.ts reads it.
   */
  #paymentData(outcome) {
    const { total, currencyCode } = this.#request;
    const payload = {
      transactionAmount: Math.round(Number(total.amount) * 100),
      currencyCode: ISO_4217_NUMERIC[currencyCode] ?? currencyCode,
      sandboxOutcome: outcome,
    };
    return btoa(JSON.stringify(payload));
  }

  #authorize(outcome) {
    const data = this.#paymentData(outcome);
    this.#sheet.setEnabled(false);
    this.#sheet.setStatus('Processing…');
    this.#dispatch('paymentauthorized', {
      payment: {
        token: {
          paymentData: { version: 'EC_v1', data, header: {}, signature: '' },
          paymentMethod: { displayName: 'Visa 1111', network: 'Visa', type: 'debit' },
          transactionIdentifier: randomHex(32).toUpperCase(),
        },
      },
    });
  }

  #close() {
    this.#sheet.close();
    this.#sheet = null;
    sessionShowing = false; // only the showing session has a sheet to close
  }

  /** As Safari does: an event to addEventListener listeners, then to the on<type> handler. */
  #dispatch(type, fields) {
    const event = Object.assign(new Event(type), fields);
    this.dispatchEvent(event);
    const handler = this[`on${type}`];
    if (typeof handler === 'function') handler.call(this, event);
  }
}

window.ApplePaySession = ApplePaySession;

/* global SANDBOX_ORIGIN */
// Stand-in for Stripe.js (https://js.stripe.com): window.Stripe(publishableKey, options), with
// what @stripe/stripe-js and @stripe/react-stripe-js use: elements() with a card (or payment)
// Element, createPaymentMethod, createToken, confirmCardPayment and confirmPayment.
// The card rules and the charge live in the sandbox (POST /sandbox/stripe/*).

// The number on a row of its own, expiry and CVC side by side under it, as Stripe's Payment Element lays out a
// card on a phone (three in a row left 320 px wide a cut number and a label on three lines).
const CARD_STYLE = `
  .sbx-card { display: grid; grid-template-columns: 1fr 1fr; align-items: end; gap: 0.5rem;
    font-family: system-ui, sans-serif; }
  .sbx-card label:first-child { grid-column: 1 / -1; }
  .sbx-card label { display: flex; flex-direction: column; gap: 0.25rem; font-size: 0.85rem; font-weight: 600; }
  .sbx-card input { box-sizing: border-box; width: 100%; min-width: 0; padding: 0.55rem; font: inherit;
    font-size: 16px; border: 1px solid #767676; border-radius: 6px; }
  .sbx-card input:focus-visible { outline: 3px solid #0b57d0; outline-offset: 1px; }
`;
const CARD_FIELDS = [
  { key: 'number', label: 'Card number', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  { key: 'expiry', label: 'Expiry (MM / YY)', autocomplete: 'cc-exp', placeholder: 'MM / YY' },
  { key: 'cvc', label: 'CVC', autocomplete: 'cc-csc', placeholder: 'CVC' },
];
const COMPLETE = { number: /^\d{12,19}$/, expiry: /^\d{2}\/?\d{2}$/, cvc: /^\d{3,4}$/ };

/** How a Stripe object reads the card out of an Element it did not render itself. */
const cardOf = new WeakMap();

function installCardStyle() {
  if (document.getElementById('sbx-card-style')) return;
  const style = document.createElement('style');
  style.id = 'sbx-card-style';
  style.textContent = CARD_STYLE;
  document.head.append(style);
}

/** POSTs to the sandbox; a sandbox error ({message}) becomes a Stripe api_error. */
async function post(path, body) {
  try {
    const response = await fetch(`${SANDBOX_ORIGIN}/sandbox/stripe/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    return response.ok || answer.error ? answer : { error: { type: 'api_error', message: answer.message } };
  } catch {
    return { error: { type: 'api_connection_error', message: 'The sandbox could not be reached.' } };
  }
}

// elements({locale, appearance}) as docs.stripe.com/js/elements_object/create documents them: a locale Stripe
// supports (or 'auto'), and an appearance whose theme is one of Stripe's and whose variables are CSS values.
const LOCALES = ['auto', 'en', 'he', 'fr', 'es', 'ar', 'de', 'it', 'nl', 'pt', 'ru', 'ja', 'zh'];
const THEMES = ['stripe', 'night', 'flat'];

function checkElementsOptions({ locale = 'auto', appearance } = {}) {
  if (!LOCALES.includes(locale)) throw new Error(`Invalid value for elements(): locale '${locale}' is not supported.`);
  if (appearance === undefined) return;
  if (appearance.theme !== undefined && !THEMES.includes(appearance.theme))
    throw new Error(`Invalid value for elements(): appearance.theme should be one of ${THEMES.join(', ')}.`);
  for (const [name, value] of Object.entries(appearance.variables || {}))
    if (typeof value !== 'string' || !value)
      throw new Error(`Invalid value for elements(): appearance.variables.${name} should be a non-empty string.`);
}

/**
 * A card Element: three labelled inputs rendered into the node it is mounted on, marked with the
 * Elements' locale (lang) and styled by the card Element's Style object (base.color, base.fontFamily).
 */
function createCardElement(elementType, options, elementsOptions, onDestroy) {
  const listeners = new Map();
  const emit = (event, payload) => (listeners.get(event) || new Set()).forEach((handler) => handler(payload));
  let group = null;
  const inputs = {};
  const compact = (key) => (inputs[key] ? inputs[key].value.replace(/\s/g, '') : '');

  function changed() {
    const empty = CARD_FIELDS.every(({ key }) => compact(key) === '');
    const complete = CARD_FIELDS.every(({ key }) => COMPLETE[key].test(compact(key)));
    emit('change', { elementType, empty, complete, error: undefined, brand: 'unknown', value: { postalCode: '' } });
  }

  function render() {
    installCardStyle();
    group = document.createElement('div');
    group.className = 'sbx-card';
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', 'Card details');
    group.lang = elementsOptions.locale && elementsOptions.locale !== 'auto' ? elementsOptions.locale : '';
    const base = (options.style && options.style.base) || {};
    Object.assign(group.style, { color: base.color || '', fontFamily: base.fontFamily || '' });
    for (const { key, label, autocomplete, placeholder } of CARD_FIELDS) {
      const wrapper = document.createElement('label');
      const input = document.createElement('input');
      Object.assign(input, {
        name: key,
        autocomplete,
        placeholder,
        inputMode: 'numeric',
        disabled: !!options.disabled,
      });
      input.addEventListener('input', changed);
      wrapper.append(label, input);
      group.append(wrapper);
      inputs[key] = input;
    }
    group.addEventListener('focusin', (event) => {
      if (!group.contains(event.relatedTarget)) emit('focus', { elementType });
    });
    group.addEventListener('focusout', (event) => {
      if (!group.contains(event.relatedTarget)) emit('blur', { elementType });
    });
    group.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') emit('escape', { elementType });
    });
  }

  const element = {
    mount(domElementOrSelector) {
      const host =
        typeof domElementOrSelector === 'string' ? document.querySelector(domElementOrSelector) : domElementOrSelector;
      if (!host) throw new Error(`Stripe: cannot mount the ${elementType} Element: no such DOM element.`);
      if (!group) render();
      host.append(group);
      // Later, as after a real Element's iframe loads: react-stripe-js attaches onReady after mounting.
      setTimeout(() => emit('ready', { elementType }), 50);
    },
    on(event, handler) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(handler);
      return element;
    },
    off(event, handler) {
      if (handler) (listeners.get(event) || new Set()).delete(handler);
      else listeners.delete(event);
      return element;
    },
    once(event, handler) {
      const onceHandler = (payload) => {
        element.off(event, onceHandler);
        handler(payload);
      };
      return element.on(event, onceHandler);
    },
    update(updates) {
      Object.assign(options, updates);
      Object.values(inputs).forEach((input) => (input.disabled = !!options.disabled));
    },
    focus() {
      if (inputs.number) inputs.number.focus();
    },
    blur() {
      if (group && group.contains(document.activeElement)) document.activeElement.blur();
    },
    clear() {
      Object.values(inputs).forEach((input) => (input.value = ''));
      changed();
    },
    unmount() {
      if (group) group.remove();
    },
    destroy() {
      element.unmount();
      listeners.clear();
      onDestroy();
    },
  };
  cardOf.set(element, () => ({
    number: compact('number'),
    expiry: compact('expiry').replace(/^(\d{2})\/?(\d{2})$/, '$1/$2'),
    cvc: compact('cvc'),
  }));
  return element;
}

function createElements(options = {}) {
  checkElementsOptions(options);
  const created = new Map();
  const elements = {
    create(type, elementOptions = {}) {
      if (type !== 'card' && type !== 'payment') throw new Error(`The sandbox Stripe.js has no ${type} Element.`);
      if (created.has(type)) throw new Error(`Can only create one Element of type ${type}.`);
      const element = createCardElement(type, { ...elementOptions }, options, () => created.delete(type));
      created.set(type, element);
      return element;
    },
    // react-stripe-js passes its component (CardElement), which names its type in __elementType.
    getElement: (type) => created.get(typeof type === 'string' ? type : type && type.__elementType) || null,
    update(updates) {
      Object.assign(options, updates);
    },
    fetchUpdates: () => Promise.resolve({}),
    /** Validates the card with the sandbox's card rules (no charge). */
    async submit() {
      const { error } = await paymentMethodFrom(cardElementOf(elements));
      return error ? { error } : { selectedPaymentMethod: 'card' };
    },
  };
  return elements;
}

const cardElementOf = (elements) => elements && (elements.getElement('payment') || elements.getElement('card'));

/** {paymentMethod} or {error}; field errors come back as validation_error. */
async function paymentMethodFrom(element, billingDetails) {
  const read = element && cardOf.get(element);
  if (!read) return { error: { type: 'invalid_request_error', message: 'A mounted card Element is required.' } };
  const answer = await post('payment_methods', { type: 'card', card: read(), billing_details: billingDetails });
  return answer.error ? { error: answer.error } : { paymentMethod: answer };
}

/** {paymentIntent} or {error}; a declined card is a card_error. */
async function confirm(clientSecret, paymentMethod) {
  if (!clientSecret) return { error: { type: 'invalid_request_error', message: 'A clientSecret is required.' } };
  const answer = await post('confirm', { client_secret: clientSecret, payment_method: paymentMethod.id });
  return answer.error ? { error: answer.error } : { paymentIntent: answer };
}

function Stripe(publishableKey) {
  if (typeof publishableKey !== 'string' || !publishableKey)
    throw new Error('Stripe(): a publishable key is required.');

  const createPaymentMethod = ({ card, billing_details } = {}) => paymentMethodFrom(card, billing_details);
  const confirmWith = async (clientSecret, methodResult) =>
    methodResult.error ? methodResult : confirm(clientSecret, methodResult.paymentMethod);

  return {
    elements: createElements,
    createPaymentMethod,
    async createToken(element) {
      const { paymentMethod, error } = await paymentMethodFrom(element);
      return error
        ? { error }
        : { token: { id: paymentMethod.id.replace(/^pm_/, 'tok_'), object: 'token', card: paymentMethod.card } };
    },
    /** data.payment_method: a PaymentMethod id, or {card: element, billing_details}. */
    async confirmCardPayment(clientSecret, data = {}) {
      const method = data.payment_method;
      return confirmWith(
        clientSecret,
        typeof method === 'string' ? { paymentMethod: { id: method } } : await createPaymentMethod(method),
      );
    },
    async confirmPayment({ elements, clientSecret, confirmParams = {}, redirect = 'always' }) {
      const result = await confirmWith(clientSecret, await paymentMethodFrom(cardElementOf(elements)));
      if (result.error || redirect === 'if_required' || !confirmParams.return_url) return result;
      // A real redirect: the page goes away, so the promise never settles.
      const returnUrl = new URL(confirmParams.return_url, location.href);
      returnUrl.searchParams.set('payment_intent', result.paymentIntent.id);
      returnUrl.searchParams.set('payment_intent_client_secret', clientSecret);
      returnUrl.searchParams.set('redirect_status', 'succeeded');
      location.assign(returnUrl.href);
      return new Promise(() => {});
    },
    registerAppInfo() {},
    _registerWrapper() {},
  };
}

// @stripe/stripe-js compares this with the release it expects.
Stripe.version = 'endive';
window.Stripe = Stripe;

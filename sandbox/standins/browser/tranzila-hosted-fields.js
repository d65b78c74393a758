/* global SANDBOX_ORIGIN */
// Stand-in for Tranzila's hosted fields SDK: window.TzlaHostedFields.create(options) (docs.tranzila.com,
// Hosted Fields). Each field is a frame of Tranzila's own origin, so the card never reaches the merchant's
// page: the SDK only talks to the frames by postMessage, checking origins both ways. charge() asks the
// card-number frame, which gathers its sibling frames, charges the processor and posts the answer back.

const FIELD_TITLES = { credit_card_number: 'Card number', expiry: 'Expiry (MM/YY)', cvv: 'CVV' };
const CHANNEL = 'tzla-hosted-fields';

/** {input: {'font-size': '16px'}} -> 'input { font-size: 16px; }' */
function cssText(styles = {}) {
  return Object.entries(styles)
    .map(([selector, rules]) => {
      const declarations = Object.entries(rules).map(([property, value]) => `${property}: ${value};`);
      return `${selector} { ${declarations.join(' ')} }`;
    })
    .join('\n');
}

function mountField(name, field) {
  const host = field && document.querySelector(field.selector);
  if (!host) throw new Error(`TzlaHostedFields: fields.${name}.selector matches no element.`);
  const frame = document.createElement('iframe');
  frame.title = FIELD_TITLES[name];
  const query = { name, placeholder: field.placeholder || '', parent_origin: location.origin };
  frame.src = `${SANDBOX_ORIGIN}/sandbox/tranzila/field?${new URLSearchParams(query)}`;
  if (field.tabindex !== undefined) frame.tabIndex = Number(field.tabindex);
  frame.style.cssText = 'display: block; width: 100%; height: 3rem; border: 0;';
  host.replaceChildren(frame);
  return frame;
}

function create({ fields, styles } = {}) {
  const css = cssText(styles);
  const frames = Object.fromEntries(
    Object.keys(FIELD_TITLES).map((name) => [name, mountField(name, fields && fields[name])]),
  );
  const post = (name, message) =>
    frames[name].contentWindow.postMessage({ channel: CHANNEL, ...message }, SANDBOX_ORIGIN);
  const readyNames = new Set();
  const readyHandlers = [];
  const pending = new Map();
  let chargeCount = 0;

  window.addEventListener('message', (event) => {
    // Only our own frames, on Tranzila's origin, speak to the SDK.
    const name = Object.keys(frames).find((each) => frames[each].contentWindow === event.source);
    if (event.origin !== SANDBOX_ORIGIN || !name || !event.data || event.data.channel !== CHANNEL) return;
    const message = event.data;
    if (message.type === 'ready') {
      post(name, { type: 'style', css });
      readyNames.add(name);
      if (readyNames.size === Object.keys(frames).length) readyHandlers.splice(0).forEach((handler) => handler());
    } else if (message.type === 'charged' && name === 'credit_card_number' && pending.has(message.id)) {
      const callback = pending.get(message.id);
      pending.delete(message.id);
      callback(message.error || null, message.response || null);
    }
  });

  const whenReady = (handler) =>
    readyNames.size === Object.keys(frames).length ? handler() : readyHandlers.push(handler);

  return {
    onEvent(name, handler) {
      if (name === 'ready') whenReady(handler);
    },

    /**
     * callback(err, response): err.messages lists {param, message}; a response's transaction_response
     * says success true or false (a decline, with error_code) (docs.tranzila.com, Hosted Fields).
     */
    charge(params, callback) {
      chargeCount += 1;
      const id = chargeCount;
      pending.set(id, callback);
      whenReady(() => post('credit_card_number', { type: 'charge', id, params }));
    },
  };
}

window.TzlaHostedFields = { create };

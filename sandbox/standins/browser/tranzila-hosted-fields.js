/* global SANDBOX_ORIGIN */
// Stand-in for Tranzila's hosted fields SDK: window.TzlaHostedFields.create(options).
// Each field is a same-origin iframe holding one input; charge() reads them and posts the card
// to the sandbox processor, which answers in Tranzila's shape.

const FIELD_TITLES = { credit_card_number: 'Card number', expiry: 'Expiry (MM/YY)', cvv: 'CVV' };
const PAYMENT_FAILED = [{ param: 'general', message: 'Payment failed.' }];

/** {input: {'font-size': '16px'}} -> 'input { font-size: 16px; }' */
function cssText(styles = {}) {
  return Object.entries(styles)
    .map(([selector, rules]) => {
      const declarations = Object.entries(rules).map(([property, value]) => `${property}: ${value};`);
      return `${selector} { ${declarations.join(' ')} }`;
    })
    .join('\n');
}

/** The visitor's session uuid as the app keeps it in local storage (raw or JSON-encoded). */
function sessionUuid() {
  const stored = localStorage.getItem('session_uuid') || '';
  return stored.startsWith('"') ? JSON.parse(stored) : stored;
}

function mountField(name, field, css) {
  const host = field && document.querySelector(field.selector);
  if (!host) throw new Error(`TzlaHostedFields: fields.${name}.selector matches no element.`);
  const frame = document.createElement('iframe');
  frame.title = FIELD_TITLES[name];
  frame.src = `${SANDBOX_ORIGIN}/sandbox/tranzila/field?${new URLSearchParams({ name, placeholder: field.placeholder || '' })}`;
  if (field.tabindex !== undefined) frame.tabIndex = Number(field.tabindex);
  frame.style.cssText = 'display: block; width: 100%; height: 3rem; border: 0;';
  const loaded = new Promise((resolve) => {
    frame.addEventListener('load', () => {
      const style = frame.contentDocument.createElement('style');
      style.textContent = css;
      frame.contentDocument.head.append(style);
      resolve();
    });
  });
  host.replaceChildren(frame);
  return { frame, loaded };
}

function create({ fields, styles } = {}) {
  const css = cssText(styles);
  const mounted = Object.keys(FIELD_TITLES).map((name) => [name, mountField(name, fields && fields[name], css)]);
  const ready = Promise.all(mounted.map(([, field]) => field.loaded));
  const values = () =>
    Object.fromEntries(mounted.map(([name, { frame }]) => [name, frame.contentDocument.querySelector('input').value]));

  return {
    onEvent(name, handler) {
      if (name === 'ready') ready.then(() => handler());
    },

    /** callback(err, response): err.messages lists {param, message}; response.transaction_response on success. */
    charge(params, callback) {
      const body = { ...params, ...values(), session_uuid: sessionUuid() };
      fetch(`${SANDBOX_ORIGIN}/sandbox/tranzila/charge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
        .then((response) => response.json())
        .catch(() => ({}))
        .then((answer) => {
          if (answer.transaction_response && !answer.errors) return callback(null, answer);
          // A sandbox error ({message}: an unknown session, say) is reported like a processor error.
          const general = answer.message ? [{ param: 'general', message: answer.message }] : PAYMENT_FAILED;
          callback({ messages: answer.errors || general });
        });
    },
  };
}

window.TzlaHostedFields = { create };

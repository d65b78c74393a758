// One of Tranzila's hosted field frames (the stand-in's /sandbox/tranzila/field page). It listens only to
// the merchant's page that framed it (the origin the server checked, at the top of this frame's window
// tree) and answers only there. The card-number frame charges: it reads its sibling frames, which share
// its origin, and posts the card to the processor on this origin; the merchant's page never sees it.

const CHANNEL = 'tzla-hosted-fields';
const PAYMENT_FAILED = { messages: [{ param: 'general', message: 'Payment failed.' }] };
const input = document.querySelector('input[data-parent-origin]');
const parentOrigin = input.dataset.parentOrigin;

const tell = (message) => window.parent.postMessage({ channel: CHANNEL, ...message }, parentOrigin);

/** The values of the three fields: this frame's and its same-origin siblings'. */
function cardValues() {
  const values = {};
  for (let index = 0; index < window.parent.frames.length; index += 1) {
    try {
      const field = window.parent.frames[index].document.querySelector('input[data-parent-origin]');
      if (field) values[field.name] = field.value;
    } catch {
      // A frame of another origin: not one of ours.
    }
  }
  return values;
}

async function charge(params) {
  const card = cardValues();
  try {
    const response = await fetch('/sandbox/tranzila/charge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The card comes last: the page's parameters can never replace it.
      body: JSON.stringify({
        ...params,
        credit_card_number: card.credit_card_number,
        expiry: card.expiry,
        cvv: card.cvv,
      }),
    });
    const answer = await response.json();
    if (answer.errors) return { error: { messages: answer.errors } };
    return answer.transaction_response ? { response: answer } : { error: PAYMENT_FAILED };
  } catch {
    return { error: PAYMENT_FAILED };
  }
}

window.addEventListener('message', async (event) => {
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const message = event.data;
  if (!message || message.channel !== CHANNEL) return;
  if (message.type === 'style') {
    const style = document.createElement('style');
    style.textContent = message.css;
    document.head.append(style);
  } else if (message.type === 'charge' && input.name === 'credit_card_number') {
    tell({ type: 'charged', id: message.id, ...(await charge(message.params)) });
  }
});

tell({ type: 'ready', name: input.name });

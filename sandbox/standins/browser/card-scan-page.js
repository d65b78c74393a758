// The card scan page: a simulated scan charges the card through the sandbox, then the outcome is
// posted to the page that framed this one, at the origin the sandbox wrote into data-target-origin.

const scan = document.querySelector('[data-session-id]');
const status = document.getElementById('scan-status');
const buttons = [...document.querySelectorAll('button')];

function report(outcome) {
  window.parent.postMessage({ source: 'card-scan', ...outcome }, scan.dataset.targetOrigin);
}

async function charge(button) {
  buttons.forEach((each) => (each.disabled = true));
  status.textContent = 'Charging the card…';
  const outcome = await fetch('/sandbox/card-scan/charge', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      session_id: scan.dataset.sessionId,
      amount: scan.dataset.amount,
      number: button.dataset.number,
      expiry: button.dataset.expiry,
    }),
  })
    .then((response) => response.json())
    .catch(() => ({}));
  const result = outcome.status ? outcome : { status: 'declined', message: outcome.message || 'Payment failed.' };
  status.textContent = result.status === 'approved' ? 'Payment approved.' : result.message;
  report(result);
}

// The buttons come disabled, so a tap before this script runs is never lost.
for (const button of buttons) {
  button.addEventListener('click', () => (button.dataset.number ? charge(button) : report({ status: 'cancelled' })));
  button.disabled = false;
}

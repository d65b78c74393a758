// The card scan page: a simulated scan charges the card through the scanner (which notifies the
// operator first), then the outcome is posted to the page that framed this one, at the origin the
// operator opened the scan for (data-target-origin). Cancel closes the scan at the scanner first.

const scan = document.querySelector('[data-scan]');
const status = document.getElementById('scan-status');
const buttons = [...document.querySelectorAll('button')];

function report(outcome) {
  window.parent.postMessage({ source: 'card-scan', ...outcome }, scan.dataset.targetOrigin);
}

const post = (path, body) =>
  fetch(`/sandbox/card-scan/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scan: scan.dataset.scan, ...body }),
  })
    .then((response) => response.json())
    .catch(() => ({}));

async function charge(button) {
  buttons.forEach((each) => (each.disabled = true));
  status.textContent = 'Charging the card…';
  const outcome = await post('charge', { number: button.dataset.number, expiry: button.dataset.expiry });
  const result = outcome.status ? outcome : { status: 'declined', message: outcome.message || 'Payment failed.' };
  status.textContent = result.status === 'approved' ? 'Payment approved.' : result.message;
  report(result);
}

async function cancel() {
  buttons.forEach((each) => (each.disabled = true));
  await post('cancel', {});
  report({ status: 'cancelled' });
}

// The buttons come disabled, so a tap before this script runs is never lost.
for (const button of buttons) {
  button.addEventListener('click', () => (button.dataset.number ? charge(button) : cancel()));
  button.disabled = false;
}

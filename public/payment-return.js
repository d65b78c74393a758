/*
 * The app's return page (payment-return.html): the Hyp terminal's return page (the operator's) sends the
 * payer here with Hyp's signed parameters. In the app's frame the app reads this address itself and this
 * script does nothing. Loaded at the top level (a redirect display mode, or a 3-D Secure page that broke
 * out of the frame), the app that started the payment is gone: this page goes back to the page the payment
 * was started on (src/lib/purchase-storage.ts keeps it while the payment is underway), which asks the
 * operator what became of it (GET /payment/status: Hyp's notification has told it). Hyp's parameters are
 * not carried: the operator never needs the browser's word. A plain script (no module), apart from the
 * app's bundle.
 */
(function () {
  'use strict';
  if (window.top !== window.self) return;
  var status = document.getElementById('return-status');
  var back = document.getElementById('return-start');
  try {
    var pending = window.localStorage.getItem('payStatus') === 'pending';
    var session = window.localStorage.getItem('payment_underway_session');
    var page = new URL(window.localStorage.getItem('payment_underway_page') || '', window.location.href);
    if (pending && session && page.origin === window.location.origin) {
      window.location.replace(page.href);
      return;
    }
  } catch {
    // storage that is off, or no page kept: nothing to carry on with
  }
  // Nothing of this browser's is waiting (a reload, a shared or replayed address): no dead end.
  if (status) status.textContent = 'There is no payment waiting here. Its result is kept by the operator.';
  if (back) back.hidden = false;
})();

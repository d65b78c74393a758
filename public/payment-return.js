/*
 * The app's return page (payment-return.html): the Hyp terminal's return page (the operator's) sends the
 * payer here with Hyp's signed parameters. In the app's frame the app reads this address itself and this
 * script does nothing. Loaded at the top level (a redirect display mode, or a 3-D Secure page that broke
 * out of the frame), the app that started the payment is gone: this page hands Hyp's parameters to the
 * app's /pay of the payment's machine with the one-time return marker the app stored when it framed the
 * page, and the app has the operator verify them (src/payments/hosted-page/hosted-page-return.ts). The
 * same shape as Bit's return (bit_return). A plain script (no module): it runs apart from the app's bundle.
 */
(function () {
  'use strict';
  if (window.top !== window.self) return;
  var status = document.getElementById('return-status');
  var back = document.getElementById('return-start');
  try {
    var marker = window.localStorage.getItem('payment_return_token');
    var machineId = window.localStorage.getItem('machine_id');
    var pending = window.localStorage.getItem('payStatus') === 'pending';
    if (marker && machineId && pending && window.location.search.length > 1) {
      window.localStorage.setItem('payment_return_hosted_page', window.location.search.slice(1));
      var next = new URL('pay', window.location.href);
      next.searchParams.set('machine_id', machineId);
      next.searchParams.set('hosted_page_return', marker);
      window.location.replace(next.href);
      return;
    }
  } catch {
    // storage that is off: nothing to carry on with
  }
  // Nothing of this browser's is waiting (a reload, a shared or replayed address): no dead end.
  if (status) status.textContent = 'There is no payment waiting here. Its result is kept by the operator.';
  if (back) back.hidden = false;
})();

import { googlePayMachine, type WalletPayInput } from '../../machines/payment/methods/google-pay/google-pay.machine';
import type { GooglePaymentRequest } from '../../machines/payment/methods/google-pay/google-pay.request';
import type { PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import type { PaymentContext } from '../../machines/payment/payment.shared';
import { ApiError } from '../../machines/shared/api-failure';
import type { EventObject } from 'xstate';
import { anonymousOrder, singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, stays, to, type PathScenario } from './edge-coverage';
import { abandons, callFailed, fails, payAnswered, paymentOracle } from './payment-oracle';

/** The SDK, the sheet and the wallet call never settle by themselves: each path sends their answers. */
const machine = googlePayMachine.provide({
  actors: {
    loadGooglePay: pendingPromise<unknown, { order: PaymentOrder }>(),
    requestGooglePayment: pendingPromise<unknown, GooglePaymentRequest>(),
    payWithWallet: pendingPromise<PayResponse, WalletPayInput>(),
  },
});

const events = samplesOf([
  { type: 'xstate.done.actor.loadGooglePay', output: undefined },
  { type: 'xstate.error.actor.loadGooglePay', error: new Error('pay.js did not load') },
  // xstate 5.33 names a delayed event `xstate.after.<delay name>.<state id>`
  { type: 'xstate.after.googlePayLoader.googlePay.Idle.ShowingLoader' },
  { type: 'payment.start' },
  { type: 'drawer.close' },
  { type: 'xstate.done.actor.requestGooglePayment', output: { paymentMethodData: { type: 'CARD' } } },
  { type: 'xstate.error.actor.requestGooglePayment', error: { statusCode: 'CANCELED', statusMessage: 'Closed' } },
  // both branches of payApproved
  { type: 'xstate.done.actor.payWithWallet', output: { status: 0, msg: 'Approved', transactionId: 'tx-1' } },
  { type: 'xstate.done.actor.payWithWallet', output: { status: 51, msg: 'Refused', transactionId: 'tx-2' } },
  { type: 'xstate.done.actor.payWithWallet', output: { status: 1, msg: 'Declined', transactionId: 'tx-3' } },
  { type: 'xstate.error.actor.payWithWallet', error: new ApiError({ kind: 'http', status: 502, message: 'Down' }) },
]);

/** knowsVisitor reads the order, which is the scenario's input: the state value is enough. */
const serializeState: PathScenario['serializeState'] = (snapshot) => JSON.stringify(snapshot.value);

/** requirements.md §4 and §8 for Google Pay: a loader first, a tap, the sheet, then the wallet call. */
const oracle = paymentOracle({
  loading: [{ Idle: 'LoadingSdk' }, { Idle: 'ShowingLoader' }],
  next: (before, event) => {
    const { order } = before.context as PaymentContext;
    const sample = event as EventObject & { output?: unknown; error?: unknown };
    switch (sample.type) {
      case 'xstate.done.actor.loadGooglePay':
        return to({ Idle: 'ShowingLoader' });
      case 'xstate.error.actor.loadGooglePay':
        return fails({ reason: 'unavailable' });
      case 'xstate.after.googlePayLoader.googlePay.Idle.ShowingLoader':
        return to({ Idle: 'AwaitingTap' });
      case 'payment.start':
        // requirements.md §8: Google Pay without a visitor uuid fails before the sheet opens.
        return order.visitorUuid ? to({ Processing: 'RequestingPayment' }) : fails({ reason: 'internal' });
      case 'drawer.close':
        return before.matches('Idle') ? abandons() : stays();
      case 'xstate.done.actor.requestGooglePayment':
        return to({ Processing: 'Paying' });
      case 'xstate.error.actor.requestGooglePayment':
        // requirements.md §4: a closed sheet fails with its status code.
        return fails({ reason: 'sheetClosed', code: 'CANCELED' });
      case 'xstate.done.actor.payWithWallet':
        return payAnswered(sample.output as PayResponse);
      case 'xstate.error.actor.payWithWallet':
        return callFailed(sample.error, { charges: true });
      default:
        throw new Error(`the Google Pay oracle does not know ${sample.type}`);
    }
  },
});

describeEdgePaths({
  oracle,
  machineId: 'googlePay',
  machine,
  scenarios: [
    // both branches of knowsVisitor
    { label: 'known visitor', input: { order: singleLineOrder }, events, serializeState },
    { label: 'no visitor uuid', input: { order: anonymousOrder }, events, serializeState },
  ],
});

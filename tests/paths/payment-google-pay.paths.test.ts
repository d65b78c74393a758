import { googlePayMachine, type WalletPayInput } from '../../machines/payment/google-pay.machine';
import type { GooglePaymentRequest } from '../../machines/payment/google-pay.request';
import type { PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { anonymousOrder, singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, type PathScenario } from './edge-coverage';

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
  { type: 'xstate.done.actor.payWithWallet', output: { status: 51, msg: 'Declined', transactionId: 'tx-2' } },
  { type: 'xstate.error.actor.payWithWallet', error: new ApiError({ kind: 'http', status: 502, message: 'Down' }) },
]);

/** knowsVisitor reads the order, which is the scenario's input: the state value is enough. */
const serializeState: PathScenario['serializeState'] = (snapshot) => JSON.stringify(snapshot.value);

describeEdgePaths({
  machineId: 'googlePay',
  machine,
  scenarios: [
    // both branches of knowsVisitor
    { label: 'known visitor', input: { order: singleLineOrder }, events, serializeState },
    { label: 'no visitor uuid', input: { order: anonymousOrder }, events, serializeState },
  ],
});

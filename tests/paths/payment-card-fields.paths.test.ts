import { cardFieldsMachine, type HandshakeChargeInput } from '../../machines/payment/card-fields.machine';
import type { PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder, twoLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, type PathScenario } from './edge-coverage';

/** The processor's calls never settle by themselves: each path sends their answers. */
const machine = cardFieldsMachine.provide({
  actors: {
    mountCardFields: pendingPromise<unknown, { terminal: string }>(),
    createHandshake: pendingPromise<string, { order: PaymentOrder }>(),
    chargeCard: pendingPromise<unknown, HandshakeChargeInput>(),
    confirmCharge: pendingPromise<PayResponse, { order: PaymentOrder; chargeResponse: unknown }>(),
  },
});

const events = samplesOf([
  { type: 'xstate.done.actor.mountCardFields', output: undefined },
  { type: 'xstate.error.actor.mountCardFields', error: new Error('hosted fields did not load') },
  { type: 'payment.start' },
  { type: 'drawer.close' },
  { type: 'xstate.done.actor.createHandshake', output: 'thtk-1' },
  { type: 'xstate.error.actor.createHandshake', error: new ApiError({ kind: 'http', status: 400, message: 'No' }) },
  // both branches of chargeDeclined
  { type: 'xstate.done.actor.chargeCard', output: { transaction_response: { success: true } } },
  {
    type: 'xstate.done.actor.chargeCard',
    output: { transaction_response: { success: false, error_code: '004', error: 'Declined', transaction_id: '7' } },
  },
  // a per-field error and one naming no field
  { type: 'xstate.error.actor.chargeCard', error: { messages: [{ param: 'cvv', message: 'Bad CVV' }] } },
  { type: 'xstate.error.actor.chargeCard', error: { messages: [{ message: 'Declined' }] } },
  // both branches of payApproved
  { type: 'xstate.done.actor.confirmCharge', output: { status: 0, msg: 'Approved', transactionId: 'tx-1' } },
  { type: 'xstate.done.actor.confirmCharge', output: { status: 3, msg: 'Refused', transactionId: 'tx-2' } },
  { type: 'xstate.error.actor.confirmCharge', error: new ApiError({ kind: 'timeout' }) },
]);

const serializeState: PathScenario['serializeState'] = (snapshot) => {
  const { chargeFailed } = snapshot.context as { chargeFailed: boolean };
  return JSON.stringify([snapshot.value, chargeFailed]);
};

const input = (order: PaymentOrder) => ({ order, terminal: 'term-1' });

describeEdgePaths({
  machineId: 'cardFields',
  machine,
  scenarios: [
    // both branches of chargeablePrice
    { label: 'chargeable price', input: input(singleLineOrder), events, serializeState },
    { label: 'price not the first line', input: input(twoLineOrder), events, serializeState },
  ],
});

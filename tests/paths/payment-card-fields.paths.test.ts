import {
  cardFieldsMachine,
  type HandshakeChargeInput,
} from '../../machines/payment/methods/card-fields/card-fields.machine';
import type { PaymentOrder, PayResponse, AttemptInput } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder, twoLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, stays, to, type PathScenario } from './edge-coverage';
import { abandons, callFailed, fails, payAnswered, paymentOracle } from './payment-oracle';
import type { PaymentContext } from '../../machines/payment/payment.shared';
import type { EventObject } from 'xstate';
import { expect } from 'vitest';

/** The processor's calls never settle by themselves: each path sends their answers. */
const machine = cardFieldsMachine.provide({
  actors: {
    mountCardFields: pendingPromise<unknown, { terminal: string }>(),
    createHandshake: pendingPromise<string, AttemptInput>(),
    chargeCard: pendingPromise<unknown, HandshakeChargeInput>(),
    confirmCharge: pendingPromise<PayResponse, AttemptInput & { chargeResponse: unknown }>(),
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
  { type: 'xstate.done.actor.confirmCharge', output: { status: 1, msg: 'Declined', transactionId: 'tx-3' } },
  { type: 'xstate.error.actor.confirmCharge', error: new ApiError({ kind: 'timeout' }) },
]);

const serializeState: PathScenario['serializeState'] = (snapshot) => {
  const { chargeFailed } = snapshot.context as { chargeFailed: boolean };
  return JSON.stringify([snapshot.value, chargeFailed]);
};

const input = (order: PaymentOrder) => ({ order, terminal: 'term-1' });

/** requirements.md §4 and §8 for Tranzila's card fields: handshake, charge, then the operator's confirmation. */
const oracle = paymentOracle({
  loading: [{ Idle: 'LoadingFields' }],
  next: (before, event) => {
    const { order } = before.context as PaymentContext;
    const sample = event as EventObject & { output?: unknown; error?: unknown };
    switch (sample.type) {
      case 'xstate.done.actor.mountCardFields':
        return to({ Idle: 'EnteringCard' });
      case 'xstate.error.actor.mountCardFields':
        return fails({ reason: 'unavailable' });
      case 'payment.start': {
        // requirements.md §8 'Invalid price': the processor charges one line, so the total must be that line (or
        // deferred).
        const [first] = order.lines;
        const priceOk =
          order.deferredPayment || (order.total > 0 && order.lines.length === 1 && first?.lineTotal === order.total);
        return priceOk ? to({ Processing: 'CreatingHandshake' }) : fails({ reason: 'invalidPrice' });
      }
      case 'drawer.close':
        return before.matches('Idle') ? abandons() : stays();
      case 'xstate.done.actor.createHandshake':
        return to({ Processing: 'Charging' });
      case 'xstate.error.actor.createHandshake':
        return callFailed(sample.error, { charges: false });
      case 'xstate.done.actor.chargeCard': {
        const response = (
          sample.output as { transaction_response: { success: boolean; error?: string; error_code?: string } }
        ).transaction_response;
        return response.success
          ? to({ Processing: 'ConfirmingCharge' })
          : fails({ message: response.error, code: response.error_code });
      }
      case 'xstate.error.actor.chargeCard': {
        // A refused card goes back to the form: per field when the processor names one, else as a whole.
        const { messages } = sample.error as { messages: { param?: string }[] };
        const perField = messages.some((message) => message.param !== undefined);
        return to({ Idle: 'EnteringCard' }, (after) =>
          expect((after.context as { chargeFailed: boolean }).chargeFailed).toBe(!perField),
        );
      }
      case 'xstate.done.actor.confirmCharge':
        return payAnswered(sample.output as PayResponse);
      case 'xstate.error.actor.confirmCharge':
        return callFailed(sample.error, { charges: true });
      default:
        throw new Error(`the card fields oracle does not know ${sample.type}`);
    }
  },
});

describeEdgePaths({
  oracle,
  machineId: 'cardFields',
  machine,
  scenarios: [
    // both branches of chargeablePrice
    { label: 'chargeable price', input: input(singleLineOrder), events, serializeState },
    { label: 'price not the first line', input: input(twoLineOrder), events, serializeState },
  ],
});

import { bitMachine, type BitInitAnswer, type BitPayment } from '../../machines/payment/methods/bit/bit.machine';
import type { PaymentContext } from '../../machines/payment/payment.shared';
import type { PaymentOrder, AttemptInput } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, stays, to } from './edge-coverage';
import { abandons, fails, paymentOracle } from './payment-oracle';
import type { EventObject } from 'xstate';

/** The init call and the redirect never settle by themselves: each path sends their answers. */
const machine = bitMachine.provide({
  actors: {
    initBitPayment: pendingPromise<BitInitAnswer, AttemptInput>(),
    redirectToBit: pendingPromise<unknown, { order: PaymentOrder; payment: BitPayment }>(),
  },
});

const payment: BitPayment = {
  transactionId: 'BIT-1',
  paymentUrl: 'https://bit.processor.example/pay?transaction=BIT-1',
};

/**
 * requirements.md §4 for Bit: init at the operator, then the browser leaves for Bit; its verdict comes back on a new
 * page.
 */
const oracle = paymentOracle({
  loading: [],
  next: (before, event) => {
    const sample = event as EventObject & { output?: BitInitAnswer };
    switch (sample.type) {
      case 'xstate.done.actor.initBitPayment':
        // requirements.md §8: a status other than 0 is a refusal (e.g. Bit's minimum), shown in its own words; status 0
        // without Bit's page leaves nowhere to go.
        if (sample.output?.status !== 0) return fails({ message: sample.output?.msg, code: sample.output?.status });
        return sample.output.payment ? to({ Processing: 'Redirecting' }) : fails();
      case 'xstate.error.actor.initBitPayment':
      case 'xstate.error.actor.redirectToBit':
        return fails({ reason: 'unavailable' });
      case 'xstate.done.actor.redirectToBit':
        return to({ Processing: 'LeavingForBit' });
      case 'drawer.close':
        // Nothing is charged until the visitor approves at Bit.
        return before.matches('Processing') ? abandons() : stays();
      default:
        throw new Error(`the Bit oracle does not know ${sample.type}`);
    }
  },
});

describeEdgePaths({
  oracle,
  machineId: 'bit',
  machine,
  scenarios: [
    {
      label: 'initialise, then redirect to Bit',
      input: { order: singleLineOrder },
      events: samplesOf([
        // initAccepted: a payment; the operator's refusal (Bit's minimum), also with a page; status 0 with none
        { type: 'xstate.done.actor.initBitPayment', output: { status: 0, msg: 'ok', payment } },
        {
          type: 'xstate.done.actor.initBitPayment',
          output: { status: 1, msg: 'Bit payments start at ₪5.00.', payment: undefined },
        },
        {
          type: 'xstate.done.actor.initBitPayment',
          output: { status: 2, msg: 'Declined', payment: { ...payment, transactionId: 'BIT-2' } },
        },
        { type: 'xstate.done.actor.initBitPayment', output: { status: 0, msg: 'ok', payment: undefined } },
        { type: 'xstate.error.actor.initBitPayment', error: new Error('offline') },
        { type: 'xstate.done.actor.redirectToBit', output: undefined },
        { type: 'xstate.error.actor.redirectToBit', error: new Error('storage unavailable') },
        { type: 'drawer.close' },
      ]),
      // Keyed on the result and the page too, so that each init answer's path is walked.
      serializeState: (snapshot) => {
        const { result, payment } = snapshot.context as PaymentContext & { payment: BitPayment | undefined };
        return JSON.stringify([snapshot.value, result, payment?.transactionId]);
      },
    },
  ],
});

import { bitMachine, type BitInitAnswer, type BitPayment } from '../../machines/payment/bit.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf } from './edge-coverage';

/** The init call and the redirect never settle by themselves: each path sends their answers. */
const machine = bitMachine.provide({
  actors: {
    initBitPayment: pendingPromise<BitInitAnswer, { order: PaymentOrder }>(),
    redirectToBit: pendingPromise<unknown, { order: PaymentOrder; payment: BitPayment }>(),
  },
});

const payment: BitPayment = {
  transactionId: 'BIT-1',
  paymentUrl: 'https://bit.processor.example/pay?transaction=BIT-1',
};

describeEdgePaths({
  machineId: 'bit',
  machine,
  scenarios: [
    {
      label: 'initialise, then redirect to Bit',
      input: { order: singleLineOrder },
      events: samplesOf([
        // both branches of initAccepted: a payment, and the operator's refusal (Bit's minimum)
        { type: 'xstate.done.actor.initBitPayment', output: { status: 0, msg: 'ok', payment } },
        {
          type: 'xstate.done.actor.initBitPayment',
          output: { status: 1, msg: 'Bit payments start at ₪5.00.', payment: undefined },
        },
        { type: 'xstate.error.actor.initBitPayment', error: new Error('offline') },
        { type: 'xstate.done.actor.redirectToBit', output: undefined },
        { type: 'xstate.error.actor.redirectToBit', error: new Error('storage unavailable') },
        { type: 'drawer.close' },
      ]),
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    },
  ],
});

import { bitMachine } from '../../machines/payment/bit.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf } from './edge-coverage';

/** The redirect never settles by itself: each path sends its answer. */
const machine = bitMachine.provide({ actors: { redirectToBit: pendingPromise<unknown, { order: PaymentOrder }>() } });

describeEdgePaths({
  machineId: 'bit',
  machine,
  scenarios: [
    {
      label: 'redirect to Bit',
      input: { order: singleLineOrder },
      events: samplesOf([
        { type: 'xstate.done.actor.redirectToBit', output: undefined },
        { type: 'xstate.error.actor.redirectToBit', error: new Error('storage unavailable') },
        { type: 'drawer.close' },
      ]),
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    },
  ],
});

import { assign, fromPromise, setup } from 'xstate';
import { ABANDONED, initialPaymentContext, paymentOutput, type PaymentContext } from './payment.shared';
import type { PaymentOrder, PaymentResult } from './payment.types';

/**
 * Bit: the browser goes to Bit's payment page and comes back to /pay with the verdict (see the
 * purchase's `payment.returned`). The redirect leaves this page, so this machine only ever sees it
 * start — or fail to start.
 */
export const bitMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as { type: 'drawer.close' },
    input: {} as { order: PaymentOrder },
    output: {} as PaymentResult,
  },
  actors: {
    /** Remembers the purchase (pay status pending) and sends the browser to Bit. */
    redirectToBit: fromPromise<unknown, { order: PaymentOrder }>(() => Promise.reject(new Error('not provided'))),
  },
}).createMachine({
  id: 'bit',
  context: initialPaymentContext,
  output: paymentOutput,
  initial: 'Processing',
  states: {
    Processing: {
      tags: ['processing'],
      // Nothing is charged until the visitor approves at Bit, so a slow or blocked redirect can be left.
      on: { 'drawer.close': { target: 'Abandoned', actions: assign({ result: ABANDONED }) } },
      initial: 'Redirecting',
      states: {
        Redirecting: {
          invoke: {
            id: 'redirectToBit',
            src: 'redirectToBit',
            input: ({ context }) => ({ order: context.order }),
            onDone: 'LeavingForBit',
            onError: {
              target: '#bit.Failed',
              actions: assign({ result: { outcome: 'failed', reason: 'unavailable' } }),
            },
          },
        },
        /** The browser is on its way to Bit. */
        LeavingForBit: {},
      },
    },
    Failed: { type: 'final' },
    Abandoned: { type: 'final' },
  },
});

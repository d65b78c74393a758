import { assign, fromPromise } from 'xstate';
import { setup } from '../../../shared/chart-setup';
import {
  ENDS_ABANDONED,
  ENDS_WITH_KEPT_RESULT,
  endingOutput,
  initialPaymentContext,
  keepResultAction,
  type PaymentContext,
  attemptInput,
} from '../../payment.shared';
import { type PaymentOrder, type ResultWith, type AttemptInput } from '../../payment.types';
import { providedAtTheEdge } from '../../../shared/provided-at-the-edge';

/** Where the processor's Bit page waits for the visitor (POST /payment/pre/bit/init's data). */
export interface BitPayment {
  transactionId: string;
  paymentUrl: string;
}

/** The operator's answer to the init call: status 0 with a payment, or its reason for refusing one. */
export interface BitInitAnswer {
  status: number;
  msg: string;
  payment: BitPayment | undefined;
}

/** Bit never ends succeeded here: the browser leaves for Bit, whose verdict comes back to a new page. */
type BitResult = ResultWith<'failed' | 'abandoned'>;

interface BitContext extends PaymentContext<BitResult> {
  payment: BitPayment | undefined;
}

/**
 * Bit through a processor: the operator's server initialises the payment (the processor answers its Bit
 * page), then the browser leaves for that page. The verdict reaches the operator server-to-server and
 * the purchase asks for it when the browser is back (its CheckingReturnedPayment), so this machine only
 * ever sees the payment start — or fail to start.
 */
export const bitMachine = setup({
  types: {
    context: {} as BitContext,
    events: {} as { type: 'drawer.close' },
    input: {} as { order: PaymentOrder },
    output: {} as BitResult,
  },
  actors: {
    /** POST /api/payment/pre/bit/init with the address Bit's page returns to. */
    initBitPayment: fromPromise<BitInitAnswer, AttemptInput>(providedAtTheEdge('initBitPayment')),
    /** Remembers the purchase (pay status pending, the transaction id) and sends the browser to Bit's page. */
    redirectToBit: fromPromise<unknown, { order: PaymentOrder; payment: BitPayment }>(
      providedAtTheEdge('redirectToBit'),
    ),
  },
  actions: { keepResult: keepResultAction() },
  guards: {
    initAccepted: (_, answer: BitInitAnswer) => answer.status === 0 && answer.payment !== undefined,
  },
}).createMachine({
  id: 'bit',
  context: (args) => ({ ...initialPaymentContext(args), payment: undefined }),
  output: endingOutput('failed', 'abandoned'),
  initial: 'Processing',
  states: {
    Processing: {
      tags: ['processing'],
      // Nothing is charged until the visitor approves at Bit, so a slow or blocked start can be left.
      on: { 'drawer.close': '#bit.Abandoned' },
      initial: 'Initialising',
      states: {
        Initialising: {
          invoke: {
            id: 'initBitPayment',
            src: 'initBitPayment',
            input: attemptInput,
            onDone: [
              {
                guard: { type: 'initAccepted', params: ({ event }) => event.output },
                target: 'Redirecting',
                actions: assign({ payment: ({ event }) => event.output.payment }),
              },
              {
                // The operator's (or the processor's) own reason, e.g. Bit's minimum amount.
                target: '#bit.Failed',
                actions: {
                  type: 'keepResult',
                  params: ({ event }) => ({ outcome: 'failed', message: event.output.msg, code: event.output.status }),
                },
              },
            ],
            onError: {
              target: '#bit.Failed',
              actions: { type: 'keepResult', params: { outcome: 'failed', reason: 'unavailable' } },
            },
          },
        },
        Redirecting: {
          invoke: {
            id: 'redirectToBit',
            src: 'redirectToBit',
            input: ({ context }) => ({ order: context.order, payment: context.payment as BitPayment }),
            onDone: 'LeavingForBit',
            onError: {
              target: '#bit.Failed',
              actions: { type: 'keepResult', params: { outcome: 'failed', reason: 'unavailable' } },
            },
          },
        },
        /** The browser is on its way to Bit. */
        LeavingForBit: {},
      },
    },
    Failed: ENDS_WITH_KEPT_RESULT,
    Abandoned: ENDS_ABANDONED,
  },
});

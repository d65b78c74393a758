import { assign, fromPromise } from 'xstate';
import { setup } from '../shared/chart-setup';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';
import type { DeliveryStatus } from './delivery.types';

/** What the purchase leads the app to expect before the operator's first word: a vend, a start, or nothing. */
export type DeliveryExpected = DeliveryStatus['kind'] | 'nothing';

/** The purchase the operator is asked about. */
export interface DeliveryQuery {
  machineId: string;
  /** The paid purchase (its session id). */
  sessionId: string;
}

export interface DeliveryInput extends DeliveryQuery {
  expected: DeliveryExpected;
}

export interface DeliveryContext extends DeliveryInput {
  /** The operator's latest word on the delivery; unknown until it first answers. */
  delivery: DeliveryStatus | undefined;
}

/** What the operator's status call answers of the delivery: none for a purchase with nothing to deliver. */
export interface DeliveryAnswer {
  delivery: DeliveryStatus | undefined;
}

type Answered = { event: { output: DeliveryAnswer } };
const answered = ({ event }: Answered) => event.output.delivery;

/** The operator's answer ends the following with this stage. */
const ANSWER_EDGES = [
  { guard: { type: 'nothingToDeliver', params: answered }, target: '#delivery.NothingToDeliver' },
  {
    guard: {
      type: 'deliveryIs',
      params: (args: Answered) => ({ delivery: answered(args), state: 'delivered' as const }),
    },
    target: '#delivery.Delivered',
    actions: { type: 'keepDelivery', params: answered },
  },
  {
    guard: {
      type: 'givenBackBy',
      params: (args: Answered) => ({ delivery: answered(args), way: 'refund_pending' as const }),
    },
    target: '#delivery.GivingBack',
    actions: { type: 'keepDelivery', params: answered },
  },
  {
    guard: { type: 'givenBack', params: answered },
    target: '#delivery.GivenBack',
    actions: { type: 'keepDelivery', params: answered },
  },
] as const;

/**
 * After the payment, the machine delivers (docs/payments.md "From payment to product in hand"): the
 * operator is asked until its machine has reported, and the visitor sees it deliver (`Following`), then
 * the items to take (`Delivered`), or what was not delivered going back: a hold released or a refund
 * settled (`GivenBack`), a refund the provider has not settled yet (`GivingBack`, asked again slowly for a
 * while, then `RefundStarted`). No word within the wait: `Unconfirmed`, with support and a way to ask again.
 * A purchase with nothing to deliver (a payment link) ends at once.
 */
export const deliveryMachine = setup({
  types: {
    context: {} as DeliveryContext,
    input: {} as DeliveryInput,
    events: {} as { type: 'delivery.recheck' },
  },
  actors: {
    /** GET /api/payment/status: the operator's word on the purchase, its delivery included. */
    checkDelivery: fromPromise<DeliveryAnswer, DeliveryQuery>(providedAtTheEdge('checkDelivery')),
  },
  delays: {
    /** How often the operator is asked while its machine delivers. */
    deliveryPoll: 1000,
    /** Past the operator's own 60 s wait for the machine's report: no word by then is no word. */
    deliveryWait: 75_000,
    /** How often a refund not yet settled is asked about, and for how long. */
    refundPoll: 3000,
    refundWatch: 120_000,
  },
  actions: {
    keepDelivery: assign({ delivery: (_, delivery: DeliveryStatus | undefined) => delivery }),
  },
  guards: {
    nothingToDeliver: (_, delivery: DeliveryStatus | undefined) => delivery === undefined,
    deliveryIs: (_, { delivery, state }: { delivery: DeliveryStatus | undefined; state: DeliveryStatus['state'] }) =>
      delivery?.state === state,
    givenBackBy: (
      _,
      { delivery, way }: { delivery: DeliveryStatus | undefined; way: NonNullable<DeliveryStatus['givenBack']>['way'] },
    ) => delivery?.givenBack?.way === way,
    givenBack: (_, delivery: DeliveryStatus | undefined) => delivery?.givenBack !== undefined,
  },
}).createMachine({
  id: 'delivery',
  context: ({ input }) => ({ ...input, delivery: undefined }),
  initial: 'Following',
  states: {
    Following: {
      tags: ['busy'],
      after: { deliveryWait: 'Unconfirmed' },
      initial: 'Asking',
      states: {
        Asking: {
          invoke: {
            id: 'checkDelivery',
            src: 'checkDelivery',
            input: ({ context }) => ({ machineId: context.machineId, sessionId: context.sessionId }),
            // Still delivering: asked again.
            onDone: [...ANSWER_EDGES, { target: 'Waiting', actions: { type: 'keepDelivery', params: answered } }],
            // A lost answer is asked again; the wait bounds it.
            onError: 'Waiting',
          },
        },
        Waiting: { after: { deliveryPoll: 'Asking' } },
      },
    },
    Delivered: {},
    GivingBack: {
      after: { refundWatch: 'RefundStarted' },
      initial: 'Waiting',
      states: {
        Waiting: { after: { refundPoll: 'Asking' } },
        Asking: {
          invoke: {
            id: 'checkDelivery',
            src: 'checkDelivery',
            input: ({ context }) => ({ machineId: context.machineId, sessionId: context.sessionId }),
            onDone: [
              {
                guard: {
                  type: 'givenBackBy',
                  params: (args) => ({ delivery: answered(args), way: 'refunded' as const }),
                },
                target: '#delivery.GivenBack',
                actions: { type: 'keepDelivery', params: answered },
              },
              { target: 'Waiting' },
            ],
            onError: 'Waiting',
          },
        },
      },
    },
    /** No longer asked: the refund is on its way, as the operator last said. */
    RefundStarted: {},
    GivenBack: {},
    NothingToDeliver: {},
    Unconfirmed: { on: { 'delivery.recheck': 'Following' } },
  },
});

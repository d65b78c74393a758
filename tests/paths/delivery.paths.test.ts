import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { expect } from 'vitest';
import { deliveryMachine, type DeliveryAnswer, type DeliveryQuery } from '../../machines/delivery/delivery.machine';
import type { DeliveryStatus } from '../../machines/delivery/delivery.types';
import { ApiError } from '../../machines/shared/api-failure';
import { pendingPromise } from '../fixtures/stand-ins';
import {
  describeEdgePaths,
  expectTags,
  samplesOf,
  stays,
  to,
  type InternalEvent,
  type Oracle,
  type PathScenario,
} from './edge-coverage';

/** The operator's status call never settles by itself: each path sends its answers. */
const machine = deliveryMachine.provide({ actors: { checkDelivery: pendingPromise<DeliveryAnswer, DeliveryQuery>() } });

const item = (delivered: number | undefined) => ({ productId: '101', name: 'Cola', ordered: 2, delivered });
const refund = (way: 'released' | 'refund_pending' | 'refunded') => ({
  way,
  amount: 6.66,
  refundId: way === 'released' ? undefined : 'RF-1',
  arrivesWithinDays: way === 'released' ? undefined : 7,
});

/** Every answer the operator can give about a paid purchase's delivery. */
const ANSWERS: readonly (DeliveryStatus | undefined)[] = [
  undefined,
  { state: 'delivering', kind: 'vend', items: [item(undefined)], givenBack: undefined },
  { state: 'delivered', kind: 'vend', items: [item(2)], givenBack: undefined },
  { state: 'partly_delivered', kind: 'vend', items: [item(1)], givenBack: refund('refund_pending') },
  { state: 'not_delivered', kind: 'vend', items: [item(0)], givenBack: refund('released') },
  { state: 'not_delivered', kind: 'vend', items: [item(0)], givenBack: refund('refunded') },
];

const events = samplesOf<EventObject | InternalEvent>([
  ...ANSWERS.map((delivery) => ({ type: 'xstate.done.actor.checkDelivery', output: { delivery } })),
  { type: 'xstate.error.actor.checkDelivery', error: new ApiError({ kind: 'timeout' }) },
  // xstate 5.33 names a delayed event `xstate.after.<delay name>.<state id>`
  { type: 'xstate.after.deliveryPoll.delivery.Following.Waiting' },
  { type: 'xstate.after.deliveryWait.delivery.Following' },
  { type: 'xstate.after.refundPoll.delivery.GivingBack.Waiting' },
  { type: 'xstate.after.refundWatch.delivery.GivingBack' },
  { type: 'delivery.recheck' },
]);

const serializeState: PathScenario['serializeState'] = (snapshot) =>
  JSON.stringify({ value: snapshot.value as unknown, delivery: (snapshot.context as { delivery?: unknown }).delivery });

const deliveryOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { delivery?: DeliveryStatus }).delivery;

/**
 * The words: the success page says the machine is delivering, then the items to take, or the money
 * released or being refunded (then refunded), from the operator's status call; no word in time leaves the
 * visitor with support and a way to ask again.
 */
const oracle: Oracle = {
  next: (before, event) => {
    const sample = event as EventObject & { output?: DeliveryAnswer };
    if (sample.type.startsWith('xstate.done.actor.')) {
      const delivery = sample.output?.delivery;
      const keeps = (after: AnyMachineSnapshot) => expect(deliveryOf(after)).toEqual(delivery);
      if (before.matches('GivingBack'))
        return delivery?.givenBack?.way === 'refunded' ? to('GivenBack', keeps) : to({ GivingBack: 'Waiting' });
      if (delivery === undefined) return to('NothingToDeliver');
      if (delivery.state === 'delivered') return to('Delivered', keeps);
      if (delivery.givenBack?.way === 'refund_pending') return to({ GivingBack: 'Waiting' }, keeps);
      if (delivery.givenBack) return to('GivenBack', keeps);
      return to({ Following: 'Waiting' }, keeps);
    }
    switch (sample.type) {
      case 'xstate.error.actor.checkDelivery':
        // A lost answer is asked again.
        return to(before.matches('GivingBack') ? { GivingBack: 'Waiting' } : { Following: 'Waiting' });
      case 'xstate.after.deliveryPoll.delivery.Following.Waiting':
        return to({ Following: 'Asking' });
      case 'xstate.after.deliveryWait.delivery.Following':
        return to('Unconfirmed');
      case 'xstate.after.refundPoll.delivery.GivingBack.Waiting':
        return to({ GivingBack: 'Asking' });
      case 'xstate.after.refundWatch.delivery.GivingBack':
        return to('RefundStarted');
      case 'delivery.recheck':
        return before.matches('Unconfirmed') ? to({ Following: 'Asking' }) : stays();
      default:
        throw new Error(`the delivery oracle does not know ${sample.type}`);
    }
  },
  contract: (snapshot) => expectTags(snapshot, { busy: ['Following'] }),
};

describeEdgePaths({
  oracle,
  machineId: 'delivery',
  machine,
  scenarios: [
    {
      label: 'a paid vend',
      input: { machineId: '1001', sessionId: 'session-1', expected: 'vend' },
      events,
      serializeState,
    },
  ],
});

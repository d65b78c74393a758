import type { Product } from '../../machines/menu/menu.types';
import type { Contact } from '../../machines/vacuum/promotion';
import { vacuumMachine, type VacuumContext, type VacuumEvent } from '../../machines/vacuum/vacuum.machine';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, type PathScenario } from './edge-coverage';

/**
 * The sign-up never settles by itself: the walk sends its done/error events. Standalone the vacuum
 * has no purchase for its `sendParent`, so the hand-over is a no-op here; the machine and
 * purchase-hourly tests check the real one.
 */
const machine = vacuumMachine.provide({
  actors: { joinPromotion: pendingPromise<undefined, Contact>() },
  actions: { confirmHours: () => {} },
});

const product = (id: number, available: boolean): Product => ({
  id,
  name: `Vacuum ${String(id)}`,
  description: 'Price per hour',
  price: 12,
  image_url: '',
  available,
  is_most_popular: false,
  convenience_fee_type: 'flat',
  convenience_fee_value: 0,
});

type InternalEvent = { type: `xstate.${string}`; output?: unknown; error?: unknown };

const events = samplesOf<VacuumEvent | InternalEvent>([
  // available and unavailable: both branches of productAvailable
  { type: 'product.select', productId: 801 },
  { type: 'product.select', productId: 803 },
  { type: 'selection.continue' },
  { type: 'loyalty.join' },
  { type: 'loyalty.skip' },
  { type: 'loyalty.continue' },
  // empty, invalid and valid: every branch of contactValid
  { type: 'contact.change', value: '' },
  { type: 'contact.change', value: 'dana@' },
  { type: 'contact.change', value: '050-123-4567' },
  { type: 'signup.submit' },
  { type: 'xstate.done.actor.joinPromotion', output: undefined },
  { type: 'xstate.error.actor.joinPromotion', error: new Error('offline') },
  // A few times: a span of 0 (10:00 → 10:00), a same-day span and a next-day one.
  { type: 'time.start', time: '23:00' },
  { type: 'time.end', time: '10:00' },
  { type: 'time.end', time: '01:00' },
  { type: 'time.confirm' },
  { type: 'time.close' },
]);

/**
 * Every field a guard reads: whether a product is chosen, the membership and answered offer, the
 * contact while the offer is open (it is not read once the offer is answered) and the two times.
 */
const serializeState: PathScenario['serializeState'] = (snapshot) => {
  const context = snapshot.context as VacuumContext;
  const offerOpen = snapshot.matches('LoyaltyOffer');
  return JSON.stringify({
    value: snapshot.value as unknown,
    chosen: context.productId !== undefined,
    member: context.promotionMember,
    answered: context.offerAnswered,
    contact: offerOpen ? [context.contact, context.contactError, context.joinFailed] : undefined,
    times: [context.start, context.end],
  });
};

const input = (promotionMember: boolean) => ({
  products: [product(801, true), product(802, true), product(803, false)],
  now: '10:00',
  promotionMember,
});

describeEdgePaths({
  machineId: 'vacuum',
  machine,
  scenarios: [
    { label: 'not a member yet', input: input(false), events, serializeState },
    { label: 'a member', input: input(true), events, serializeState },
  ],
});

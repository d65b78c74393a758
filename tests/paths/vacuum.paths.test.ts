import type { Product } from '../../machines/menu/menu.types';
import type { JoinPromotionInput } from '../../machines/vacuum/promotion';
import { vacuumMachine, type VacuumContext, type VacuumEvent } from '../../machines/vacuum/vacuum.machine';
import { pendingPromise } from '../fixtures/stand-ins';
import {
  describeEdgePaths,
  expectTags,
  samplesOf,
  serializeWith,
  stays,
  to,
  type Oracle,
  type InternalEvent,
} from './edge-coverage';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';

/**
 * The sign-up never settles by itself: the walk sends its done/error events. Standalone the vacuum
 * has no purchase for its `sendParent`, so the hand-over is a no-op here; the machine and
 * purchase-hourly tests check the real one.
 */
const machine = vacuumMachine.provide({
  actors: { joinPromotion: pendingPromise<undefined, JoinPromotionInput>() },
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
  // 10 minutes at ₪12/h: ₪2.00, below the minimum of ₪3.00.
  { type: 'time.end', time: '10:10' },
  { type: 'time.end', time: '01:00' },
  { type: 'time.confirm' },
  { type: 'time.close' },
]);

/**
 * Every field a guard reads: whether a product is chosen, the membership and answered offer, the
 * contact while the offer is open (it is not read once the offer is answered) and the two times.
 */
const serializeState = serializeWith((context: VacuumContext, snapshot) => ({
  chosen: context.productId !== undefined,
  member: context.promotionMember,
  answered: context.offerAnswered,
  contact: snapshot.matches('LoyaltyOffer') ? [context.contact, context.contactError, context.joinFailed] : undefined,
  times: [context.start, context.end],
}));

/** requirements.md §9: the promotion's text uses count 1 and amount 3; a menu may offer none. */
const PROMOTION = { count: 1, amount: 3 };

const input = (promotionMember: boolean, promotion: typeof PROMOTION | undefined = PROMOTION) => ({
  machineId: '1008',
  products: [product(801, true), product(802, true), product(803, false)],
  promotion,
  now: '10:00',
  promotionMember,
  // 1008's minimum amount: a quarter of an hour at ₪12.
  minimumAmount: 3,
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as VacuumContext;

/** The samples the spec takes as a contact: an email or a mobile number ('dana@' and '' are not). */
const VALID_CONTACTS = new Set(['050-123-4567']);

/** Minutes from start to end, past midnight when the end is earlier (requirements.md §2 hourly products). */
function minutes(start: string, end: string): number {
  const at = (time: string) => {
    const [hours = 0, mins = 0] = time.split(':').map(Number);
    return hours * 60 + mins;
  };
  return (at(end) - at(start) + 24 * 60) % (24 * 60);
}

/**
 * requirements.md §2 for /vacuum: choose an available product, the loyalty offer once (when the menu has a
 * promotion, unless a member), then
 * a time span that costs something; closing the time drawer goes back to the products.
 */
const oracle: Oracle = {
  next: (before, event) => {
    const context = contextOf(before);
    const sample = event as VacuumEvent | InternalEvent;
    const choosingTime = (after: AnyMachineSnapshot) => expect(contextOf(after).productId).toBeDefined();
    switch (sample.type) {
      case 'product.select': {
        const available = context.products.some((product) => product.id === sample.productId && product.available);
        const productId = available ? sample.productId : context.productId;
        return stays((after) => expect(contextOf(after).productId).toBe(productId));
      }
      case 'selection.continue':
        if (context.productId === undefined) return stays();
        return context.promotion && !context.promotionMember && !context.offerAnswered
          ? to({ LoyaltyOffer: 'Offered' })
          : to('ChoosingTime');
      case 'loyalty.skip':
        return to('ChoosingTime', (after) => expect(contextOf(after).offerAnswered).toBe(true));
      case 'loyalty.join':
        return to({ LoyaltyOffer: 'SigningUp' });
      case 'contact.change':
        return stays((after) =>
          expect(contextOf(after)).toMatchObject({ contact: sample.value, contactError: undefined, joinFailed: false }),
        );
      case 'signup.submit':
        return VALID_CONTACTS.has(context.contact.trim())
          ? to({ LoyaltyOffer: 'Joining' }, (after) => expect(contextOf(after).joinFailed).toBe(false))
          : stays((after) => expect(contextOf(after).contactError).toBeDefined());
      case 'xstate.done.actor.joinPromotion':
        return to({ LoyaltyOffer: 'Joined' }, (after) => expect(contextOf(after).offerAnswered).toBe(true));
      case 'xstate.error.actor.joinPromotion':
        return to({ LoyaltyOffer: 'SigningUp' }, (after) => expect(contextOf(after).joinFailed).toBe(true));
      case 'loyalty.continue':
        return to('ChoosingTime', choosingTime);
      case 'time.start':
        return stays((after) => expect(contextOf(after).start).toBe(sample.time));
      case 'time.end':
        return stays((after) => expect(contextOf(after).end).toBe(sample.time));
      case 'time.confirm':
        // ₪12 an hour: a span is confirmed only from ₪3.00 (15 minutes) up; equal times cost nothing.
        return (minutes(context.start, context.end) * 12) / 60 >= 3 ? to('ChoosingProduct') : stays();
      case 'time.close':
        return to('ChoosingProduct');
      default:
        throw new Error(`the vacuum oracle does not know ${sample.type}`);
    }
  },
  contract: (snapshot) => {
    expectTags(snapshot, { busy: [{ LoyaltyOffer: 'Joining' }], drawerOpen: ['ChoosingTime'] });
    const { productId, products, promotionMember, promotion } = contextOf(snapshot);
    if (productId !== undefined)
      expect(products.find((product) => product.id === productId)?.available, 'only an available product').toBe(true);
    if (!snapshot.matches('ChoosingProduct')) expect(productId, 'a product is chosen').toBeDefined();
    if (promotionMember) expect(snapshot.matches('LoyaltyOffer'), 'no offer to a member').toBe(false);
    if (!promotion) expect(snapshot.matches('LoyaltyOffer'), 'no offer where the menu has no promotion').toBe(false);
    // Busy: no second sign-up can start.
    if (snapshot.hasTag('busy')) expect(snapshot.can({ type: 'signup.submit' })).toBe(false);
  },
};

describeEdgePaths({
  oracle,
  machineId: 'vacuum',
  machine,
  scenarios: [
    { label: 'not a member yet', input: input(false), events, serializeState },
    { label: 'a member', input: input(true), events, serializeState },
    { label: 'a menu without a promotion', input: input(false, undefined), events, serializeState },
  ],
});

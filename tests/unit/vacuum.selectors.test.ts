import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Product } from '../../machines/menu/menu.types';
import type { JoinPromotionInput } from '../../machines/vacuum/promotion';
import { vacuumMachine, type VacuumEvent } from '../../machines/vacuum/vacuum.machine';
import {
  selectCanConfirm,
  selectCanContinue,
  selectCharge,
  selectChosenProduct,
  selectContact,
  selectContactError,
  selectJoinFailed,
  selectProducts,
  selectPromotion,
  selectShortOfMinimum,
  selectSpan,
  selectStage,
  selectTimeDrawerOpen,
  selectTimes,
} from '../../machines/vacuum/vacuum.selectors';

const product = (id: number, price: number): Product => ({
  id,
  name: `Vacuum ${String(id)}`,
  description: 'Price per hour',
  price,
  image_url: '',
  available: true,
  is_most_popular: false,
  convenience_fee_type: 'flat',
  convenience_fee_value: 0,
});

const PRODUCTS = [product(801, 12), product(802, 18), product(804, 12.5)];

/** requirements.md §9: the promotion's text uses count 1 and amount 3. */
const PROMOTION = { count: 1, amount: 3 };

type JoinOutcome = 'pending' | 'fails' | 'succeeds';

const joinAnswers: Record<JoinOutcome, () => Promise<undefined>> = {
  pending: () => new Promise(() => {}),
  fails: () => Promise.reject(new Error('offline')),
  succeeds: () => Promise.resolve(undefined),
};

/** A vacuum after these events; the sign-up never settles unless told otherwise. */
function after(
  events: VacuumEvent[],
  { promotionMember = false, join = 'pending' }: { promotionMember?: boolean; join?: JoinOutcome } = {},
) {
  const actor = createActor(
    vacuumMachine.provide({
      actors: { joinPromotion: fromPromise<undefined, JoinPromotionInput>(joinAnswers[join]) },
      // Standalone there is no purchase to tell.
      actions: { confirmHours: () => {} },
    }),
    {
      input: {
        machineId: '1008',
        products: PRODUCTS,
        // 1008's minimum amount: a quarter of an hour at ₪12.
        minimumAmount: 3,
        promotion: PROMOTION,
        now: '10:00',
        promotionMember,
      },
    },
  ).start();
  for (const event of events) actor.send(event);
  return actor;
}

const choose = (productId: number): VacuumEvent => ({ type: 'product.select', productId });
const CONTINUE: VacuumEvent = { type: 'selection.continue' };
const SUBMIT: VacuumEvent = { type: 'signup.submit' };
const times = (start: string, end: string): VacuumEvent[] => [
  { type: 'time.start', time: start },
  { type: 'time.end', time: end },
];
/** Product and drawer, as a member. */
const drawerWith = (productId: number, start: string, end: string) =>
  after([choose(productId), CONTINUE, ...times(start, end)], { promotionMember: true }).getSnapshot();

describe('selectStage', () => {
  it('names each screen of the flow', () => {
    expect(selectStage(after([]).getSnapshot())).toBe('choosingProduct');
    expect(selectStage(after([choose(801), CONTINUE]).getSnapshot())).toBe('offered');
    expect(selectStage(after([choose(801), CONTINUE, { type: 'loyalty.join' }]).getSnapshot())).toBe('signingUp');
    const joining = after([
      choose(801),
      CONTINUE,
      { type: 'loyalty.join' },
      { type: 'contact.change', value: 'dana@example.com' },
      SUBMIT,
    ]);
    expect(selectStage(joining.getSnapshot())).toBe('joining');
    expect(selectStage(after([choose(801), CONTINUE, { type: 'loyalty.skip' }]).getSnapshot())).toBe('choosingTime');
  });

  it('joined, once the sign-up resolved', async () => {
    const actor = after(
      [choose(801), CONTINUE, { type: 'loyalty.join' }, { type: 'contact.change', value: '0501234567' }, SUBMIT],
      { join: 'succeeds' },
    );
    await waitFor(actor, (snapshot) => selectStage(snapshot) === 'joined');
  });
});

describe('the grid', () => {
  it('lists the products; Continue only once one is chosen, which names it', () => {
    const start = after([]).getSnapshot();
    expect(selectProducts(start)).toEqual(PRODUCTS);
    expect(selectCanContinue(start)).toBe(false);
    expect(selectChosenProduct(start)).toBeUndefined();

    const chosen = after([choose(802)]).getSnapshot();
    expect(selectCanContinue(chosen)).toBe(true);
    expect(selectChosenProduct(chosen)?.price).toBe(18);
  });
});

describe('the sign-up', () => {
  it('the offer names the menu’s promotion figures', () => {
    expect(selectPromotion(after([choose(801), CONTINUE]).getSnapshot())).toEqual({ count: 1, amount: 3 });
  });

  const signingUp = [choose(801), CONTINUE, { type: 'loyalty.join' }] as VacuumEvent[];

  it('shows why the contact was refused, only on the sign-up step', () => {
    const refused = after([...signingUp, { type: 'contact.change', value: 'dana@' }, SUBMIT]);
    expect(selectContact(refused.getSnapshot())).toBe('dana@');
    expect(selectContactError(refused.getSnapshot())).toBe('invalid');
    refused.send({ type: 'loyalty.skip' });
    expect(selectContactError(refused.getSnapshot())).toBeUndefined();

    expect(selectContactError(after([...signingUp, SUBMIT]).getSnapshot())).toBe('empty');
  });

  it('opens with no failure to show: nothing was tried yet', () => {
    expect(selectJoinFailed(after(signingUp).getSnapshot())).toBe(false);
  });

  it('shows a failed sign-up on the form, and not while the retry runs', async () => {
    const actor = after([...signingUp, { type: 'contact.change', value: 'dana@example.com' }, SUBMIT], {
      join: 'fails',
    });
    expect(selectJoinFailed(actor.getSnapshot())).toBe(false); // still joining
    await waitFor(actor, (snapshot) => selectJoinFailed(snapshot));
    actor.send(SUBMIT);
    expect(selectJoinFailed(actor.getSnapshot())).toBe(false);
  });
});

describe('the time drawer', () => {
  it('is open only while choosing the time; both times start at now', () => {
    expect(selectTimeDrawerOpen(after([choose(801)]).getSnapshot())).toBe(false);
    const open = after([choose(801), CONTINUE], { promotionMember: true }).getSnapshot();
    expect(selectTimeDrawerOpen(open)).toBe(true);
    expect(selectTimes(open)).toEqual({ start: '10:00', end: '10:00' });
  });

  it('a span of 0: nothing to pay, and Continue to payment is dimmed', () => {
    const snapshot = drawerWith(801, '10:00', '10:00');
    expect(selectSpan(snapshot)).toEqual({ minutes: 0, duration: { hours: 0, minutes: 0 }, nextDay: false });
    expect(selectCharge(snapshot)).toEqual({ line: undefined, subtotal: 0, serviceFee: 0, total: 0 });
    expect(selectCanConfirm(snapshot)).toBe(false);
  });

  it('10:00 → 11:30 at ₪12 an hour: 1 h 30 min, ₪18.00, no service fee', () => {
    const snapshot = drawerWith(801, '10:00', '11:30');
    expect(selectSpan(snapshot)).toEqual({ minutes: 90, duration: { hours: 1, minutes: 30 }, nextDay: false });
    expect(selectCharge(snapshot)).toMatchObject({ subtotal: 18, serviceFee: 0, total: 18 });
    expect(selectCharge(snapshot).line?.product.id).toBe(801);
    expect(selectCanConfirm(snapshot)).toBe(true);
  });

  it('23:00 → 01:00 ends the next day: 2 h at ₪18 is ₪36.00', () => {
    const snapshot = drawerWith(802, '23:00', '01:00');
    expect(selectSpan(snapshot)).toEqual({ minutes: 120, duration: { hours: 2, minutes: 0 }, nextDay: true });
    expect(selectCharge(snapshot)).toMatchObject({ subtotal: 36, serviceFee: 0, total: 36 });
  });

  it('rounds the charge to cents: 20 min at ₪12 is ₪4.00, 1 min at ₪12.50 is ₪0.21', () => {
    expect(selectCharge(drawerWith(801, '10:00', '10:20')).total).toBe(4);
    expect(selectCharge(drawerWith(804, '10:00', '10:01')).total).toBe(0.21);
  });

  it('below the minimum of ₪3.00 (14 min at ₪12 is ₪2.80) the charge shows, Continue is dimmed and the hint names 3', () => {
    const short = drawerWith(801, '10:00', '10:14');
    expect(selectCharge(short).total).toBe(2.8);
    expect(selectCanConfirm(short)).toBe(false);
    expect(selectShortOfMinimum(short)).toBe(3);
    const enough = drawerWith(801, '10:00', '10:15');
    expect(selectCanConfirm(enough)).toBe(true);
    expect(selectShortOfMinimum(enough)).toBeUndefined();
    // A span of 0 costs nothing: its own hint, not the minimum's.
    expect(selectShortOfMinimum(drawerWith(801, '10:00', '10:00'))).toBeUndefined();
  });
});

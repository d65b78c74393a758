import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import type { Product, Promotion } from '../../machines/menu/menu.types';
import type { Contact, JoinPromotionInput } from '../../machines/vacuum/promotion';
import { vacuumMachine, type HoursConfirmedEvent, type VacuumInput } from '../../machines/vacuum/vacuum.machine';

const product = (id: number, price: number, available = true): Product => ({
  id,
  name: `Vacuum ${String(id)}`,
  description: 'Price per hour',
  price,
  image_url: `/img/${String(id)}.svg`,
  available,
  is_most_popular: false,
  convenience_fee_type: 'flat',
  convenience_fee_value: 0,
});

const PRODUCTS = [product(801, 12), product(802, 18), product(803, 15, false)];

/** requirements.md §9: the promotion's text uses count 1 and amount 3. */
const PROMOTION: Promotion = { count: 1, amount: 3 };

interface Options {
  promotionMember?: boolean;
  /** The menu's promotion; by default the vacuum offers one. */
  promotion?: Promotion | undefined;
  products?: Product[];
  /** The menu's minimum amount; one cent unless a test names another. */
  minimumAmount?: number;
  /** Answers each sign-up (n is 0-based); by default it succeeds. */
  join?: (attempt: number) => Promise<undefined>;
}

/** The vacuum as the purchase runs it: a child that tells its parent the confirmed hours. */
function startVacuum({
  promotionMember = false,
  products = PRODUCTS,
  minimumAmount = 0.01,
  join = () => Promise.resolve(undefined),
  ...options
}: Options = {}) {
  const promotion = 'promotion' in options ? options.promotion : PROMOTION;
  const calls: JoinPromotionInput[] = [];
  const joined: Contact[] = [];
  const remembered: Contact[] = [];
  const confirmed: HoursConfirmedEvent[] = [];
  const input: VacuumInput = { machineId: '1008', products, minimumAmount, promotion, now: '10:00', promotionMember };
  const vacuum = vacuumMachine.provide({
    actors: {
      joinPromotion: fromPromise<undefined, JoinPromotionInput>(({ input: call }) => {
        calls.push(call);
        joined.push(call.contact);
        return join(joined.length - 1);
      }),
    },
    actions: { rememberMembership: (_, contact) => remembered.push(contact) },
  });
  const parent = createActor(
    setup({
      types: { events: {} as HoursConfirmedEvent, children: {} as { vacuum: 'vacuum' } },
      actors: { vacuum },
    }).createMachine({
      invoke: { id: 'vacuum', src: 'vacuum', input },
      on: {
        'hours.confirmed': {
          actions: ({ event }) => {
            confirmed.push(event);
          },
        },
      },
    }),
  ).start();
  const actor = parent.getSnapshot().children.vacuum as ActorRefFrom<typeof vacuumMachine>;
  const snapshot = () => actor.getSnapshot();
  const send = (event: Parameters<typeof actor.send>[0]) => actor.send(event);
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, snapshot, send, settle, calls, joined, remembered, confirmed };
}

/** A non-member with product 801 chosen, looking at the offer. */
function atTheOffer(options: Options = {}) {
  const vacuum = startVacuum(options);
  vacuum.send({ type: 'product.select', productId: 801 });
  vacuum.send({ type: 'selection.continue' });
  expect(vacuum.snapshot().value).toEqual({ LoyaltyOffer: 'Offered' });
  return vacuum;
}

describe('vacuumMachine: the product grid', () => {
  it('starts on the grid with nothing chosen, both times at the time the page opened', () => {
    const { snapshot } = startVacuum();
    expect(snapshot().value).toBe('ChoosingProduct');
    expect(snapshot().context).toMatchObject({ productId: undefined, start: '10:00', end: '10:00', contact: '' });
    expect(snapshot().can({ type: 'selection.continue' })).toBe(false);
  });

  it('Continue does nothing until a product is chosen', () => {
    const { snapshot, send } = startVacuum();
    send({ type: 'selection.continue' });
    expect(snapshot().value).toBe('ChoosingProduct');
  });

  it('chooses one available product at a time; an unavailable or unknown one is ignored', () => {
    const { snapshot, send } = startVacuum();
    send({ type: 'product.select', productId: 803 });
    expect(snapshot().context.productId).toBeUndefined();
    send({ type: 'product.select', productId: 999 });
    expect(snapshot().context.productId).toBeUndefined();
    send({ type: 'product.select', productId: 801 });
    send({ type: 'product.select', productId: 802 });
    expect(snapshot().context.productId).toBe(802);
    send({ type: 'product.select', productId: 803 });
    expect(snapshot().context.productId).toBe(802);
  });

  it('a menu without a promotion offers none: Continue opens the time drawer, no sign-up is called', () => {
    const { snapshot, send, calls } = startVacuum({ promotion: undefined });
    send({ type: 'product.select', productId: 801 });
    expect(snapshot().can({ type: 'selection.continue' })).toBe(true);
    send({ type: 'selection.continue' });
    expect(snapshot().value).toBe('ChoosingTime');
    expect(calls).toEqual([]);
  });

  it('the offer names the menu’s figures', () => {
    expect(startVacuum().snapshot().context.promotion).toEqual({ count: 1, amount: 3 });
    expect(startVacuum({ promotion: { count: 2, amount: 7.5 } }).snapshot().context.promotion).toEqual({
      count: 2,
      amount: 7.5,
    });
  });

  it('a member goes straight to the time drawer: the offer is not shown again', () => {
    const { snapshot, send } = startVacuum({ promotionMember: true });
    send({ type: 'product.select', productId: 801 });
    send({ type: 'selection.continue' });
    expect(snapshot().value).toBe('ChoosingTime');
    expect(snapshot().hasTag('drawerOpen')).toBe(true);
  });
});

describe('vacuumMachine: the loyalty offer', () => {
  it('a visitor who is not a member is offered the promotion after Continue', () => {
    const { snapshot } = atTheOffer();
    expect(snapshot().hasTag('drawerOpen')).toBe(false);
  });

  it('Skip opens the time drawer, and the offer is not shown again in this visit', () => {
    const { snapshot, send, joined } = atTheOffer();
    send({ type: 'loyalty.skip' });
    expect(snapshot().value).toBe('ChoosingTime');
    send({ type: 'time.close' });
    expect(snapshot().value).toBe('ChoosingProduct');
    send({ type: 'selection.continue' });
    expect(snapshot().value).toBe('ChoosingTime');
    expect(joined).toEqual([]);
  });

  it('Join Now asks for a mobile number or e-mail; empty and invalid input are refused with their reason', () => {
    const { snapshot, send, joined } = atTheOffer();
    send({ type: 'loyalty.join' });
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'SigningUp' });
    expect(snapshot().context.contactError).toBeUndefined();

    send({ type: 'signup.submit' });
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'SigningUp' });
    expect(snapshot().context.contactError).toBe('empty');

    send({ type: 'contact.change', value: '050-12' });
    expect(snapshot().context.contactError).toBeUndefined(); // typing clears the old error
    send({ type: 'signup.submit' });
    expect(snapshot().context.contactError).toBe('invalid');
    expect(joined).toEqual([]);
  });

  it('a valid contact joins (busy meanwhile) with the parsed contact; Continue then opens the time drawer', async () => {
    const { snapshot, send, settle, joined } = atTheOffer();
    send({ type: 'loyalty.join' });
    send({ type: 'contact.change', value: ' 050-123-4567 ' });
    send({ type: 'signup.submit' });
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'Joining' });
    expect(snapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'Joined' });
    expect(joined).toEqual([{ kind: 'phone', value: '0501234567' }]);

    send({ type: 'loyalty.continue' });
    expect(snapshot().value).toBe('ChoosingTime');
    send({ type: 'time.close' });
    send({ type: 'selection.continue' });
    expect(snapshot().value).toBe('ChoosingTime');
    expect(joined).toHaveLength(1);
  });

  it('the join call names the machine and the contact; membership is remembered only once the operator accepted', async () => {
    let accept: (value: undefined) => void = () => {};
    const { snapshot, send, settle, calls, remembered } = atTheOffer({
      join: () => new Promise((resolve) => (accept = resolve)),
    });
    send({ type: 'loyalty.join' });
    send({ type: 'contact.change', value: '050-123-4567' });
    send({ type: 'signup.submit' });
    expect(calls).toEqual([{ machineId: '1008', contact: { kind: 'phone', value: '0501234567' } }]);
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'Joining' });
    expect(remembered, 'not while the operator has not answered').toEqual([]);
    accept(undefined);
    await settle();
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'Joined' });
    expect(remembered).toEqual([{ kind: 'phone', value: '0501234567' }]);
  });

  it('a refused or failed join is not remembered', async () => {
    const { snapshot, send, settle, calls, remembered } = atTheOffer({
      join: () => Promise.reject(new Error('status 1')),
    });
    send({ type: 'loyalty.join' });
    send({ type: 'contact.change', value: 'dana@example.com' });
    send({ type: 'signup.submit' });
    await settle();
    expect(calls).toHaveLength(1);
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'SigningUp' });
    expect(snapshot().context.joinFailed).toBe(true);
    expect(remembered).toEqual([]);
    send({ type: 'loyalty.skip' });
    expect(snapshot().value).toBe('ChoosingTime');
    expect(remembered).toEqual([]);
  });

  it('an e-mail joins too', async () => {
    const { send, settle, joined } = atTheOffer();
    send({ type: 'loyalty.join' });
    send({ type: 'contact.change', value: 'Dana@Example.com' });
    send({ type: 'signup.submit' });
    await settle();
    expect(joined).toEqual([{ kind: 'email', value: 'dana@example.com' }]);
  });

  it('a failed sign-up returns to the form with the failure; a retry joins', async () => {
    const { snapshot, send, settle, joined } = atTheOffer({
      join: (attempt) => (attempt === 0 ? Promise.reject(new Error('offline')) : Promise.resolve(undefined)),
    });
    send({ type: 'loyalty.join' });
    send({ type: 'contact.change', value: 'dana@example.com' });
    send({ type: 'signup.submit' });
    await settle();
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'SigningUp' });
    expect(snapshot().context).toMatchObject({ joinFailed: true, contact: 'dana@example.com' });

    send({ type: 'signup.submit' });
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'Joining' });
    expect(snapshot().context.joinFailed).toBe(false);
    await settle();
    expect(snapshot().value).toEqual({ LoyaltyOffer: 'Joined' });
    expect(joined).toHaveLength(2);
  });

  it('editing the contact after a failure clears the failure', async () => {
    const { snapshot, send, settle } = atTheOffer({ join: () => Promise.reject(new Error('offline')) });
    send({ type: 'loyalty.join' });
    send({ type: 'contact.change', value: 'dana@example.com' });
    send({ type: 'signup.submit' });
    await settle();
    expect(snapshot().context.joinFailed).toBe(true);
    send({ type: 'contact.change', value: 'dana@example.org' });
    expect(snapshot().context.joinFailed).toBe(false);
  });

  it.each([
    ['the sign-up form', ['loyalty.join']],
    ['the confirmation', ['loyalty.join', 'contact.change', 'signup.submit']],
  ] as const)('Skip (or Escape) from %s opens the time drawer', async (_, steps) => {
    const { snapshot, send, settle } = atTheOffer();
    for (const type of steps) {
      send(type === 'contact.change' ? { type, value: 'dana@example.com' } : { type });
    }
    await settle();
    send({ type: 'loyalty.skip' });
    expect(snapshot().value).toBe('ChoosingTime');
  });

  it('the grid does not react while the offer is open', () => {
    const { snapshot, send } = atTheOffer();
    send({ type: 'product.select', productId: 802 });
    expect(snapshot().context.productId).toBe(801);
  });
});

describe('vacuumMachine: the time drawer', () => {
  function inTheDrawer() {
    const vacuum = startVacuum({ promotionMember: true });
    vacuum.send({ type: 'product.select', productId: 802 });
    vacuum.send({ type: 'selection.continue' });
    expect(vacuum.snapshot().value).toBe('ChoosingTime');
    return vacuum;
  }

  it('a span of 0 (both times still at now) cannot be confirmed', () => {
    const { snapshot, send, confirmed } = inTheDrawer();
    expect(snapshot().can({ type: 'time.confirm' })).toBe(false);
    send({ type: 'time.confirm' });
    expect(snapshot().value).toBe('ChoosingTime');
    send({ type: 'time.start', time: '11:30' });
    send({ type: 'time.end', time: '11:30' });
    send({ type: 'time.confirm' });
    expect(snapshot().value).toBe('ChoosingTime');
    expect(confirmed).toEqual([]);
  });

  it('the chosen product prices the span: a minute of a 0.20/h vacuum costs 0.00, of a 12/h one 0.20', () => {
    for (const [chosen, payable] of [
      [804, false],
      [801, true],
    ] as const) {
      const { snapshot, send } = startVacuum({
        promotionMember: true,
        products: [product(801, 12), product(804, 0.2)],
      });
      send({ type: 'product.select', productId: chosen });
      send({ type: 'selection.continue' });
      send({ type: 'time.end', time: '10:01' });
      expect(snapshot().can({ type: 'time.confirm' }), `product ${String(chosen)}`).toBe(payable);
    }
  });

  it('a span that costs less than the machine’s minimum (₪3.00: 15 minutes at ₪12/h) cannot be confirmed', () => {
    const { snapshot, send, confirmed } = startVacuum({ promotionMember: true, minimumAmount: 3 });
    send({ type: 'product.select', productId: 801 });
    send({ type: 'selection.continue' });
    send({ type: 'time.end', time: '10:14' });
    send({ type: 'time.confirm' });
    expect(snapshot().value).toBe('ChoosingTime');
    expect(confirmed).toEqual([]);
    send({ type: 'time.end', time: '10:15' });
    send({ type: 'time.confirm' });
    expect(confirmed).toEqual([{ type: 'hours.confirmed', productId: 801, minutes: 15 }]);
  });

  it('a cleared time cannot be confirmed', () => {
    const { snapshot, send } = inTheDrawer();
    send({ type: 'time.end', time: '' });
    expect(snapshot().can({ type: 'time.confirm' })).toBe(false);
  });

  it('confirming hands the product and the minutes to the purchase and leaves the drawer', () => {
    const { snapshot, send, confirmed } = inTheDrawer();
    send({ type: 'time.end', time: '11:30' });
    send({ type: 'time.confirm' });
    expect(confirmed).toEqual([{ type: 'hours.confirmed', productId: 802, minutes: 90 }]);
    expect(snapshot().value).toBe('ChoosingProduct');
    expect(snapshot().hasTag('drawerOpen')).toBe(false);
  });

  it('an end earlier than the start is the next day: 23:00 → 01:00 is 120 minutes', () => {
    const { send, confirmed } = inTheDrawer();
    send({ type: 'time.start', time: '23:00' });
    send({ type: 'time.end', time: '01:00' });
    send({ type: 'time.confirm' });
    expect(confirmed).toEqual([{ type: 'hours.confirmed', productId: 802, minutes: 120 }]);
  });

  it('closing returns to the grid and keeps the product and times for the next Continue', () => {
    const { snapshot, send, confirmed } = inTheDrawer();
    send({ type: 'time.end', time: '12:00' });
    send({ type: 'time.close' });
    expect(snapshot().value).toBe('ChoosingProduct');
    expect(snapshot().context).toMatchObject({ productId: 802, start: '10:00', end: '12:00' });
    expect(confirmed).toEqual([]);
    send({ type: 'selection.continue' });
    expect(snapshot().value).toBe('ChoosingTime');
  });

  it('the times change only while the drawer is open', () => {
    const { snapshot, send } = startVacuum();
    send({ type: 'time.start', time: '08:00' });
    send({ type: 'time.end', time: '09:00' });
    expect(snapshot().context).toMatchObject({ start: '10:00', end: '10:00' });
  });
});

import { and, assign, fromPromise, not, sendParent } from 'xstate';
import { setup } from '../shared/chart-setup';
import type { Product, ProductId, Promotion } from '../menu/menu.types';
import { minutesBetween } from '../shared/time-of-day';
import { payableLine } from './hourly';
import { isContact, parseContact, type Contact, type ContactError, type JoinPromotionInput } from './promotion';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';

export interface VacuumInput {
  /** The machine the visitor stands at: the sign-up joins its promotion. */
  machineId: string;
  products: Product[];
  /** The menu's `minimum_amount`: a shorter span than it pays for cannot be confirmed. */
  minimumAmount: number;
  /** The menu's loyalty promotion; without one the offer is not shown. */
  promotion: Promotion | undefined;
  /** The clock time when the page opened ("HH:MM"): both time pickers start there (requirements.md §2). */
  now: string;
  /** The visitor joined the loyalty programme on an earlier visit: the offer is not shown again. */
  promotionMember: boolean;
}

export interface VacuumContext extends VacuumInput {
  productId: ProductId | undefined;
  start: string;
  end: string;
  contact: string;
  contactError: ContactError | undefined;
  /** The last sign-up attempt failed; the visitor can try again or skip. */
  joinFailed: boolean;
  /** The visitor joined or skipped the offer in this visit. */
  offerAnswered: boolean;
}

export type VacuumEvent =
  | { type: 'product.select'; productId: ProductId }
  | { type: 'selection.continue' }
  | { type: 'loyalty.join' }
  | { type: 'loyalty.skip' }
  | { type: 'loyalty.continue' }
  | { type: 'contact.change'; value: string }
  | { type: 'signup.submit' }
  | { type: 'time.start'; time: string }
  | { type: 'time.end'; time: string }
  | { type: 'time.confirm' }
  | { type: 'time.close' };

/** What the vacuum tells the purchase once the visitor confirms a product and a time span. */
export interface HoursConfirmedEvent {
  type: 'hours.confirmed';
  productId: ProductId;
  minutes: number;
}

/**
 * /vacuum before payment (requirements.md §2): an hourly product from the grid, the loyalty offer ('Every tenth
 * vacuuming is on us': join with a mobile number or e-mail, or skip) when the menu has a promotion and
 * this device has not joined it, then the drawer with the start and
 * end times. Confirming hands the product and the minutes to the purchase, which takes it to payment.
 */
export const vacuumMachine = setup({
  types: {
    context: {} as VacuumContext,
    events: {} as VacuumEvent,
    input: {} as VacuumInput,
    children: {} as { joinPromotion: 'joinPromotion' },
  },
  actors: {
    /** POST /api/menu/promotion/join: the operator signs the visitor up (joining again is harmless). */
    joinPromotion: fromPromise<undefined, JoinPromotionInput>(providedAtTheEdge('joinPromotion')),
  },
  actions: {
    /** The operator accepted the contact: this device need not offer the promotion again (local storage at the edge). */
    rememberMembership: (_, _contact: Contact) => {},
    selectProduct: assign({ productId: (_, productId: ProductId) => productId }),
    answerOffer: assign({ offerAnswered: true }),
    changeContact: assign({ contact: (_, value: string) => value, contactError: undefined, joinFailed: false }),
    showContactError: assign({
      contactError: ({ context }) => {
        const parsed = parseContact(context.contact);
        return isContact(parsed) ? undefined : parsed;
      },
    }),
    noteJoinFailed: assign({ joinFailed: true }),
    forgetJoinFailure: assign({ joinFailed: false }),
    changeStart: assign({ start: (_, time: string) => time }),
    changeEnd: assign({ end: (_, time: string) => time }),
    confirmHours: sendParent(({ context }): HoursConfirmedEvent => ({
      type: 'hours.confirmed',
      productId: context.productId ?? '',
      minutes: minutesBetween(context.start, context.end),
    })),
  },
  guards: {
    productAvailable: ({ context }, productId: ProductId) =>
      context.products.some((product) => product.id === productId && product.available),
    productChosen: ({ context }) => context.productId !== undefined,
    offerPending: ({ context }) =>
      context.promotion !== undefined && !context.promotionMember && !context.offerAnswered,
    contactValid: ({ context }) => isContact(parseContact(context.contact)),
    /** The chosen product over the span costs at least the machine's minimum amount (equal times cost nothing). */
    spanPayable: ({ context }) =>
      payableLine(
        context.products.find((product) => product.id === context.productId),
        minutesBetween(context.start, context.end),
        context.minimumAmount,
      ) !== undefined,
  },
}).createMachine({
  id: 'vacuum',
  context: ({ input }) => ({
    ...input,
    productId: undefined,
    start: input.now,
    end: input.now,
    contact: '',
    contactError: undefined,
    joinFailed: false,
    offerAnswered: false,
  }),
  initial: 'ChoosingProduct',
  states: {
    ChoosingProduct: {
      on: {
        'product.select': {
          guard: { type: 'productAvailable', params: ({ event }) => event.productId },
          actions: { type: 'selectProduct', params: ({ event }) => event.productId },
        },
        'selection.continue': [
          { guard: and(['productChosen', 'offerPending']), target: 'LoyaltyOffer' },
          { guard: and(['productChosen', not('offerPending')]), target: 'ChoosingTime' },
        ],
      },
    },
    /** 'Every tenth vacuuming is on us': join now, or skip. */
    LoyaltyOffer: {
      initial: 'Offered',
      on: { 'loyalty.skip': { target: 'ChoosingTime', actions: 'answerOffer' } },
      states: {
        Offered: { on: { 'loyalty.join': 'SigningUp' } },
        SigningUp: {
          on: {
            'contact.change': { actions: { type: 'changeContact', params: ({ event }) => event.value } },
            // A retry starts afresh: the last failure is not shown while the new attempt runs.
            'signup.submit': [
              { guard: 'contactValid', target: 'Joining', actions: 'forgetJoinFailure' },
              { actions: 'showContactError' },
            ],
          },
        },
        Joining: {
          tags: ['busy'],
          invoke: {
            id: 'joinPromotion',
            src: 'joinPromotion',
            input: ({ context }) => ({
              machineId: context.machineId,
              contact: parseContact(context.contact) as Contact,
            }),
            onDone: {
              target: 'Joined',
              actions: [
                'answerOffer',
                { type: 'rememberMembership', params: ({ context }) => parseContact(context.contact) as Contact },
              ],
            },
            onError: { target: 'SigningUp', actions: 'noteJoinFailed' },
          },
        },
        Joined: { on: { 'loyalty.continue': '#vacuum.ChoosingTime' } },
      },
    },
    /** The drawer: start and end time, the item, subtotal, service fee 0 and total. */
    ChoosingTime: {
      tags: ['drawerOpen'],
      on: {
        'time.start': { actions: { type: 'changeStart', params: ({ event }) => event.time } },
        'time.end': { actions: { type: 'changeEnd', params: ({ event }) => event.time } },
        'time.confirm': { guard: 'spanPayable', target: 'ChoosingProduct', actions: 'confirmHours' },
        'time.close': 'ChoosingProduct',
      },
    },
  },
});

import type { SnapshotFrom } from 'xstate';
import type { Product } from '../menu/menu.types';
import { orderTotals, type PricedLine } from '../shared/pricing';
import { endsNextDay, hoursAndMinutes, minutesBetween } from '../shared/time-of-day';
import { chargeableLine } from './hourly';
import type { ContactError } from './promotion';
import type { vacuumMachine } from './vacuum.machine';

type VacuumSnapshot = SnapshotFrom<typeof vacuumMachine>;

/** What /vacuum shows: the grid, a step of the loyalty popup, or the time drawer. */
export type VacuumStage = 'choosingProduct' | 'offered' | 'signingUp' | 'joining' | 'joined' | 'choosingTime';

export function selectStage(snapshot: VacuumSnapshot): VacuumStage {
  if (snapshot.matches({ LoyaltyOffer: 'Offered' })) return 'offered';
  if (snapshot.matches({ LoyaltyOffer: 'SigningUp' })) return 'signingUp';
  if (snapshot.matches({ LoyaltyOffer: 'Joining' })) return 'joining';
  if (snapshot.matches({ LoyaltyOffer: 'Joined' })) return 'joined';
  if (snapshot.matches('ChoosingTime')) return 'choosingTime';
  return 'choosingProduct';
}

export const selectProducts = ({ context }: VacuumSnapshot) => context.products;

export function selectChosenProduct({ context }: VacuumSnapshot): Product | undefined {
  return context.products.find((product) => product.id === context.productId);
}

/** Continue is dimmed until a product is chosen (requirements.md §5). */
export const selectCanContinue = (snapshot: VacuumSnapshot) => snapshot.can({ type: 'selection.continue' });

/** The figures the offer's text names (the menu's promotion); undefined when the menu has none. */
export const selectPromotion = ({ context }: VacuumSnapshot) => context.promotion;

export const selectContact = ({ context }: VacuumSnapshot) => context.contact;

/** Why the sign-up refused the contact, while the visitor is on the sign-up step. */
export const selectContactError = (snapshot: VacuumSnapshot): ContactError | undefined =>
  snapshot.matches({ LoyaltyOffer: 'SigningUp' }) ? snapshot.context.contactError : undefined;

/** The last sign-up attempt failed: the sign-up step offers a retry. */
export const selectJoinFailed = (snapshot: VacuumSnapshot) =>
  snapshot.matches({ LoyaltyOffer: 'SigningUp' }) && snapshot.context.joinFailed;

export const selectTimes = ({ context }: VacuumSnapshot) => ({ start: context.start, end: context.end });

export interface HourlySpan {
  /** The whole span in minutes (0 when the times are equal or one is missing). */
  minutes: number;
  /** The span split for display: 90 -> 1 h 30 min. */
  duration: { hours: number; minutes: number };
  /** The end is earlier than the start, so it is on the next day (requirements.md §5). */
  nextDay: boolean;
}

export function selectSpan({ context }: VacuumSnapshot): HourlySpan {
  const minutes = minutesBetween(context.start, context.end);
  return { minutes, duration: hoursAndMinutes(minutes), nextDay: endsNextDay(context.start, context.end) };
}

export interface HourlyCharge {
  /** The chosen product over the span (undefined while no product or no span is chosen). */
  line: PricedLine | undefined;
  subtotal: number;
  /** requirements.md §9: always 0 in the hourly flow. */
  serviceFee: number;
  total: number;
}

/** requirements.md §5: hours times the hourly price, no service fee. */
export function selectCharge(snapshot: VacuumSnapshot): HourlyCharge {
  const product = selectChosenProduct(snapshot);
  const { minutes } = selectSpan(snapshot);
  const line = chargeableLine(product, minutes);
  const totals = orderTotals(line ? [line] : []);
  return { line, subtotal: totals.subtotal, serviceFee: totals.fees, total: totals.total };
}

/**
 * The machine's minimum amount when the span costs something but less than it (the hint then names the
 * minimum); undefined otherwise.
 */
export function selectShortOfMinimum(snapshot: VacuumSnapshot): number | undefined {
  const { line } = selectCharge(snapshot);
  const { minimumAmount } = snapshot.context;
  return line && line.lineTotal < minimumAmount ? minimumAmount : undefined;
}

/** "Continue to payment" is dimmed while there is nothing to charge (no span) or less than the minimum. */
export const selectCanConfirm = (snapshot: VacuumSnapshot) => snapshot.can({ type: 'time.confirm' });

export const selectTimeDrawerOpen = (snapshot: VacuumSnapshot) => snapshot.hasTag('drawerOpen');

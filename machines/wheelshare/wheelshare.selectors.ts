import type { SnapshotFrom } from 'xstate';
import { checkPhone } from '../shared/phone';
import { isTimeOfDay, minutesBetween } from '../shared/time-of-day';
import { rentalPrice, type RentalPrice } from './rental-rules';
import type { wheelshareMachine } from './wheelshare.machine';

type WheelshareSnapshot = SnapshotFrom<typeof wheelshareMachine>;

/** What the station shows. */
export type StationStage =
  | 'editing'
  | 'preparingPayment'
  | 'awaitingCard'
  | 'pollingLost'
  | 'allDone'
  | 'rentFailed'
  | 'returning'
  | 'returned'
  | 'returnFailed';

export function selectStage(snapshot: WheelshareSnapshot): StationStage {
  if (snapshot.matches('Editing')) return 'editing';
  if (snapshot.matches({ Renting: 'AwaitingCard' })) return 'awaitingCard';
  if (snapshot.matches({ Renting: 'PollingLost' })) return 'pollingLost';
  if (snapshot.matches('Renting')) return 'preparingPayment';
  if (snapshot.matches('AllDone')) return 'allDone';
  if (snapshot.matches('RentFailed')) return 'rentFailed';
  if (snapshot.matches('Returning')) return 'returning';
  if (snapshot.matches('Returned')) return 'returned';
  return 'returnFailed';
}

export const selectForm = ({ context }: WheelshareSnapshot) => ({
  choice: context.choice,
  phone: context.phone,
  option: context.option,
  startTime: context.startTime,
  endTime: context.endTime,
});

/** The form's submit is enabled once the phone is typed (requirements.md §5) and, to rent, both times are set. */
export function selectCanSubmit({ context }: WheelshareSnapshot): boolean {
  if (checkPhone(context.phone) === 'blank') return false;
  return context.choice === 'return' || (isTimeOfDay(context.startTime) && isTimeOfDay(context.endTime));
}

export const selectShowsPhoneError = (snapshot: WheelshareSnapshot) =>
  snapshot.matches({ Editing: 'ShowingPhoneError' });

/** The price of the chosen option over the chosen times (undefined while a time is missing). */
export function selectEstimate({ context }: WheelshareSnapshot): RentalPrice | undefined {
  if (!isTimeOfDay(context.startTime) || !isTimeOfDay(context.endTime)) return undefined;
  return rentalPrice(context.option, minutesBetween(context.startTime, context.endTime));
}

export const selectPaymentUrl = ({ context }: WheelshareSnapshot) => context.paymentUrl;

/** What the operator or its server said went wrong, shown with the contact-support text (requirements.md §8). */
export function selectFailureMessage({ context: { failure } }: WheelshareSnapshot): string | undefined {
  if (failure?.kind === 'refused') return failure.message || undefined;
  if (failure?.kind === 'call-failed' && failure.failure.kind === 'http') return failure.failure.message;
  return undefined;
}

/** The return's phone has no rental this station knows of: said in the app's own words. */
export const selectNoRentalHere = ({ context }: WheelshareSnapshot) => context.failure?.kind === 'no-rental';

/** The pay call's link was not a web address: it is not shown. */
export const selectLinkUnusable = ({ context }: WheelshareSnapshot) => context.failure?.kind === 'unusable-link';
export const selectLanguage = ({ context }: WheelshareSnapshot) => context.language;
/** A poll failed just now and will be tried again (the connection may be shaky). */
export const selectReconnecting = ({ context }: WheelshareSnapshot) => context.pollFailures > 0;

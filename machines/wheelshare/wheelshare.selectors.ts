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

/** Why renting or returning failed, in the visitor's words (locales: wheelshare failure.causes). */
export type FailureCause = 'refused' | 'unusableLink' | 'noRental' | 'unreachable' | 'serviceError';

export function selectFailureCause({ context: { failure } }: WheelshareSnapshot): FailureCause | undefined {
  switch (failure?.kind) {
    case undefined:
      return undefined;
    case 'refused':
      return 'refused';
    case 'unusable-link':
      return 'unusableLink';
    case 'no-rental':
      return 'noRental';
    case 'call-failed':
      return failure.failure.kind === 'offline' || failure.failure.kind === 'timeout' ? 'unreachable' : 'serviceError';
  }
}

/**
 * Whether the station can say no money moved (GOV.UK Pay's rule: a failure says it): a rental fails before its
 * payment link is shown, so no card was asked for. A failed return charges nothing either way, so says nothing.
 */
export const selectNotCharged = (snapshot: WheelshareSnapshot) => snapshot.matches('RentFailed');

/** What the visitor paid, once the operator stopped waiting for the card: the chart's price of the rental. */
export const selectPaid = (snapshot: WheelshareSnapshot): RentalPrice | undefined =>
  snapshot.matches('AllDone') ? selectEstimate(snapshot) : undefined;

const REFERENCE_LENGTH = 8;

/**
 * The rental's reference for a support call: the start of its session_id. Never the whole: the session is the
 * proof the station's calls carry for the rental (docs/payments.md "Payment links"), and the screen is shared.
 */
export const selectRentalReference = ({ context }: WheelshareSnapshot) =>
  context.session?.slice(0, REFERENCE_LENGTH).toUpperCase();

export const selectMachineId = ({ context }: WheelshareSnapshot) => context.machineId;
export const selectLanguage = ({ context }: WheelshareSnapshot) => context.language;
/** A poll failed just now and will be tried again (the connection may be shaky). */
export const selectReconnecting = ({ context }: WheelshareSnapshot) => context.pollFailures > 0;

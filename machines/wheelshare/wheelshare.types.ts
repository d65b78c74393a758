import type { Language } from '../menu/menu.types';
import type { ApiFailure } from '../shared/api-failure';
import type { RentalOption } from './rental-rules';

/** Rent a wheelchair or bike, or bring one back (requirements.md §2). */
export type StationChoice = 'rent' | 'return';

export interface WheelshareInput {
  /** The machine the station's calls name (requirements.md §9: 15, a build setting). */
  machineId: string;
  language: Language;
  /** When the station opened the form: its times default to now and an hour from now. */
  now: number;
}

/** The body of POST /api/merchants/wheelshare/set_purchase (not given by the spec; see src/api/wheelshare.ts). */
export interface RentalRequest {
  rental_option: RentalOption;
  /** ISO 8601 instants. */
  start_time: string;
  end_time: string;
}

export interface SetPurchaseInput {
  machineId: string;
  phone: string;
  rental: RentalRequest;
}

/** Which rental to return: the phone the visitor typed (the station knows the session it rented with). */
export interface ReturnInput {
  phone: string;
}

export interface StationCallInput {
  machineId: string;
  phone: string;
  /** The rental's session (set_purchase's session_id): the proof the calls after it need, not the phone alone. */
  session: string;
}

/** The operator's answer to a pay or return call: status 0 is success, otherwise msg says why not. */
export interface OperatorAnswer {
  status: number;
  message: string;
}

/** The answer of the deferred pay call: where the visitor pays on their phone. */
export interface DeferredPayment extends OperatorAnswer {
  paymentUrl: string | undefined;
}

/** Why renting or returning did not go through. */
export type StationFailure =
  /** The operator answered with a status other than 0: its message. */
  | { kind: 'refused'; message: string }
  /** The pay call's link is not a web address (or is missing): it is never shown as a QR code. */
  | { kind: 'unusable-link' }
  /** This station holds no rental session for the phone: it rented nothing to that number, or it was returned. */
  | { kind: 'no-rental' }
  | { kind: 'call-failed'; failure: ApiFailure };

/**
 * A return this station holds no rental session for: the operator refuses a return without the rental's
 * session (a phone number alone is no proof, docs/payments.md "Payment links"), so nothing is asked of it.
 */
export class NoRentalHere extends Error {
  constructor() {
    super('this station holds no rental for the phone');
    this.name = 'NoRentalHere';
  }
}

export const OPERATOR_OK = 0;

import { normalisePhone } from '../machines/shared/phone';
import type { RentalOption } from '../machines/wheelshare/rental-rules';

/** A wheelshare rental, as the station's set_purchase recorded it (keyed by the visitor's phone). */
export interface Rental {
  /** Digits and a leading + only (normalisePhone). */
  phone: string;
  machine_id: string;
  /** The sandbox purchase the visitor pays; its approved charge means the rental is paid. */
  session_id: string;
  option: RentalOption;
  start_time: string;
  end_time: string;
  amount: number;
  /** created by set_purchase, awaiting_card once the deferred pay call gave the link, returned at the end. */
  status: 'created' | 'awaiting_card' | 'returned';
}

/** The latest rental of each phone number; a phone number is looked up however it is spaced or dashed. */
export interface RentalStore {
  /** Records a rental, replacing the phone's earlier one. */
  add(rental: Rental): void;
  byPhone(phone: string): Rental | undefined;
  setStatus(phone: string, status: Rental['status']): void;
  clear(): void;
}

export function createRentalStore(): RentalStore {
  const rentals = new Map<string, Rental>();
  return {
    add: (rental) => rentals.set(normalisePhone(rental.phone), { ...rental, phone: normalisePhone(rental.phone) }),
    byPhone: (phone) => rentals.get(normalisePhone(phone)),
    setStatus: (phone, status) => {
      const rental = rentals.get(normalisePhone(phone));
      if (rental) rentals.set(rental.phone, { ...rental, status });
    },
    clear: () => rentals.clear(),
  };
}

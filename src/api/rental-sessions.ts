import type { LocalStore } from '../lib/local-store';

const STORAGE_KEY = 'wheelshare_rentals';
/** A station sees few open rentals at once; past this many, the oldest is dropped. */
const MAX_RENTALS = 50;

/**
 * The session of each rental this station made, by phone: the wheelshare calls after set_purchase need
 * it (a phone number alone is no proof, docs/payments.md "Payment links"), and a chair is returned at
 * the station, perhaps days and other rentals later. Kept in local storage until the rental is returned.
 */
export interface RentalSessions {
  remember(phone: string, session: string): void;
  of(phone: string): string | undefined;
  forget(phone: string): void;
}

export function createRentalSessions(storage: LocalStore): RentalSessions {
  const read = (): [string, string][] => {
    try {
      const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(stored)
        ? stored.filter(
            (entry): entry is [string, string] =>
              Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
          )
        : [];
    } catch {
      return [];
    }
  };
  const write = (entries: [string, string][]) =>
    storage.setItem(STORAGE_KEY, JSON.stringify(entries.slice(-MAX_RENTALS)));
  const without = (phone: string) => read().filter(([known]) => known !== phone);
  return {
    remember: (phone, session) => write([...without(phone), [phone, session]]),
    of: (phone) => read().find(([known]) => known === phone)?.[1],
    forget: (phone) => write(without(phone)),
  };
}

import type { ChargeMethod } from './stores';

/** How the operator learned an outcome. */
export type OutcomeSource =
  /** The provider's server-to-server notification (sandbox/api/notifications.ts). */
  | 'notification'
  /** The operator's own call that charged (a wallet token) or checked the outcome (verify, confirmation). */
  | 'operator'
  /** The operator asked the provider about an attempt when the app asked for the purchase's status. */
  | 'query';

/** One outcome of a provider's transaction, as the operator's server recorded it. */
export interface RecordedOutcome {
  session_id: string;
  method: ChargeMethod;
  transaction_id: string;
  status: 'approved' | 'declined';
  amount: number;
  currency: string;
  source: OutcomeSource;
  recorded_at: string;
}

/**
 * The operator's own record of payments, apart from the providers' ledgers (stores.ts ChargeStore): what
 * its server was told or found out. A transaction is recorded once, however many notifications, retries
 * and status calls bring it (providers resend a notification until it is acknowledged).
 */
export interface PaymentRecords {
  /** Records the outcome unless this method's transaction is already recorded; answers whether it was new. */
  record(outcome: Omit<RecordedOutcome, 'recorded_at'>): boolean;
  /** The purchase's approved outcome, if the operator knows it is paid. */
  approvedFor(sessionId: string): RecordedOutcome | undefined;
  /** The purchase's latest outcome. */
  latestFor(sessionId: string): RecordedOutcome | undefined;
  list(): readonly RecordedOutcome[];
  clear(): void;
}

export function createPaymentRecords(now: () => Date = () => new Date()): PaymentRecords {
  const outcomes: RecordedOutcome[] = [];
  const of = (sessionId: string) => outcomes.filter((outcome) => outcome.session_id === sessionId);
  return {
    record(outcome) {
      const known = outcomes.some(
        (each) => each.method === outcome.method && each.transaction_id === outcome.transaction_id,
      );
      if (!known) outcomes.push({ ...outcome, recorded_at: now().toISOString() });
      return !known;
    },
    approvedFor: (sessionId) => of(sessionId).find((outcome) => outcome.status === 'approved'),
    latestFor: (sessionId) => of(sessionId).at(-1),
    list: () => [...outcomes],
    clear: () => {
      outcomes.length = 0;
    },
  };
}

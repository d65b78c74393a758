import { setTimeout as sleep } from 'node:timers/promises';
import { checkCard, DECLINED_MESSAGE, type CardError, type CardInput } from './cards';
import type { Charge, ChargeMethod, ChargeStore, Purchase } from './stores';

export const ALREADY_PAID = 'This purchase is already paid.';
export const IN_PROGRESS = 'A payment for this purchase is already being processed.';

/** A refused attempt records nothing; approved and declined ones are recorded. */
export type ChargeResult =
  | { status: 'approved'; charge: Charge }
  | { status: 'declined'; charge: Charge }
  | { status: 'refused'; message: string };

/** A card field error never reaches the processor, so it records nothing either. */
export type CardChargeResult = ChargeResult | { status: 'invalid'; error: CardError };

/** Takes the money for every payment path: a purchase is charged successfully at most once (design.md §10). */
export interface Cashier {
  /** Records one attempt, unless the purchase is paid or another attempt on it is still being processed. */
  charge(purchase: Purchase, method: ChargeMethod, approve: boolean): Promise<ChargeResult>;
  /** The same, with the outcome the card rules (cards.ts) give this card. */
  chargeCard(purchase: Purchase, method: ChargeMethod, card: CardInput): Promise<CardChargeResult>;
  /** Whether an attempt on the purchase is with the processor now: its outcome is not known yet. */
  isProcessing(sessionId: string): boolean;
}

/** processingMs: how long the simulated processor takes; a second attempt meanwhile is refused. */
export function createCashier(charges: ChargeStore, processingMs = 0): Cashier {
  const processing = new Set<string>();

  const charge: Cashier['charge'] = async (purchase, method, approve) => {
    const { session_id, machine_id } = purchase;
    if (charges.paidCharge(session_id)) return { status: 'refused', message: ALREADY_PAID };
    if (processing.has(session_id)) return { status: 'refused', message: IN_PROGRESS };
    processing.add(session_id);
    try {
      await sleep(processingMs);
      const status = approve ? 'approved' : 'declined';
      const { currency, totals } = purchase;
      const recorded = charges.recordCharge({ machine_id, session_id, method, amount: totals.total, currency, status });
      return { status, charge: recorded };
    } finally {
      processing.delete(session_id);
    }
  };

  return {
    charge,
    isProcessing: (sessionId) => processing.has(sessionId),
    chargeCard: async (purchase, method, card) => {
      const check = checkCard(card);
      return check.outcome === 'invalid'
        ? { status: 'invalid', error: check.error }
        : charge(purchase, method, check.outcome === 'approve');
    },
  };
}

/** What a failed attempt tells the visitor. */
export function failureMessage(result: Exclude<CardChargeResult, { status: 'approved' }>): string {
  switch (result.status) {
    case 'invalid':
      return result.error.message;
    case 'declined':
      return DECLINED_MESSAGE;
    case 'refused':
      return result.message;
  }
}

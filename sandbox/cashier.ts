import { setTimeout as sleep } from 'node:timers/promises';
import { checkCard, DECLINED_MESSAGE, type CardError, type CardInput } from './cards';
import type { CaptureMethod, Charge, ChargeMethod, ChargeStore, Purchase } from './stores';

/** A provider processes one charge of an attempt at a time (a second confirmation of the same intent meanwhile). */
export const IN_PROGRESS = 'A payment for this attempt is already being processed.';

/** A refused attempt records nothing; approved and declined ones are recorded. */
export type ChargeResult =
  | { status: 'approved'; charge: Charge }
  | { status: 'declined'; charge: Charge }
  | { status: 'refused'; message: string };

/** A card field error never reaches the processor, so it records nothing either. */
export type CardChargeResult = ChargeResult | { status: 'invalid'; error: CardError };

/** What the provider was asked for on the attempt, beyond the purchase's sum. */
export interface ChargeOptions {
  /** The provider's own name for the transaction, where it gives one (the Bit processor's). */
  transactionId?: string | undefined;
  /**
   * A hold (`manual`) or a sale (`automatic`, the default), as the operator opened the attempt with the
   * provider (sandbox/operator/settlement.ts): the processor records what it was asked, never guesses.
   */
  captureMethod?: CaptureMethod | undefined;
}

/**
 * The card processors behind every provider stand-in. Like a real processor it knows nothing of the
 * merchant's other providers: it charges whatever attempt it is given, paid purchase or not. Keeping a
 * purchase to one charge is the operator's work (sandbox/operator/), which the tests prove.
 */
export interface Cashier {
  /** Records one charge on the provider's attempt (`reference`), unless that attempt is being processed now. */
  charge(
    purchase: Purchase,
    method: ChargeMethod,
    reference: string,
    approve: boolean,
    options?: ChargeOptions,
  ): Promise<ChargeResult>;
  /** The same, with the outcome the card rules (cards.ts) give this card. */
  chargeCard(
    purchase: Purchase,
    method: ChargeMethod,
    reference: string,
    card: CardInput,
    options?: Pick<ChargeOptions, 'captureMethod'>,
  ): Promise<CardChargeResult>;
  /** Whether an attempt on the purchase is with the processor now: its outcome is not known yet. */
  isProcessing(sessionId: string): boolean;
}

/** processingMs: how long the simulated processor takes; a second charge of the same attempt meanwhile is refused. */
export function createCashier(charges: ChargeStore, processingMs = 0): Cashier {
  /** The attempts being processed now, with their purchases. */
  const processing = new Map<string, string>();

  const charge: Cashier['charge'] = async (purchase, method, reference, approve, options = {}) => {
    const { session_id, machine_id } = purchase;
    if (processing.has(reference)) return { status: 'refused', message: IN_PROGRESS };
    processing.set(reference, session_id);
    try {
      await sleep(processingMs);
      const status = approve ? 'approved' : 'declined';
      const { currency, totals } = purchase;
      const recorded = charges.recordCharge(
        {
          ...{ machine_id, session_id, method, reference, amount: totals.total, currency, status },
          capture_method: options.captureMethod,
          ...(approve ? {} : { decline_message: DECLINED_MESSAGE }),
        },
        options.transactionId,
      );
      return { status, charge: recorded };
    } finally {
      processing.delete(reference);
    }
  };

  return {
    charge,
    isProcessing: (sessionId) => [...processing.values()].includes(sessionId),
    chargeCard: async (purchase, method, reference, card, options) => {
      const check = checkCard(card);
      return check.outcome === 'invalid'
        ? { status: 'invalid', error: check.error }
        : charge(purchase, method, reference, check.outcome === 'approve', options);
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

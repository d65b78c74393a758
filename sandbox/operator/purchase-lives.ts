import { createActor, type Actor } from 'xstate';
import type { ChargeStore, PurchaseStore } from '../stores';
import type { MachineControllers } from '../standins/machine-controller';
import type { BitProcessor, CardScanner } from '../standins/processors';
import { deliveredSum } from './delivery';
import { purchaseLifeMachine, type Attempt, type ConfirmedCharge, type Settlement } from './purchase-life.machine';

export type PurchaseLife = Actor<typeof purchaseLifeMachine>;

/** The operator's running purchase charts, one a purchase, started the first time a route asks. */
export interface PurchaseLives {
  of(sessionId: string): PurchaseLife;
  /** The purchase whose chart opened an attempt with this provider reference, if any. */
  withAttempt(reference: string): string | undefined;
  clear(): void;
}

/** What the operator can ask the providers to do, as their APIs allow. */
interface Providers {
  purchases: PurchaseStore;
  charges: ChargeStore;
  bit: BitProcessor;
  cardScanner: CardScanner;
  /** The machines, which deliver what was paid. */
  machines: MachineControllers;
}

/**
 * Cancels a superseded attempt where its provider can: Stripe's POST /v1/payment_intents/{id}/cancel
 * (docs.stripe.com/api/payment_intents/cancel), the Bit processor's cancel of a pending request and the
 * card scanner's close of an open scan (the strictest reasonable: its provider is not named).
 * Tranzila publishes no way to revoke a handshake and Hyp none to withdraw a page address: those stay
 * usable until they expire, and a charge made on them anyway is refunded (refundAtProvider).
 */
export function cancelAtProvider(
  { purchases, bit, cardScanner }: Pick<Providers, 'purchases' | 'bit' | 'cardScanner'>,
  sessionId: string,
  attempt: Pick<Attempt, 'method' | 'reference'>,
) {
  if (attempt.method === 'bit') bit.cancel(attempt.reference);
  if (attempt.method === 'card_scan') cardScanner.cancel(attempt.reference);
  const intent = purchases.get(sessionId)?.payment_intents.find((each) => each.id === attempt.reference);
  // Stripe cancels an intent in any state but processing and succeeded (docs.stripe.com/api/payment_intents/cancel).
  // One not yet confirmed is cancelled here; an authorized one (requires_capture) is an approval the operator
  // learns from its webhook, released then if the purchase was paid already (refundAtProvider).
  if (attempt.method === 'stripe' && intent?.status === undefined && intent) intent.status = 'canceled';
}

export function createPurchaseLives(providers: Providers): PurchaseLives {
  const lives = new Map<string, PurchaseLife>();
  return {
    of(sessionId) {
      const known = lives.get(sessionId);
      if (known) return known;
      const purchase = providers.purchases.get(sessionId);
      const { charges } = providers;
      /** The part of the payment that was not delivered, which goes back to the payer. */
      const undelivered = ({ payment, delivered }: Settlement) =>
        (charges.find(payment?.transactionId ?? '')?.amount ?? 0) - (purchase ? deliveredSum(purchase, delivered) : 0);
      const machine = purchaseLifeMachine.provide({
        actions: {
          deliverAtMachine: (_, plan) => {
            if (plan)
              providers.machines.deliver(sessionId, plan.ordered, (delivered) =>
                life.send({ type: 'machine.reported', delivered }),
              );
          },
          // Stripe POST /v1/payment_intents/{id}/capture, Tranzila's force, Hyp's J5 capture (docs/payments.md).
          captureInFull: (_, payment) => {
            const charge = charges.find(payment?.transactionId ?? '');
            if (charge) charges.capture(charge.id, charge.amount);
          },
          captureDeliveredReleaseRest: (_, settlement) => {
            const id = settlement.payment?.transactionId ?? '';
            const kept = purchase ? deliveredSum(purchase, settlement.delivered) : 0;
            if (kept > 0) charges.capture(id, kept);
            else charges.release(id);
          },
          refundUndelivered: (_, settlement) => {
            charges.refund(settlement.payment?.transactionId ?? '', undelivered(settlement));
          },
          cancelAtProvider: (_, attempts: Attempt[]) => {
            for (const attempt of attempts) cancelAtProvider(providers, sessionId, attempt);
          },
          // A hold is released (Stripe cancels the intent, a J5 is reversed); a sale is refunded through the
          // provider's API (Stripe POST /v1/refunds, Tranzila's credit, Hyp's zikoyAPI, the Bit processor's
          // refund). The ledger stands for them.
          refundAtProvider: (_, { transactionId }: ConfirmedCharge) =>
            providers.charges.release(transactionId) ?? providers.charges.refund(transactionId),
        },
      });
      const life: PurchaseLife = createActor(machine, { input: { plan: purchase?.delivery } }).start();
      lives.set(sessionId, life);
      return life;
    },
    withAttempt: (reference) =>
      [...lives].find(([, life]) =>
        life.getSnapshot().context.attempts.some((attempt) => attempt.reference === reference),
      )?.[0],
    clear: () => {
      for (const life of lives.values()) life.stop();
      lives.clear();
    },
  };
}

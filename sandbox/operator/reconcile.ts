import type { SandboxState } from '../api/shared';
import { BIT_REQUEST_TTL_MS } from '../standins/bit';
import { CARD_SCAN_TTL_MS } from '../standins/card-scan';
import { HYP_PAGE_VALIDITY_MS } from '../standins/hyp-terminal';
import { HANDSHAKE_TTL_MS } from '../standins/tranzila';
import type { ChargeMethod } from '../stores';
import { confirmedCharge, learnOutcome } from './attempts';
import { cancelAtProvider } from './purchase-lives';

/**
 * How long each provider may still charge an attempt the operator opened: a Tranzila handshake's and a
 * Hyp page's lifetime, a Bit request's and a card scan's wait for the payer. A Stripe PaymentIntent never
 * expires by itself: the operator gives it the same 10 minutes, then cancels it. Wallet charges end
 * within their call.
 */
export const PROVIDER_WINDOW_MS: Readonly<Partial<Record<ChargeMethod, number>>> = {
  tranzila: HANDSHAKE_TTL_MS,
  yaad_sarig: HYP_PAGE_VALIDITY_MS,
  bit: BIT_REQUEST_TTL_MS,
  card_scan: CARD_SCAN_TTL_MS,
  stripe: 10 * 60 * 1000,
};

/** How often the sandbox's operator sweeps (server.ts): a minute past a window at the most. */
export const RECONCILE_EVERY_MS = 60 * 1000;

/**
 * Closes the attempts whose provider's window is over, nobody needing to ask: each is queried at its
 * provider (the ledger stands for the query APIs) and recorded as charged or declined when the provider
 * made a transaction on it (a notification that never came), else told to the chart as expired (a
 * Stripe intent or a Bit request is cancelled at its provider first). Answers how many it closed.
 */
export function reconcileOpenAttempts(state: SandboxState, now = Date.now()): number {
  let closed = 0;
  for (const purchase of state.purchases.values()) {
    const life = state.lives.of(purchase.session_id);
    const overdue = life.getSnapshot().context.attempts.filter((attempt) => {
      const window = PROVIDER_WINDOW_MS[attempt.method];
      const unanswered = attempt.status === 'open' || attempt.status === 'superseded';
      return unanswered && window !== undefined && now - attempt.openedAt > window;
    });
    for (const attempt of overdue) {
      const made = state.charges.ofOrder(purchase.session_id).filter((each) => each.reference === attempt.reference);
      const charges = made.flatMap((each) => confirmedCharge(state, purchase, attempt.method, each.id) ?? []);
      for (const charge of charges) learnOutcome(state, purchase, charge, 'query');
      if (charges.length === 0) {
        cancelAtProvider(state, purchase.session_id, attempt);
        life.send({ type: 'provider.expired', reference: attempt.reference });
      }
      closed += 1;
    }
  }
  return closed;
}

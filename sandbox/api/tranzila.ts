import { Hono } from 'hono';
import { openAttempt } from '../operator/attempts';
import { captureMethodFor } from '../operator/settlement';
import { createHandshake } from '../standins/tranzila';
import { fail, requestedPurchase, type SandboxEnv, type SandboxState } from './shared';

/**
 * POST /v4/api/payment/pre/tranzila/handshake?machine_id=…: the operator's server asks Tranzila for a
 * handshake (https://api.tranzila.com/v1/handshake/create?supplier=<terminal>&sum=<total>&TranzilaPW=…,
 * docs.tranzila.com Hosted Fields) for the purchase's total, and gives the page only its token: {thtk}.
 * The handshake is for a J5 (a hold) where the operator holds card funds (operator/settlement.ts).
 */
export function tranzilaHandshakeRoutes(state: SandboxState) {
  return new Hono<SandboxEnv>().post('/pre/tranzila/handshake', (c) => {
    const { machine, purchase } = requestedPurchase(c, state);
    const card = machine.menu.frontend_config.credit_card;
    if (card?.type !== 'TRANZILA' || !card.enabled) fail(400, 'this machine does not take cards through Tranzila');
    const sum = purchase.totals.total;
    const thtk = openAttempt(state, purchase, { method: 'tranzila', sum }, () => {
      const token = createHandshake(purchase, card.terminal, sum, captureMethodFor('tranzila'));
      return { reference: token, opened: token };
    });
    return c.json({ thtk });
  });
}

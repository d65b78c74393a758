import { Hono } from 'hono';
import * as v from 'valibot';
import { openAttempt } from '../operator/attempts';
import { fail, jsonBody, parseOrFail, requestedPurchase, type SandboxEnv, type SandboxState } from './shared';

const initSchema = v.object({ return_url: v.string() });

/**
 * The operator's Bit call: its server initialises the payment with the processor, which notifies the
 * verdict to /v4/api/notify/bit (never one the browser brings); the app asks GET /v4/api/payment/status.
 */
export function bitPaymentRoutes(state: SandboxState) {
  const { bit } = state;
  return new Hono<SandboxEnv>().post('/pre/bit/init', async (c) => {
    const { machine, purchase } = requestedPurchase(c, state);
    if (machine.menu.frontend_config.bit?.enabled !== true) fail(400, 'Bit is not enabled on this machine');
    const { return_url } = parseOrFail(initSchema, await jsonBody(c));
    // Opening a request cancels the one open before (at the processor), so two never wait for the payer.
    const result = openAttempt(state, purchase, { method: 'bit', sum: purchase.totals.total }, () => {
      const made = bit.init(purchase, return_url);
      return { reference: made.ok ? made.transaction.id : undefined, opened: made };
    });
    if (!result.ok) return c.json({ status: 1, msg: result.message, data: null });
    const { transaction } = result;
    return c.json({
      status: 0,
      msg: 'Bit payment initialised.',
      data: { transaction_id: transaction.id, payment_url: bit.paymentUrl(transaction) },
    });
  });
}

import { Hono } from 'hono';
import { openAttempt } from '../operator/attempts';
import { captureMethodFor } from '../operator/settlement';
import { fail, requestedPurchase, type SandboxEnv, type SandboxState } from './shared';

/**
 * The operator's card-scan call: its server opens a scan with the scanner for the purchase's total (the
 * browser names no sum), which the app frames; the scanner notifies the verdict to
 * /v4/api/notify/card_scan, and the app asks GET /v4/api/payment/status whatever the frame says.
 */
export function cardScanPaymentRoutes(state: SandboxState) {
  const { cardScanner } = state;
  return new Hono<SandboxEnv>().post('/pre/card_scan/start', (c) => {
    const { machine, purchase } = requestedPurchase(c, state);
    const card = machine.menu.frontend_config.credit_card;
    // Card scan is offered with the card fields (requirements.md §2): not on a STRIP reader.
    if (card?.enabled !== true || card.type === 'STRIP') fail(400, 'Card scan is not enabled on this machine');
    // Opening a scan closes the attempt open before (an earlier scan at the scanner too).
    // The scanner posts its verdict only to the calling page, when it is one of the merchant's sites; a
    // call without one (no browser) names the merchant's first site, never this server.
    const caller = c.req.header('origin');
    const appOrigin = caller && state.appOrigins.includes(caller) ? caller : (state.appOrigins[0] ?? '');
    const scan = openAttempt(state, purchase, { method: 'card_scan', sum: purchase.totals.total }, () => {
      // An authorization where the operator holds card funds (operator/settlement.ts).
      const opened = cardScanner.open(purchase, appOrigin, captureMethodFor('card_scan'));
      return { reference: opened.id, opened };
    });
    return c.json({
      status: 0,
      msg: 'Card scan opened.',
      data: { scan_id: scan.id, scan_url: cardScanner.scanUrl(scan) },
    });
  });
}

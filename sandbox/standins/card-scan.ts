import { Hono } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import { failureMessage } from '../cashier';
import { TEST_CARDS } from '../cards';
import {
  jsonBody,
  merchantAddress,
  parseOrFail,
  purchaseOf,
  requireTotal,
  type SandboxEnv,
  type SandboxState,
} from '../api/shared';
import { page } from './html';

const chargeSchema = v.object({
  session_id: v.string(),
  amount: v.string(),
  number: v.string(),
  expiry: v.string(),
});

/** The scanner's answer for an order it already charged. */
export const CARD_SCAN_DUPLICATE_ORDER = 'This purchase is already paid.';

const STYLE = `
  .viewfinder { aspect-ratio: 1.586; margin: 1rem 0; border: 3px dashed #0b57d0; border-radius: 12px;
    background: repeating-linear-gradient(135deg, #eef3fd 0 12px, #dfe8fb 12px 24px); }
`;

/** A card the camera could read: its number and an expiry some years ahead (a camera reads no CVV). */
function scannedCard(number: string, now = new Date()) {
  return { number, expiry: `12/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}` };
}

/**
 * The card scan step, framed by the app: a simulated scan charges the card (cards.ts rules), then
 * the page posts {source: 'card-scan', status, transaction_id?, message?} to its parent.
 */
export function cardScanRoutes(state: SandboxState) {
  const { purchases, cashier, charges } = state;
  return new Hono<SandboxEnv>()
    .get('/', (c) => {
      const purchase = purchaseOf(purchases, c.req.query('session_id'));
      const amount = c.req.query('amount') ?? '';
      requireTotal(purchase, amount);
      // The outcome is posted only to the merchant's own page (postMessage's targetOrigin), never to whoever asks.
      const origin = merchantAddress(state, c.req.query('origin')).origin;

      const cards = [
        { label: `Simulate scan: Visa ${TEST_CARDS.approved.slice(0, 4)}…`, ...scannedCard(TEST_CARDS.approved) },
        { label: `Simulate scan: declined card ${TEST_CARDS.declined}`, ...scannedCard(TEST_CARDS.declined) },
      ];
      const body = html`<main
        data-session-id="${purchase.session_id}"
        data-amount="${amount}"
        data-target-origin="${origin}"
      >
        <h1>Scan your card</h1>
        <div class="viewfinder" aria-hidden="true"></div>
        <p id="scan-status" role="status">Scanning…</p>
        ${cards.map(
          (card) =>
            html`<button type="button" data-number="${card.number}" data-expiry="${card.expiry}" disabled>
              ${card.label}
            </button>`,
        )}
        <button type="button" class="secondary" disabled>Cancel</button>
      </main>`;
      return c.html(page('Card scan (sandbox)', body, { script: '/sandbox/pages/card-scan.js', style: STYLE }));
    })
    .post('/charge', async (c) => {
      const request = parseOrFail(chargeSchema, await jsonBody(c));
      const purchase = purchaseOf(purchases, request.session_id);
      requireTotal(purchase, request.amount);
      // The scanner's provider is not named, so nothing public says what it does with an order it already
      // charged: the stand-in takes the strictest reasonable rule, a gateway's duplicate-order check of
      // its own transactions (never another provider's). No operator call opens a card scan yet.
      if (
        charges.ofOrder(purchase.session_id).some((each) => each.method === 'card_scan' && each.status === 'approved')
      )
        return c.json({ status: 'declined', message: CARD_SCAN_DUPLICATE_ORDER });
      const result = await cashier.chargeCard(purchase, 'card_scan', `scan_${purchase.session_id}`, {
        number: request.number,
        expiry: request.expiry,
      });
      if (result.status === 'approved') return c.json({ status: 'approved', transaction_id: result.charge.id });
      const transaction = result.status === 'declined' ? { transaction_id: result.charge.id } : {};
      return c.json({ status: 'declined', ...transaction, message: failureMessage(result) });
    });
}

import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import { failureMessage } from '../cashier';
import { TEST_CARDS } from '../cards';
import { fail, jsonBody, merchantAddress, parseOrFail, type SandboxEnv, type SandboxState } from '../api/shared';
import type { CardScan, CardScanner, ScanStatus } from './processors';
import { page } from './html';
import { cardScanNotice } from './notify';

/*
 * The card scanner's provider is not named, so nothing public says how it works: the stand-in takes the
 * strictest reasonable form, the one Bit's processor and Hyp's page follow (docs/payments.md). The
 * merchant's SERVER opens a scan for an order and its sum (the browser names neither), and frames the
 * scanner's page at the address the scanner answers; the page reads the card with the camera and charges
 * it once; the scanner notifies the merchant's server, signed, whatever the outcome (a cancel too); only
 * then does the page tell its parent, whose word the operator never takes.
 */

/** How long a scan waits for its card: the strictest reasonable window, a Hyp page's 10 minutes. */
export const CARD_SCAN_TTL_MS = 10 * 60 * 1000;

/** The scanner's answer for an order it already charged. */
export const CARD_SCAN_DUPLICATE_ORDER = 'This purchase is already paid.';

export type { CardScan, CardScanner, ScanStatus };

export function createCardScanner(state: Pick<SandboxState, 'appOrigins' | 'providersOrigin'>): CardScanner {
  const scans = new Map<string, CardScan>();
  const find = (id: string | undefined) => {
    const scan = id === undefined ? undefined : scans.get(id);
    if (scan?.status === 'open' && Date.now() - scan.createdAt > CARD_SCAN_TTL_MS) scan.status = 'expired';
    return scan;
  };
  return {
    open(purchase, appOrigin, captureMethod) {
      const scan: CardScan = {
        id: `SCAN-${randomBytes(8).toString('hex')}`,
        sessionId: purchase.session_id,
        amount: purchase.totals.total,
        currency: purchase.currency,
        // The verdict goes only to the merchant's own sites, never to whoever asks.
        targetOrigin: merchantAddress(state, appOrigin).origin,
        createdAt: Date.now(),
        status: 'open',
        captureMethod,
      };
      scans.set(scan.id, scan);
      return scan;
    },
    find,
    cancel(id) {
      const scan = find(id);
      if (scan?.status === 'open') scan.status = 'cancelled';
    },
    scanUrl(scan) {
      const url = new URL('/sandbox/card-scan', state.providersOrigin);
      url.searchParams.set('scan', scan.id);
      return url.href;
    },
    clear: () => scans.clear(),
  };
}

const scanSchema = v.object({ scan: v.string() });
const chargeSchema = v.object({ scan: v.string(), number: v.string(), expiry: v.string() });

const STYLE = `
  .viewfinder { aspect-ratio: 1.586; margin: 1rem 0; border: 3px dashed #0b57d0; border-radius: 12px;
    background: repeating-linear-gradient(135deg, #eef3fd 0 12px, #dfe8fb 12px 24px); }
`;

/** A card the camera could read: its number and an expiry some years ahead (a camera reads no CVV). */
function scannedCard(number: string, now = new Date()) {
  return { number, expiry: `12/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}` };
}

/**
 * The scanner's page, framed by the app, for a scan the operator opened: a simulated scan charges the
 * card (cards.ts rules) for the scan's sum, the scanner notifies the operator, then the page posts
 * {source: 'card-scan', status, transaction_id?, message?} to the scan's merchant page. Cancel closes
 * the scan, notified the same way.
 */
export function cardScanRoutes(state: SandboxState) {
  const { purchases, cashier, charges, cardScanner, notifyOperator } = state;
  /** The open scan a request names, and its purchase: 404 unknown, 410 closed or expired, 409 answered. */
  const openScan = (id: string | undefined) => {
    const scan = cardScanner.find(id) ?? fail(404, 'unknown scan');
    if (scan.status === 'expired' || scan.status === 'cancelled') fail(410, 'this scan is closed');
    if (scan.status !== 'open') fail(409, 'this scan has already charged a card');
    const purchase = purchases.get(scan.sessionId) ?? fail(404, 'unknown scan');
    return { scan, purchase };
  };
  const scanOfBody = async (c: Context) => parseOrFail(scanSchema, await jsonBody(c)).scan;

  return new Hono<SandboxEnv>()
    .get('/', (c) => {
      const { scan } = openScan(c.req.query('scan'));
      const cards = [
        { label: `Simulate scan: Visa ${TEST_CARDS.approved.slice(0, 4)}…`, ...scannedCard(TEST_CARDS.approved) },
        { label: `Simulate scan: declined card ${TEST_CARDS.declined}`, ...scannedCard(TEST_CARDS.declined) },
      ];
      const body = html`<main data-scan="${scan.id}" data-target-origin="${scan.targetOrigin}">
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
      const { scan, purchase } = openScan(request.scan);
      // A gateway's duplicate-order check of its own transactions (never another provider's): the
      // strictest reasonable rule, as nothing public says what this scanner does.
      if (
        charges.ofOrder(purchase.session_id).some((each) => each.method === 'card_scan' && each.status === 'approved')
      )
        return c.json({ status: 'declined', message: CARD_SCAN_DUPLICATE_ORDER });
      const card = { number: request.number, expiry: request.expiry };
      const result = await cashier.chargeCard(purchase, 'card_scan', scan.id, card, {
        captureMethod: scan.captureMethod,
      });
      // A card it could not read, or a charge already under way, leaves the scan open for another try.
      if (result.status === 'invalid' || result.status === 'refused')
        return c.json({ status: 'declined', message: failureMessage(result) });
      // The scanner settles its own record and tells the operator before the page hears anything.
      scan.status = result.status;
      await notifyOperator(cardScanNotice(scan, result.charge));
      return result.status === 'approved'
        ? c.json({ status: 'approved', transaction_id: result.charge.id })
        : c.json({ status: 'declined', transaction_id: result.charge.id, message: failureMessage(result) });
    })
    .post('/cancel', async (c) => {
      const { scan } = openScan(await scanOfBody(c));
      scan.status = 'cancelled';
      await notifyOperator(cardScanNotice(scan, undefined));
      return c.json({ status: 'cancelled' });
    });
}

import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { failureMessage } from '../cashier';
import { fail, MERCHANT_NAME, merchantAddress, totalText, type SandboxEnv, type SandboxState } from '../api/shared';
import type { BitInitResult, BitProcessor, BitStatus, BitTransaction } from './processors';
import { page } from './html';
import { bitNotice } from './notify';

/*
 * Bit for merchants goes through a processor (Tranzila's Bit API, docs.tranzila.com "Bit"; its fields are
 * mirrored in the tranzilajs package's BitInitPayload): the merchant's SERVER initialises the payment with
 * success_url / failure_url / notify_url and gets back a sale_url (Bit's QR-code page on a desktop, its
 * deep link on a phone); the visitor confirms in Bit; the processor notifies the merchant's server at
 * notify_url "regardless of success or failure" and sends the browser back. The browser is never told
 * the verdict: here the return address gets nothing added, and the operator learns the outcome from
 * the processor's notification (standins/notify.ts bitNotice, to the operator's /v4/api/notify/bit).
 */

/** Bit's published terms: a payment to a business is at least 5 NIS (not in any stored public document). */
export const BIT_MINIMUM_ILS = 5;

/**
 * How long a payment request waits for the payer. No processor documents it publicly; 10 minutes is
 * chosen as the strictest reasonable window for a visitor standing at a machine.
 */
export const BIT_REQUEST_TTL_MS = 10 * 60 * 1000;

export type { BitInitResult, BitProcessor, BitStatus, BitTransaction };

const STATUS_MESSAGES: Record<Exclude<BitStatus, 'declined'>, string> = {
  pending: 'Waiting for the payer to approve the payment in Bit.',
  approved: 'Paid with Bit.',
  expired: 'The Bit payment request expired before it was approved.',
  cancelled: 'The merchant cancelled this Bit payment request.',
};
const DECLINED_IN_BIT = 'The payment was declined in Bit.';

export function createBitProcessor(state: Pick<SandboxState, 'appOrigins' | 'providersOrigin'>): BitProcessor {
  const transactions = new Map<string, BitTransaction>();
  const find = (id: string | undefined) => {
    const transaction = id === undefined ? undefined : transactions.get(id);
    if (transaction?.status === 'pending' && Date.now() - transaction.createdAt > BIT_REQUEST_TTL_MS) {
      transaction.status = 'expired';
      transaction.message = STATUS_MESSAGES.expired;
    }
    return transaction;
  };
  return {
    init(purchase, returnUrl) {
      // Only the merchant's sites are returned to: a return address is a redirect target, never somebody else's.
      const back = merchantAddress(state, returnUrl);
      // Bit pays in shekels only (Tranzila: txn_currency_code "ILS for bit").
      if (purchase.currency !== 'ILS') return { ok: false, message: 'Bit pays in ILS only.' };
      if (purchase.totals.total < BIT_MINIMUM_ILS)
        return { ok: false, message: `Bit payments start at ₪${BIT_MINIMUM_ILS.toFixed(2)}.` };
      const transaction: BitTransaction = {
        id: `BIT-${randomBytes(8).toString('hex')}`,
        sessionId: purchase.session_id,
        returnUrl: back.href,
        createdAt: Date.now(),
        status: 'pending',
        message: STATUS_MESSAGES.pending,
      };
      transactions.set(transaction.id, transaction);
      return { ok: true, transaction };
    },
    find,
    cancel(id) {
      const transaction = find(id);
      if (transaction?.status !== 'pending') return;
      transaction.status = 'cancelled';
      transaction.message = STATUS_MESSAGES.cancelled;
    },
    pendingFor: (sessionId) =>
      [...transactions.values()].some(
        ({ id, sessionId: paying }) => paying === sessionId && find(id)?.status === 'pending',
      ),
    paymentUrl(transaction) {
      const url = new URL('/sandbox/bit/pay', state.providersOrigin);
      url.searchParams.set('transaction', transaction.id);
      return url.href;
    },
    clear: () => transactions.clear(),
  };
}

/** Bit's payment page on the processor's origin: the payer approves or declines a pending request. */
export function bitRoutes(state: SandboxState) {
  const { catalogue, purchases, cashier, bit, notifyOperator } = state;
  /** The pending transaction GET/POST /sandbox/bit/pay names, and its purchase; refused otherwise. */
  const pendingPayment = (c: Context) => {
    const transaction = bit.find(c.req.query('transaction'));
    if (!transaction) fail(404, 'unknown Bit transaction');
    if (transaction.status === 'expired' || transaction.status === 'cancelled') fail(410, transaction.message);
    if (transaction.status !== 'pending') fail(409, 'this Bit payment request has already been answered');
    const purchase = purchases.get(transaction.sessionId) ?? fail(404, 'unknown Bit transaction');
    return { transaction, purchase };
  };

  return new Hono<SandboxEnv>()
    .get('/pay', (c) => {
      const { purchase } = pendingPayment(c);
      const body = html`<h1>Bit (sandbox)</h1>
        <p>Pay ${totalText(catalogue, purchase)} to ${MERCHANT_NAME}?</p>
        <form method="post">
          <button type="submit" name="decision" value="approve">Approve</button>
          <button type="submit" name="decision" value="decline" class="secondary">Decline</button>
        </form>`;
      return c.html(page('Bit (sandbox)', body, { script: '/sandbox/pages/forms.js' }));
    })
    .post('/pay', async (c) => {
      const { transaction, purchase } = pendingPayment(c);
      const { decision } = await c.req.parseBody();
      // The processor names the transaction by its request: the id init answered is the payment's. A sale:
      // Bit's init takes only txn_type debit (docs.tranzila.com/docs/payments-and-billing/bit-api/bit-init).
      const result = await cashier.charge(purchase, 'bit', transaction.id, decision === 'approve', {
        transactionId: transaction.id,
      });
      // The processor settles its own record first: the operator asks it before believing the notice.
      transaction.status = result.status === 'approved' ? 'approved' : 'declined';
      transaction.message =
        result.status === 'approved'
          ? STATUS_MESSAGES.approved
          : result.status === 'declined'
            ? DECLINED_IN_BIT
            : failureMessage(result);
      if (result.status !== 'refused') await notifyOperator(bitNotice(transaction.id, result.charge));
      // Back to the merchant's page with nothing added: the browser is not where a verdict is believed.
      return c.redirect(transaction.returnUrl, 303);
    });
}

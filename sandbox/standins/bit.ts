import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { failureMessage } from '../cashier';
import {
  MERCHANT_NAME,
  merchantAddress,
  purchaseOf,
  requireTotal,
  totalText,
  type SandboxEnv,
  type SandboxState,
} from '../api/shared';
import { page } from './html';

/** Bit's payment page: the visitor approves or declines, then goes back to the app's return_url. */
export function bitRoutes(state: SandboxState) {
  const { catalogue, purchases, cashier } = state;
  /** The purchase, checked amount and return URL of GET/POST /sandbox/bit/pay. */
  const bitRequest = (c: Context) => {
    const purchase = purchaseOf(purchases, c.req.query('session_id'));
    requireTotal(purchase, c.req.query('amount'));
    // Only the merchant's site is returned to: a return URL is a redirect target, never somebody else's.
    const returnUrl = merchantAddress(state, c.req.query('return_url'));
    return { purchase, returnUrl };
  };

  return new Hono<SandboxEnv>()
    .get('/pay', (c) => {
      const { purchase } = bitRequest(c);
      const body = html`<h1>Bit (sandbox)</h1>
        <p>Pay ${totalText(catalogue, purchase)} to ${MERCHANT_NAME}?</p>
        <form method="post">
          <button type="submit" name="decision" value="approve">Approve</button>
          <button type="submit" name="decision" value="decline" class="secondary">Decline</button>
        </form>`;
      return c.html(page('Bit (sandbox)', body, { script: '/sandbox/pages/forms.js' }));
    })
    .post('/pay', async (c) => {
      const { purchase, returnUrl } = bitRequest(c);
      const { decision } = await c.req.parseBody();
      const result = await cashier.charge(purchase, 'bit', decision === 'approve');
      returnUrl.searchParams.set('bit_status', result.status === 'approved' ? 'approved' : 'declined');
      if (result.status !== 'refused') returnUrl.searchParams.set('transaction_id', result.charge.id);
      if (result.status !== 'approved') returnUrl.searchParams.set('message', failureMessage(result));
      return c.redirect(returnUrl.href, 303);
    });
}

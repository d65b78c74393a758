import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { ALREADY_PAID, failureMessage } from '../cashier';
import { MERCHANT_NAME, purchaseWhere, totalText, type SandboxEnv, type SandboxState } from '../api/shared';
import { page } from './html';

const TITLE = 'Card payment (Yaad Sarig sandbox)';

const payAddress = (token: string, error?: string) =>
  `/sandbox/hosted-page/pay?${new URLSearchParams(error ? { token, error } : { token })}`;

function payForm(total: string, token: string, error: string | undefined) {
  return html`<h1>Card payment</h1>
    <p>${MERCHANT_NAME}: ${total}</p>
    ${error ? html`<p role="alert">${error}</p>` : ''}
    <form method="post" action="${payAddress(token)}">
      <label for="number">Card number</label>
      <input id="number" name="number" autocomplete="cc-number" inputmode="numeric" required />
      <label for="expiry">Expiry (MM/YY)</label>
      <input id="expiry" name="expiry" autocomplete="cc-exp" inputmode="numeric" placeholder="MM/YY" required />
      <label for="cvv">CVV</label>
      <input id="cvv" name="cvv" autocomplete="cc-csc" inputmode="numeric" required />
      <button type="submit">Pay ${total}</button>
    </form>`;
}

/**
 * The hosted payment page pay_ajax points at. On approval it redirects to the provider's success
 * host (/sandbox/hosted-page/success); on any failure back to its own pay address, which is how
 * the app tells the two apart.
 */
export function hostedPageRoutes({ catalogue, purchases, charges, cashier }: SandboxState) {
  const tokenPurchase = (c: Context) => {
    const token = c.req.query('token') ?? '';
    return { token, purchase: purchaseWhere(purchases, 'payment page', (each) => each.hosted_page_token === token) };
  };

  return new Hono<SandboxEnv>()
    .get('/pay', (c) => {
      const { token, purchase } = tokenPurchase(c);
      const body = charges.paidCharge(purchase.session_id)
        ? html`<h1>Card payment</h1>
            <p role="status">${ALREADY_PAID}</p>`
        : payForm(totalText(catalogue, purchase), token, c.req.query('error'));
      return c.html(page(TITLE, body, { script: '/sandbox/pages/forms.js' }));
    })
    .post('/pay', async (c) => {
      const { token, purchase } = tokenPurchase(c);
      const form = await c.req.parseBody();
      const field = (name: string) => {
        const value = form[name];
        return typeof value === 'string' ? value : '';
      };
      const card = { number: field('number'), expiry: field('expiry'), cvv: field('cvv') };
      const result = await cashier.chargeCard(purchase, 'yaad_sarig', card);
      if (result.status !== 'approved') return c.redirect(payAddress(token, failureMessage(result)), 303);
      const query = new URLSearchParams({ token, transaction_id: result.charge.id });
      return c.redirect(`/sandbox/hosted-page/success?${query}`, 303);
    })
    .get('/success', (c) => {
      const { purchase } = tokenPurchase(c);
      const paid = charges.paidCharge(purchase.session_id);
      if (!paid || paid.id !== c.req.query('transaction_id')) return c.notFound();
      const body = html`<h1>Payment approved</h1>
        <p>Transaction ${paid.id}</p>`;
      return c.html(page('Payment approved (Yaad Sarig sandbox)', body));
    });
}

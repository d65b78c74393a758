import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { failureMessage, type CardChargeResult } from '../cashier';
import { checkCard, requiresChallenge, type CardInput } from '../cards';
import { fail, MERCHANT_NAME, purchaseOf, totalText, type SandboxEnv, type SandboxState } from '../api/shared';
import type { Charge, Purchase } from '../stores';
import { page } from './html';
import { hasHypSignature, hypSign } from './hyp-terminal';
import { hypNotice } from './notify';

const TITLE = 'Card payment (Hyp sandbox)';

/** A page address Hyp no longer serves (expired or used): answered 410 with a page that says why. */
class PageGone extends Error {}
const FORMS_SCRIPT = { script: '/sandbox/pages/forms.js' };

/**
 * Hyp's CCode for a card its issuer refuses: 0 is approved, anything else an error code
 * (developers.hyp.co.il/pay/getting-started/creating-a-payment-page, "Handle the redirect"). Which
 * non-zero code a refusal carries is not public; the sandbox uses the card networks' "refused" (4).
 */
export const DECLINED_CCODE = '4';

/** The payment page's own address (its signed query), optionally with an error for the form. */
const pageAddress = (path: 'pay' | '3ds', query: URLSearchParams, error?: string) => {
  const next = new URLSearchParams(query);
  next.delete('error');
  if (error) next.set('error', error);
  return `/sandbox/hosted-page/${path}?${next}`;
};

function payForm(total: string, action: string, error: string | undefined) {
  return html`<h1>Card payment</h1>
    <p>${MERCHANT_NAME}: ${total}</p>
    ${error ? html`<p role="alert">${error}</p>` : ''}
    <form method="post" action="${action}">
      <label for="number">Card number</label>
      <input id="number" name="number" autocomplete="cc-number" inputmode="numeric" required />
      <label for="expiry">Expiry (MM/YY)</label>
      <input id="expiry" name="expiry" autocomplete="cc-exp" inputmode="numeric" placeholder="MM/YY" required />
      <label for="cvv">CVV</label>
      <input id="cvv" name="cvv" autocomplete="cc-csc" inputmode="numeric" required />
      <button type="submit">Pay ${total}</button>
    </form>`;
}

function challengeForm(total: string, action: string, last4: string) {
  return html`<h1>3-D Secure</h1>
    <p>Your bank asks you to confirm the payment of ${total} to ${MERCHANT_NAME} with the card ending ${last4}.</p>
    <form method="post" action="${action}">
      <button type="submit" name="result" value="complete">Complete</button>
      <button type="submit" name="result" value="fail" class="secondary">Fail</button>
    </form>`;
}

/** Why Hyp no longer serves a page address: over its 10 minutes, or its one payment made. */
const GONE = {
  expired: 'This payment page has expired. Go back and start the payment again.',
  used: 'This payment page has already been used for a payment. Go back and start again.',
};

/**
 * Hyp's redirect after a payment: the terminal's return page (standins/hyp-terminal.ts) with Id, CCode, Amount, ACode, Order,
 * Fild1..3 and the terminal's Sign over them (developers.hyp.co.il/pay/getting-started/creating-a-payment-page;
 * the signature is checked by APISign What=VERIFY: developers.hyp.co.il/pay/security/transaction-validation).
 */
export function hypReturn(returnUrl: URL, purchase: Purchase, charge: Charge): string {
  const target = new URL(returnUrl);
  for (const [name, value] of hypResult(purchase, charge)) target.searchParams.append(name, value);
  return target.href;
}

/** A transaction's result as Hyp signs it, for the payer's redirect and the merchant's server alike. */
function hypResult(purchase: Purchase, charge: Charge): URLSearchParams {
  const approved = charge.status === 'approved';
  const params = new URLSearchParams({
    Id: charge.id,
    CCode: approved ? '0' : DECLINED_CCODE,
    Amount: String(charge.amount),
    ACode: approved ? charge.id.replace(/\D/g, '').padStart(7, '0') : '',
    Order: purchase.session_id,
    Fild1: '',
    Fild2: '',
    Fild3: '',
  });
  params.set('Sign', hypSign(params));
  return params;
}

/**
 * The Hyp (Yaad Sarig) payment page pay_ajax names, on the providers' origin, framed by the app. Its
 * address is signed by the merchant's terminal; the page refuses an unsigned or altered address (403)
 * and, as Hyp documents, serves it for 10 minutes and one payment (410 after that, a page saying so).
 * It names no return address: Hyp returns to the terminal's one return page. A card its
 * issuer challenges goes through a 3-D Secure page first (another navigation inside the frame). On
 * approval or decline the frame is sent (303) to the return address with Hyp's signed parameters;
 * a card the form cannot take (a field error) shows the form again with
 * the error, as Hyp's page lets the payer retry there.
 */
export function hostedPageRoutes(state: SandboxState) {
  const { catalogue, purchases, cashier, hyp, notifyOperator } = state;
  /** Cards waiting for their 3-D Secure challenge, by page token. */
  const challenges = new Map<string, CardInput>();

  /** The page's purchase, from an address the merchant's terminal signed and Hyp still serves. */
  const signedPage = (c: Context) => {
    const query = new URLSearchParams(new URL(c.req.url).search);
    query.delete('error');
    // The page's parameters come from the merchant's signed request (APISign What=SIGN, "tamper-proof"):
    // developers.hyp.co.il/pay/getting-started/creating-a-payment-page. A changed one is refused.
    if (!hasHypSignature(query, 'signature')) fail(403, 'the payment page address is not signed by the terminal');
    const token = query.get('token') ?? '';
    const issued = hyp.page(token) ?? fail(404, 'unknown payment page');
    // "valid for 10 minutes and can only be used to perform a single payment" (standins/hyp-terminal.ts).
    if (hyp.isExpired(issued)) throw new PageGone(GONE.expired);
    if (issued.used) throw new PageGone(GONE.used);
    return { query, token, issued, purchase: purchaseOf(purchases, issued.sessionId) };
  };

  /** The card charged on the page: a J5 or a sale, as the page was issued. */
  const chargeOnPage = ({ purchase, token, issued }: ReturnType<typeof signedPage>, card: CardInput) =>
    cashier.chargeCard(purchase, 'yaad_sarig', token, card, { captureMethod: issued.captureMethod });

  /** The outcome of a charge: to the merchant with Hyp's parameters, or the form again with the error. */
  const afterCharge = async (
    c: Context,
    { query, issued, purchase }: ReturnType<typeof signedPage>,
    result: CardChargeResult,
  ) => {
    if (result.status !== 'approved' && result.status !== 'declined')
      return c.redirect(pageAddress('pay', query, failureMessage(result)), 303);
    issued.used = true; // its one payment, approved or declined
    // The merchant's server hears of it first, whether or not the payer's browser follows the redirect.
    await notifyOperator(hypNotice(hypResult(purchase, result.charge)));
    return c.redirect(hypReturn(hyp.returnPage, purchase, result.charge), 303);
  };

  return new Hono<SandboxEnv>()
    .onError((error, c) => {
      if (!(error instanceof PageGone)) throw error;
      const body = html`<h1>Card payment</h1>
        <p role="alert">${error.message}</p>`;
      return c.html(page(TITLE, body), 410);
    })
    .get('/pay', (c) => {
      const { query, purchase } = signedPage(c);
      const body = payForm(totalText(catalogue, purchase), pageAddress('pay', query), c.req.query('error'));
      return c.html(page(TITLE, body, FORMS_SCRIPT));
    })
    .post('/pay', async (c) => {
      const signed = signedPage(c);
      const form = await c.req.parseBody();
      const field = (name: string) => {
        const value = form[name];
        return typeof value === 'string' ? value : '';
      };
      const card = { number: field('number'), expiry: field('expiry'), cvv: field('cvv') };
      if (requiresChallenge(card.number) && checkCard(card).outcome !== 'invalid') {
        challenges.set(signed.token, card);
        return c.redirect(pageAddress('3ds', signed.query), 303);
      }
      return afterCharge(c, signed, await chargeOnPage(signed, card));
    })
    .get('/3ds', (c) => {
      const { query, token, purchase } = signedPage(c);
      const card = challenges.get(token) ?? fail(404, 'no payment is waiting for 3-D Secure');
      const body = challengeForm(totalText(catalogue, purchase), pageAddress('3ds', query), card.number.slice(-4));
      return c.html(page('3-D Secure (Hyp sandbox)', body, FORMS_SCRIPT));
    })
    .post('/3ds', async (c) => {
      const signed = signedPage(c);
      const card = challenges.get(signed.token) ?? fail(404, 'no payment is waiting for 3-D Secure');
      challenges.delete(signed.token);
      // A failed authentication is a refusal the processor records like a decline.
      const result: CardChargeResult =
        (await c.req.parseBody()).result === 'complete'
          ? await chargeOnPage(signed, card)
          : await cashier.charge(signed.purchase, 'yaad_sarig', signed.token, false, {
              captureMethod: signed.issued.captureMethod,
            });
      return afterCharge(c, signed, result);
    });
}

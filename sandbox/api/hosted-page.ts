import { Hono } from 'hono';
import * as v from 'valibot';
import { hasHypSignature, hypSign } from '../standins/hyp-terminal';
import type { Purchase } from '../stores';
import { confirmedCharge, learnOutcome, payResponseOf } from '../operator/attempts';
import { captureMethodFor } from '../operator/settlement';
import { fail, isTotalOf, jsonBody, parseOrFail, requestedPurchase } from './shared';
import type { SandboxEnv, SandboxState } from './shared';

/** The operator's return page, the one the Hyp terminal's settings name for success and failure alike. */
export const OPERATOR_HYP_RETURN_PATH = '/v4/hyp/return';

/** The app's own return page on each of its origins, which the app frames and reads (public/payment-return.html). */
export const APP_RETURN_PAGE = '/payment-return.html';

/**
 * A new signed address of a Hyp payment page for the purchase. The operator's server asks Hyp for it
 * (APISign What=SIGN: developers.hyp.co.il/pay/getting-started/creating-a-payment-page); Hyp's answer is
 * "a unique one-time payment page URL", "valid for 10 minutes" and for "a single payment"
 * (developers.hyp.co.il/payment-page-integration/integrating-hyps-payment-page-and-accepting-payment), so
 * each call issues a fresh one. It names no return address: Hyp returns the payer to the terminal's return
 * page (standins/hyp-terminal.ts). The page takes a J5 (a hold) where the operator holds card funds
 * (operator/settlement.ts). The app's origin that asked is kept on the purchase for that page.
 * Answers the page's token (the attempt's reference) and its address.
 */
export function hostedPageAddress(
  state: SandboxState,
  purchase: Purchase,
  appOrigin: string,
): { reference: string; opened: string } {
  purchase.hosted_page_app_origin = appOrigin;
  const url = new URL('/sandbox/hosted-page/pay', state.providersOrigin);
  const token = state.hyp.issuePage(purchase.session_id, captureMethodFor('yaad_sarig'));
  url.searchParams.set('token', token);
  url.searchParams.set('signature', hypSign(url.searchParams));
  return { reference: token, opened: url.href };
}

/** The query of a request, refused (400) when it tries to choose Hyp's return address. */
export function refuseReturnUrl(query: Record<string, string>): void {
  if ('return_url' in query)
    fail(
      400,
      'return_url is not taken: Hyp returns the payer to the return page set in the terminal’s settings, which no request changes',
    );
}

const notFoundPage = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Payment return</title></head><body><h1>Payment return</h1><p role="alert">${message}</p></body></html>`;

/**
 * GET /v4/hyp/return: the operator's return page, which the Hyp terminal's settings
 * name for success and failure alike (one page; Hyp's CCode tells them apart). Hyp sends the payer here
 * with its signed parameters (Id, CCode, Amount, ACode, Order, Fild1..3, Sign). The app runs on several
 * origins, so the page sends the payer on (303), with Hyp's parameters untouched and in Hyp's order, to
 * the app's return page on the origin that asked for this purchase's page: the origin recorded at
 * pay_ajax, never one a parameter names (`Order` only picks the purchase, and a changed `Order` fails
 * the signature at verification). It trusts nothing else here: the app has the operator verify the
 * parameters (POST …/post/hosted_page/verify). An `Order` the operator never sent to Hyp: 404, a page.
 */
export function hostedPageReturnRoutes(state: SandboxState) {
  return new Hono<SandboxEnv>().get('/return', (c) => {
    const { search, searchParams: query } = new URL(c.req.url);
    const appOrigin = state.purchases.get(query.get('Order') ?? '')?.hosted_page_app_origin;
    if (!appOrigin) return c.html(notFoundPage('This payment return names no purchase of ours.'), 404);
    const target = new URL(APP_RETURN_PAGE, appOrigin);
    target.search = search;
    return c.redirect(target.href, 303);
  });
}

/** What the app read from the return page's address: Hyp's parameters (all strings), in the order Hyp sent them. */
const returnSchema = v.objectWithRest(
  { Id: v.string(), CCode: v.string(), Amount: v.string(), Order: v.string(), Sign: v.optional(v.string()) },
  v.string(),
);

/** Pay-response status of a return that does not verify (1 stays a decline, as in the other pay calls). */
const NOT_VERIFIED = 3;

/**
 * POST /v4/api/payment/post/hosted_page/verify?machine_id=…: the operator checks the payer's return from
 * Hyp before trusting it, as Hyp asks (APISign What=VERIFY with every returned parameter in order:
 * developers.hyp.co.il/pay/security/transaction-validation), and that it is this purchase's approved
 * charge. Answers the pay response: status 0 approved, 1 declined, 3 not verified. Records nothing.
 */
export function hostedPageVerifyRoutes(state: SandboxState) {
  return new Hono<SandboxEnv>().post('/verify', async (c) => {
    const { purchase } = requestedPurchase(c, state);
    const body = await jsonBody(c);
    parseOrFail(returnSchema, body);
    // The signature covers the parameters in Hyp's order: the body's, not the schema's output.
    const returned = new URLSearchParams(body as Record<string, string>);
    const id = returned.get('Id') ?? '';
    const refuse = (msg: string) => c.json({ status: NOT_VERIFIED, msg, data: { transaction_id: id } });
    if (!hasHypSignature(returned, 'Sign')) return refuse('The payment page’s answer is not signed by the terminal.');
    if (returned.get('Order') !== purchase.session_id) return refuse('The payment page’s answer is for another order.');
    if (!isTotalOf(purchase, returned.get('Amount'))) return refuse('The payment page’s amount is not the total.');
    const code = returned.get('CCode');
    if (code !== '0')
      return c.json({ status: 1, msg: `Card declined (Hyp CCode ${code ?? '?'}).`, data: { transaction_id: id } });
    // A valid Sign is the terminal's word; the operator still asks Hyp for the transaction itself.
    const charge = confirmedCharge(state, purchase, 'yaad_sarig', id);
    if (charge?.status !== 'approved') return refuse('Hyp recorded no approved charge with this Id.');
    return c.json(payResponseOf(learnOutcome(state, purchase, charge, 'operator'), charge));
  });
}

import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { hasHypSignature, hypSign } from '../standins/hyp-terminal';
import type { Purchase } from '../stores';
import { isTotalOf, jsonBody, merchantAddress, parseOrFail, recordOwnOutcome, requestedPurchase } from './shared';
import type { SandboxEnv, SandboxState } from './shared';

/**
 * The signed address of the purchase's Hyp payment page, which returns the payer to `returnUrl` (the
 * app's return page, refused when it is not on one of the merchant's sites). The operator's server
 * asks Hyp for it (APISign What=SIGN: developers.hyp.co.il/pay/getting-started/creating-a-payment-page).
 */
export function hostedPageAddress(state: SandboxState, purchase: Purchase, returnUrl: string | undefined): string {
  const returnTo = merchantAddress(state, returnUrl);
  purchase.hosted_page_token ??= randomBytes(16).toString('base64url');
  const url = new URL('/sandbox/hosted-page/pay', state.providersOrigin);
  url.searchParams.set('token', purchase.hosted_page_token);
  url.searchParams.set('return_url', returnTo.href);
  url.searchParams.set('signature', hypSign(url.searchParams));
  return url.href;
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
    const paid = state.charges.paidCharge(purchase.session_id);
    if (paid?.method !== 'yaad_sarig' || paid.id !== id) return refuse('Hyp recorded no approved charge with this Id.');
    recordOwnOutcome(state, purchase, paid);
    return c.json({ status: 0, msg: 'Payment approved.', data: { transaction_id: id } });
  });
}

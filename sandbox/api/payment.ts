import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { stripeMinorUnits } from '../../machines/payment/methods/stripe/stripe.amount';
import { ISO_4217_NUMERIC, readApplePayPaymentData } from '../standins/apple-pay-token';
import { attemptOf, confirmedCharge, learnOutcome, openAttempt, payResponseOf } from '../operator/attempts';
import { captureMethodFor } from '../operator/settlement';
import type { PaymentIntent, Purchase } from '../stores';
import { validationUrlProblem } from './apple-pay-gateway';
import { hostedPageAddress, refuseReturnUrl } from './hosted-page';
import {
  appOriginOf,
  fail,
  jsonBody,
  MERCHANT_NAME,
  parseOrFail,
  purchaseOf,
  requestedPurchase,
  requireTotal,
} from './shared';
import type { SandboxEnv, SandboxState } from './shared';

const googlePaySchema = v.object({
  paymentData: v.object({
    paymentMethodData: v.object({ tokenizationData: v.object({ token: v.string() }) }),
  }),
  amount: v.union([v.string(), v.number()], 'must be a string or a number'),
  currencyCode: v.string(),
});

const applePayTokenSchema = v.object({ paymentData: v.object({ data: v.string() }) });
// The ApplePayPaymentToken itself, or the ApplePayPayment that holds it.
const applePaySchema = v.union([applePayTokenSchema, v.object({ token: applePayTokenSchema })]);

const validateMerchantSchema = v.object({ validationURL: v.string() });

const stripeIntentSchema = v.object({
  amount: v.pipe(v.number(), v.integer('must be a whole number of minor units')),
  currency: v.string(),
});

const callbackSchema = v.object({ transaction_response: v.object({ transaction_id: v.string() }) });

/** The wallet token the outcome is read from: one containing "decline" is declined. */
const walletTokens = {
  google_pay(purchase: Purchase, body: unknown) {
    const { paymentData, amount, currencyCode } = parseOrFail(googlePaySchema, body);
    requireTotal(purchase, amount);
    if (currencyCode !== purchase.currency) fail(400, `currencyCode must be ${purchase.currency}`);
    return paymentData.paymentMethodData.tokenizationData.token;
  },
  apple_pay(purchase: Purchase, body: unknown) {
    const parsed = parseOrFail(applePaySchema, body);
    // The decrypted token says what the payer approved on the sheet: it must be the operator's total.
    const payload =
      readApplePayPaymentData(('token' in parsed ? parsed.token : parsed).paymentData.data) ??
      fail(400, 'paymentData: the token cannot be decrypted');
    const minorUnits = stripeMinorUnits(purchase.totals.total, purchase.currency);
    if (payload.transactionAmount !== minorUnits)
      fail(
        400,
        `the amount the payer approved (${String(payload.transactionAmount)}) is not the total (${String(minorUnits)})`,
      );
    if (payload.currencyCode !== (ISO_4217_NUMERIC[purchase.currency] ?? purchase.currency))
      fail(400, `the currency the payer approved is not ${purchase.currency}`);
    return payload.sandboxOutcome;
  },
};

const isWallet = (method: string | undefined): method is keyof typeof walletTokens =>
  method === 'google_pay' || method === 'apple_pay';

/** Whether the purchase's chart holds the attempt with this reference open. */
const attemptIsOpen = (state: SandboxState, purchase: Purchase, reference: string) =>
  attemptOf(state, purchase, reference)?.status === 'open';

/** Shaped like the session Apple's startSession answers, signed by nobody. */
function merchantSession(domainName: string) {
  const now = Date.now();
  return {
    epochTimestamp: now,
    expiresAt: now + 60 * 60 * 1000,
    merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
    nonce: randomBytes(4).toString('hex'),
    merchantIdentifier: createHash('sha256').update(domainName).digest('hex').toUpperCase(),
    domainName,
    displayName: MERCHANT_NAME,
    signature: randomBytes(64).toString('base64'),
  };
}

/** The /v4/api/payment calls of requirements.md §7 (wheelshare and the custom iframe live elsewhere). */
export function paymentRoutes(state: SandboxState) {
  const { cashier } = state;
  let intentCount = 0;
  /** POST /v1/payment_intents, with capture_method=manual where the operator holds card funds (settlement.ts). */
  const newIntent = (amount: number, currency: string): PaymentIntent => {
    intentCount += 1;
    const id = `pi_sbx_${intentCount}`;
    const client_secret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    return { id, client_secret, amount, currency, capture_method: captureMethodFor('stripe') };
  };

  return new Hono<SandboxEnv>()
    .post('/pay/wallet', async (c) => {
      const { purchase } = requestedPurchase(c, state);
      const method = c.req.query('payment_method');
      if (!isWallet(method)) fail(400, 'payment_method must be google_pay or apple_pay');
      const token = walletTokens[method](purchase, await jsonBody(c));
      // The operator's server charges the token itself, through its processor, as one attempt of its own.
      const reference = openAttempt(state, purchase, { method, sum: purchase.totals.total }, () => {
        const id = `wallet_${randomBytes(12).toString('hex')}`;
        return { reference: id, opened: id };
      });
      const result = await cashier.charge(purchase, method, reference, !token.includes('decline'), {
        captureMethod: captureMethodFor(method),
      });
      if (result.status === 'refused') return c.json({ status: 2, msg: result.message, data: { transaction_id: '' } });
      return c.json(payResponseOf(learnOutcome(state, purchase, result.charge, 'operator'), result.charge));
    })
    .post('/pre/apple_pay/validate_merchant', async (c) => {
      // A merchant session only for a booked purchase: the operator's Apple identity is no open service.
      purchaseOf(state.purchases, c.get('sessionUuid'));
      const { validationURL } = parseOrFail(validateMerchantSchema, await jsonBody(c));
      // Refused before anything is called: the operator must never follow a page's address off Apple's hosts.
      const problem = validationUrlProblem(validationURL);
      if (problem) fail(400, `validationURL ${problem}`);
      // Apple issues the session for the merchant's domain: the page's, not the API's.
      return c.json(merchantSession(new URL(appOriginOf(c, state)).hostname));
    })
    .post('/pre/stripe', async (c) => {
      const { machine, purchase } = requestedPurchase(c, state);
      const card = machine.menu.frontend_config.credit_card;
      if (card?.type !== 'STRIP' || !card.enabled) fail(400, 'this machine does not take cards through Stripe');
      const { amount, currency } = parseOrFail(stripeIntentSchema, await jsonBody(c));
      const minorUnits = stripeMinorUnits(purchase.totals.total, purchase.currency);
      const lowercase = purchase.currency.toLowerCase();
      if (amount !== minorUnits) fail(400, `amount must be ${minorUnits} (the total in minor units)`);
      if (currency !== lowercase) fail(400, `currency must be ${lowercase}`);
      // The intent open now serves again (Stripe confirms an intent until it succeeds); otherwise a new one.
      const open = purchase.payment_intents.at(-1);
      if (open?.status === undefined && open && attemptIsOpen(state, purchase, open.id))
        return c.json({ client_secret: open.client_secret });
      const intent = openAttempt(state, purchase, { method: 'stripe', sum: purchase.totals.total }, () => {
        const created = newIntent(amount, currency);
        purchase.payment_intents.push(created);
        return { reference: created.id, opened: created };
      });
      return c.json({ client_secret: intent.client_secret });
    })
    .post('/post/payment_succeeded_callback', async (c) => {
      const { purchase } = requestedPurchase(c, state);
      const body = v.safeParse(callbackSchema, await jsonBody(c));
      if (c.req.query('simulate_error') === 'true') return c.json({ status: 1, msg: 'Simulated error (sandbox).' });
      // The browser's word is a hint: the operator asks Tranzila for the transaction (its query, with the
      // terminal's key) and believes what Tranzila answers for one of this purchase's handshakes.
      const id = body.success ? body.output.transaction_response.transaction_id : '';
      const charge = confirmedCharge(state, purchase, 'tranzila', id);
      if (!charge)
        return c.json({ status: 1, msg: 'No approved card charge with this transaction id for this purchase.' });
      return c.json(payResponseOf(learnOutcome(state, purchase, charge, 'operator'), charge));
    })
    .get('/pay/pay_ajax', (c) => {
      const { machine, purchase } = requestedPurchase(c, state);
      // Hyp returns the payer to the terminal's return page, never to one a request names (api/hosted-page.ts).
      refuseReturnUrl(c.req.query());
      const paymentUrl = openAttempt(state, purchase, { method: 'yaad_sarig', sum: purchase.totals.total }, () =>
        hostedPageAddress(state, purchase, appOriginOf(c, state)),
      );
      const info = purchase.lines.map((line) => `${line.product.name} × ${line.count}`).join(', ');
      return c.json({
        data: {
          data: {
            payment_url: paymentUrl,
            total_price: purchase.totals.total,
            currency_symbol: machine.menu.currency_symbol,
            info,
          },
        },
      });
    });
}

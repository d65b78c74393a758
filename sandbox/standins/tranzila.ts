import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import { isAmountOf, jsonBody, merchantAddress, ownOrigin, type SandboxEnv, type SandboxState } from '../api/shared';
import { DECLINED_MESSAGE, type CardField } from '../cards';
import type { CaptureMethod, Purchase, PurchaseStore, TranzilaHandshake } from '../stores';
import { page } from './html';
import { tranzilaNotice } from './notify';

/** The hosted fields, by the name Tranzila gives them. */
const FIELDS = {
  credit_card_number: { label: 'Card number', autocomplete: 'cc-number' },
  expiry: { label: 'Expiry (MM/YY)', autocomplete: 'cc-exp' },
  cvv: { label: 'CVV', autocomplete: 'cc-csc' },
} as const;

const PARAMS: Record<CardField, keyof typeof FIELDS> = { number: 'credit_card_number', expiry: 'expiry', cvv: 'cvv' };

/**
 * How long a handshake stays valid. Tranzila's documentation publishes no lifetime: the stand-in takes
 * 10 minutes, the strictest that still lets a visitor type a card, and allows one charge per handshake.
 */
export const HANDSHAKE_TTL_MS = 10 * 60 * 1000;

/** Tranzila's answer codes the stand-in gives (its response-code table): 004 refused, 000 approved. */
const DECLINED_CODE = '004';
const APPROVED_CODE = '000';

const chargeSchema = v.object({
  terminal_name: v.pipe(v.string(), v.nonEmpty('is required')),
  thtk: v.optional(v.string(), ''),
  amount: v.union([v.number(), v.string()], 'must be a number'),
  currency_code: v.optional(v.string()),
  credit_card_number: v.string(),
  expiry: v.string(),
  cvv: v.string(),
});

/** Tranzila's answer to a charge that failed; param 'general' when no field is to blame. */
const errors = (param: string, message: string) => ({ errors: [{ param, message }], transaction_response: null });

const isField = (name: string): name is keyof typeof FIELDS => Object.hasOwn(FIELDS, name);

/**
 * What the merchant's server gets from https://api.tranzila.com/v1/handshake/create?supplier=…&sum=…
 * (docs.tranzila.com, Hosted Fields): a token (thtk) for one charge of that sum on that terminal.
 * Tranzila publishes no way to revoke one: an earlier handshake stays usable until it expires or is spent.
 * `capture_method` manual: its charge is a J5, an authorization (txn_type verify with verify_mode 5: "takes
 * credit limit on the amount specified, The charge itself will be in txn_type – force", released by a
 * reversal: docs.tranzila.com/docs/payments-and-billing/tranzila-api/create-a-credit-card-transaction).
 * Tranzila does not say how a J5 is asked for through Hosted Fields: the stand-in keeps it on the handshake,
 * which the merchant's server alone makes, so the page cannot turn the hold into a sale.
 */
export function createHandshake(
  purchase: Purchase,
  supplier: string,
  sum: number,
  capture_method: CaptureMethod,
  now = Date.now(),
): string {
  const thtk = randomBytes(18).toString('base64url');
  const expires_at = now + HANDSHAKE_TTL_MS;
  purchase.tranzila_handshakes.push({ thtk, supplier, sum, expires_at, used: false, capture_method });
  return thtk;
}

/** The purchase a charge's handshake is for, or why Tranzila refuses it; spends the handshake. */
function spendHandshake(
  purchases: PurchaseStore,
  { thtk, terminal_name, amount }: v.InferOutput<typeof chargeSchema>,
): { purchase: Purchase; handshake: TranzilaHandshake } | string {
  // docs.tranzila.com Hosted Fields: charge() must carry the thtk the merchant's server created.
  if (!thtk) return 'Missing handshake token (thtk).';
  const handshakeOf = (each: Purchase) => each.tranzila_handshakes.find((made) => made.thtk === thtk);
  const purchase = [...purchases.values()].find(handshakeOf);
  const handshake = purchase && handshakeOf(purchase);
  if (!purchase || !handshake) return 'Unknown handshake token (thtk).';
  if (handshake.used) return 'This handshake token (thtk) was already used.';
  if (Date.now() > handshake.expires_at) return 'This handshake token (thtk) has expired.';
  if (handshake.supplier !== terminal_name) return 'The handshake token (thtk) is for another terminal.';
  // The sum is the handshake's: a page that changes the amount is refused (docs.tranzila.com, handshake).
  if (!isAmountOf(handshake.sum, amount)) return `The amount does not match the handshake's sum (${handshake.sum}).`;
  handshake.used = true;
  return { purchase, handshake };
}

/**
 * The field page may only be framed by the merchant's sites, and reports only to the one its SDK named
 * (strictest reasonable: Tranzila does not publish its frame rules; real hosted fields check the parent).
 */
function fieldPage(c: Context<SandboxEnv>, state: SandboxState) {
  const name = c.req.query('name') ?? '';
  if (!isField(name)) return c.notFound();
  const parent = merchantAddress(state, c.req.query('parent_origin')).origin;
  const { label, autocomplete } = FIELDS[name];
  const body = html`<label class="visually-hidden" for="field">${label}</label>
    <input
      id="field"
      name="${name}"
      autocomplete="${autocomplete}"
      inputmode="numeric"
      placeholder="${c.req.query('placeholder') ?? ''}"
      data-parent-origin="${parent}"
    />`;
  const markup = page(`${label} (Tranzila sandbox)`, body, {
    style: 'body { margin: 0; padding: 2px; }',
    script: '/sandbox/pages/tranzila-field.js',
  });
  return c.html(markup, 200, { 'Content-Security-Policy': `frame-ancestors ${parent}` });
}

/** The field pages the hosted fields SDK frames, and the processor their card-number frame charges. */
export function tranzilaRoutes(state: SandboxState) {
  const { purchases, cashier, notifyOperator } = state;
  return new Hono<SandboxEnv>()
    .get('/field', (c) => fieldPage(c, state))
    .post('/charge', async (c) => {
      // Only Tranzila's own frame posts the card: the merchant's page never holds it (no CORS here either).
      if (c.req.header('origin') !== ownOrigin(c)) return c.json(errors('general', 'Forbidden origin.'), 403);
      const parsed = v.safeParse(chargeSchema, await jsonBody(c));
      if (!parsed.success) return c.json(errors('general', parsed.issues[0].message));
      const request = parsed.output;
      const spent = spendHandshake(purchases, request);
      if (typeof spent === 'string') return c.json(errors('general', spent));
      const { purchase, handshake } = spent;

      const card = { number: request.credit_card_number, expiry: request.expiry, cvv: request.cvv };
      const result = await cashier.chargeCard(purchase, 'tranzila', handshake.thtk, card, {
        captureMethod: handshake.capture_method,
      });
      if (result.status === 'approved' || result.status === 'declined') {
        const code = result.status === 'approved' ? APPROVED_CODE : DECLINED_CODE;
        await notifyOperator(tranzilaNotice(handshake, result.charge, code));
      }
      switch (result.status) {
        case 'invalid':
          return c.json(errors(PARAMS[result.error.field], result.error.message));
        case 'refused':
          return c.json(errors('general', result.message));
        case 'declined':
          // A decline is a response, not an error: transaction_response.success false (docs.tranzila.com).
          return c.json({
            errors: null,
            transaction_response: {
              success: false,
              transaction_id: result.charge.id,
              error_code: DECLINED_CODE,
              error: DECLINED_MESSAGE,
            },
          });
        case 'approved':
          return c.json({
            errors: null,
            transaction_response: {
              success: true,
              transaction_id: result.charge.id,
              amount: purchase.totals.total,
              currency_code: purchase.currency,
              credit_card_last_4_digits: card.number.replace(/\D/g, '').slice(-4),
              error_code: APPROVED_CODE,
            },
          });
      }
    });
}

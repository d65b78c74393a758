import { Hono } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import { isTotalOf, jsonBody, parseOrFail, purchaseOf, type SandboxEnv, type SandboxState } from '../api/shared';
import type { CardField } from '../cards';
import { page } from './html';

/** The hosted fields, by the name Tranzila gives them. */
const FIELDS = {
  credit_card_number: { label: 'Card number', autocomplete: 'cc-number' },
  expiry: { label: 'Expiry (MM/YY)', autocomplete: 'cc-exp' },
  cvv: { label: 'CVV', autocomplete: 'cc-csc' },
} as const;

const PARAMS: Record<CardField, keyof typeof FIELDS> = { number: 'credit_card_number', expiry: 'expiry', cvv: 'cvv' };

const chargeSchema = v.object({
  terminal_name: v.pipe(v.string(), v.nonEmpty('is required')),
  amount: v.union([v.number(), v.string()], 'must be a number'),
  currency_code: v.optional(v.string()),
  credit_card_number: v.string(),
  expiry: v.string(),
  cvv: v.string(),
  session_uuid: v.nullish(v.string()),
});

/** Tranzila's answer to a charge that failed; param 'general' when no field is to blame. */
const errors = (param: string, message: string) => ({ errors: [{ param, message }], transaction_response: null });

const isField = (name: string): name is keyof typeof FIELDS => Object.hasOwn(FIELDS, name);

/** The field pages the hosted fields SDK frames, and the processor it charges. */
export function tranzilaRoutes({ purchases, cashier }: SandboxState) {
  return new Hono<SandboxEnv>()
    .get('/field', (c) => {
      const name = c.req.query('name') ?? '';
      if (!isField(name)) return c.notFound();
      const { label, autocomplete } = FIELDS[name];
      const body = html`<label class="visually-hidden" for="field">${label}</label>
        <input
          id="field"
          name="${name}"
          autocomplete="${autocomplete}"
          inputmode="numeric"
          placeholder="${c.req.query('placeholder') ?? ''}"
        />`;
      return c.html(page(`${label} (Tranzila sandbox)`, body, { style: 'body { margin: 0; padding: 2px; }' }));
    })
    .post('/charge', async (c) => {
      const request = parseOrFail(chargeSchema, await jsonBody(c));
      const purchase = purchaseOf(purchases, request.session_uuid);
      if (!isTotalOf(purchase, request.amount))
        return c.json(errors('general', `Invalid amount: this purchase costs ${purchase.totals.total}.`));

      const card = { number: request.credit_card_number, expiry: request.expiry, cvv: request.cvv };
      const result = await cashier.chargeCard(purchase, 'tranzila', card);
      switch (result.status) {
        case 'invalid':
          return c.json(errors(PARAMS[result.error.field], result.error.message));
        case 'refused':
          return c.json(errors('general', result.message));
        case 'declined':
          return c.json({
            ...errors('general', 'Transaction declined'),
            transaction_response: { success: false, transaction_id: result.charge.id, error_code: '004' },
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
              error_code: '000',
            },
          });
      }
    });
}

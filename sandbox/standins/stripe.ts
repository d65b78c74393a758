import { Hono } from 'hono';
import * as v from 'valibot';
import { jsonBody, purchaseWhere, type SandboxEnv, type SandboxState } from '../api/shared';
import { checkCard, DECLINED_MESSAGE, isTestCard, type CardCheck } from '../cards';
import type { PaymentIntent, Purchase } from '../stores';
import { stripeWebhook } from './notify';

const paymentMethodSchema = v.object({
  card: v.object({ number: v.string(), expiry: v.string(), cvc: v.string() }),
});

const confirmSchema = v.object({ client_secret: v.string(), payment_method: v.string() });

/** A card the sandbox would charge, and whether Stripe leaves its PaymentIntent processing instead. */
type StoredCard = Exclude<CardCheck, { outcome: 'invalid' }> & { staysProcessing: boolean };

const stripeError = (type: string, code: string, message: string, extra: object = {}) => ({
  error: { type, code, message, ...extra },
});

const intentObject = (intent: PaymentIntent, status: string, paymentMethod: string) => ({
  id: intent.id,
  object: 'payment_intent',
  status,
  amount: intent.amount,
  // What the merchant may still capture: all of an authorized hold (docs.stripe.com/api/payment_intents/object).
  amount_capturable: status === 'requires_capture' ? intent.amount : 0,
  capture_method: intent.capture_method,
  currency: intent.currency,
  client_secret: intent.client_secret,
  payment_method: paymentMethod,
  livemode: false,
});

/** What Stripe.js (the stand-in) calls: card checks make a PaymentMethod; confirm charges the PaymentIntent. */
export function stripeRoutes({ purchases, cashier, notifyOperator }: SandboxState) {
  const paymentMethods = new Map<string, StoredCard>();

  return new Hono<SandboxEnv>()
    .post('/payment_methods', async (c) => {
      const body = v.safeParse(paymentMethodSchema, await jsonBody(c));
      if (!body.success)
        return c.json(stripeError('invalid_request_error', 'parameter_missing', 'card is required.'), 400);
      const { number, expiry, cvc } = body.output.card;
      const check = checkCard({ number, expiry, cvv: cvc });
      if (check.outcome === 'invalid') {
        return c.json(stripeError('validation_error', check.error.code, check.error.message), 400);
      }
      const id = `pm_sbx_${paymentMethods.size + 1}`;
      paymentMethods.set(id, {
        ...check,
        staysProcessing: isTestCard(number, 'stripeProcessing'),
      });
      const [month, year] = expiry.split('/').map(Number);
      return c.json({
        id,
        object: 'payment_method',
        type: 'card',
        card: { brand: check.brand, last4: check.last4, exp_month: month, exp_year: 2000 + (year ?? 0) },
        livemode: false,
      });
    })
    .post('/confirm', async (c) => {
      const body = v.safeParse(confirmSchema, await jsonBody(c));
      if (!body.success)
        return c.json(
          stripeError('invalid_request_error', 'parameter_missing', 'client_secret and payment_method are required.'),
          400,
        );
      const { client_secret, payment_method } = body.output;
      const intentOf = (each: Purchase) => each.payment_intents.find((made) => made.client_secret === client_secret);
      const purchase = purchaseWhere(purchases, 'payment intent', (each) => intentOf(each) !== undefined);
      const intent = intentOf(purchase);
      const card = paymentMethods.get(payment_method);
      if (!intent || !card)
        return c.json(
          stripeError('invalid_request_error', 'resource_missing', `No such PaymentMethod: '${payment_method}'`),
          400,
        );
      // A canceled, succeeded or authorized intent cannot be confirmed again (docs.stripe.com/api/payment_intents/confirm).
      if (intent.status === 'canceled' || intent.status === 'succeeded' || intent.status === 'requires_capture')
        return c.json(
          stripeError(
            'invalid_request_error',
            'payment_intent_unexpected_state',
            `This PaymentIntent could not be confirmed because it has a status of ${intent.status}.`,
            { payment_intent: intentObject(intent, intent.status, payment_method) },
          ),
          400,
        );

      // A confirmed intent need not be paid: it can stay `processing` until the payment settles
      // (docs.stripe.com/payments/paymentintents/lifecycle). Nothing is charged yet.
      if (card.staysProcessing) {
        intent.status = 'processing';
        return c.json(intentObject(intent, 'processing', payment_method));
      }
      const result = await cashier.charge(purchase, 'stripe', intent.id, card.outcome === 'approve', {
        captureMethod: intent.capture_method,
      });
      // A manual-capture intent is authorized, not paid: it waits in requires_capture for the merchant to
      // capture or cancel it (docs.stripe.com/payments/place-a-hold-on-a-payment-method).
      if (result.status === 'approved')
        intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
      if (result.status !== 'refused') await notifyOperator(stripeWebhook(intent, result.charge));
      switch (result.status) {
        case 'approved':
          return c.json(intentObject(intent, intent.status ?? 'succeeded', payment_method));
        case 'declined':
          return c.json(
            stripeError('card_error', 'card_declined', DECLINED_MESSAGE, {
              decline_code: 'generic_decline',
              payment_intent: intentObject(intent, 'requires_payment_method', payment_method),
            }),
            402,
          );
        case 'refused':
          return c.json(stripeError('invalid_request_error', 'payment_intent_unexpected_state', result.message), 400);
      }
    });
}

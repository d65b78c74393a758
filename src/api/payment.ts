import * as v from 'valibot';
import { formatWalletAmount } from '../../machines/payment/methods/google-pay/google-pay.request';
import type { AttemptInput, PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import { stripeAmount } from '../../machines/payment/methods/stripe/stripe.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';

const transactionId = v.optional(v.nullable(v.union([v.string(), v.number()])));

/** requirements.md §3 "Pay response": status (0 is success), msg, data.transaction_id (each call ties it to its answer). */
export const payResponseSchema = v.pipe(
  v.object({
    status: v.number(),
    msg: v.optional(v.nullable(v.string()), ''),
    data: v.optional(v.nullable(v.object({ transaction_id: transactionId }))),
  }),
  v.transform((answer): PayResponse => ({
    status: answer.status,
    msg: answer.msg ?? '',
    transactionId: answer.data?.transaction_id == null ? undefined : String(answer.data.transaction_id),
  })),
);

export type WalletMethod = 'google_pay' | 'apple_pay';

/** POST /api/payment/pay/wallet: Google sends its PaymentData with the amount; Apple its payment token. */
export function payWithWallet(
  client: ApiClient,
  { order, attemptKey }: AttemptInput,
  method: WalletMethod,
  payment: unknown,
) {
  const json =
    method === 'google_pay'
      ? { paymentData: payment, amount: formatWalletAmount(order.total), currencyCode: order.currency }
      : payment;
  return fetchJson(client, readsAnswer<Answer<'payWithWallet'>>()(payResponseSchema), 'api/payment/pay/wallet', {
    method: 'post',
    searchParams: { machine_id: order.machineId, payment_method: method },
    json,
    attemptKey,
  });
}

/** Apple's merchant session: opaque to the app, but always identified and signed. */
const merchantSessionSchema = readsAnswer<Answer<'validateApplePayMerchant'>>()(
  v.looseObject({
    merchantSessionIdentifier: v.pipe(v.string(), v.nonEmpty()),
    signature: v.pipe(v.string(), v.nonEmpty()),
  }),
);

/** POST /api/payment/pre/apple_pay/validate_merchant: the merchant session Apple Pay asks for. */
export function validateApplePayMerchant(client: ApiClient, validationURL: string) {
  return fetchJson(client, merchantSessionSchema, 'api/payment/pre/apple_pay/validate_merchant', {
    method: 'post',
    json: { validationURL },
  });
}

/** requirements.md §3 "Product to buy", plus the amount in minor units and the lowercase currency Stripe wants. */
export function productToBuy(order: PaymentOrder, locale: string) {
  return {
    totalPrice: order.total,
    currencyCode: order.currency,
    countryCode: order.countryCode,
    label: order.lines[0]?.product.name ?? '',
    locale,
    machine_id: order.machineId,
    visitorUUID: order.visitorUuid,
    customPrice: order.customPrice,
    custom_price: order.customPrice,
    ...stripeAmount(order),
  };
}

/** POST /api/payment/pre/stripe: the payment intent's client secret. */
export async function createStripeIntent(client: ApiClient, { order, attemptKey }: AttemptInput, locale: string) {
  const answer = await fetchJson(
    client,
    readsAnswer<Answer<'createStripeIntent'>>()(v.object({ client_secret: v.pipe(v.string(), v.nonEmpty()) })),
    'api/payment/pre/stripe',
    {
      method: 'post',
      searchParams: { machine_id: order.machineId },
      json: productToBuy(order, locale),
      attemptKey,
    },
  );
  return answer.client_secret;
}

/** POST /api/payment/post/payment_succeeded_callback: the operator confirms a card charge (status 0). */
export function confirmCardCharge(client: ApiClient, { order, attemptKey }: AttemptInput, chargeResponse: unknown) {
  const schema = readsAnswer<Answer<'confirmCardCharge'>>()(payResponseSchema);
  return fetchJson(client, schema, 'api/payment/post/payment_succeeded_callback', {
    method: 'post',
    searchParams: { machine_id: order.machineId, payment_type: 'ajax', simulate_error: 'false' },
    json: chargeResponse,
    attemptKey,
  });
}

/** requirements.md §3 "Iframe response": data.data.payment_url, total_price, currency_symbol, info. */
const paymentPageSchema = readsAnswer<Answer<'getPaymentPage'>>()(
  v.object({
    data: v.object({
      data: v.object({
        payment_url: v.pipe(v.string(), v.url()),
        total_price: v.optional(v.unknown()),
        currency_symbol: v.optional(v.unknown()),
        info: v.optional(v.unknown()),
      }),
    }),
  }),
);

/**
 * GET /api/payment/pay/pay_ajax: a new hosted payment page's address (http or https only). It names no
 * return address: Hyp sends the payer to the return page set in the terminal's settings (the operator's),
 * which sends them on to this origin's return page (contract/operator-api.yaml, getPaymentPage).
 */
export async function getPaymentPage(client: ApiClient, { order, attemptKey }: AttemptInput) {
  const answer = await fetchJson(client, paymentPageSchema, 'api/payment/pay/pay_ajax', {
    searchParams: { machine_id: order.machineId },
    attemptKey,
  });
  const url = new URL(answer.data.data.payment_url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError({ kind: 'invalid-answer', detail: `payment_url: refused ${url.protocol} address` });
  }
  return url.href;
}

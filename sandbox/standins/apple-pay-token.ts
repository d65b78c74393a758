import * as v from 'valibot';

/*
 * What an Apple Pay token's encrypted `paymentData.data` holds once the merchant (or its processor)
 * decrypts it: among others `transactionAmount` and `currencyCode`, the ISO 4217 numeric code as a string
 * (developer.apple.com, "Payment token format reference"). The operator compares them with its total, so
 * a page cannot show the payer one amount and have another charged. The sandbox does not encrypt: its
 * sheet (standins/browser/apple-pay.js, which mirrors this encoding) writes the payload as base64 JSON,
 * the amount in the currency's minor units (the sandbox's currencies all have two decimals), with the
 * sandbox's own `sandboxOutcome` (the sheet's Approve or Decline).
 */
export const ISO_4217_NUMERIC: Readonly<Record<string, string>> = { ILS: '376', USD: '840', EUR: '978', GBP: '826' };

const payloadSchema = v.object({
  transactionAmount: v.pipe(v.number(), v.integer()),
  currencyCode: v.string(),
  sandboxOutcome: v.picklist(['approve', 'decline']),
});

export type ApplePayPayload = v.InferOutput<typeof payloadSchema>;

/** The sandbox's `paymentData.data` for an amount (major units) and currency the payer approved. */
export function applePayPaymentData(amount: number, currency: string, outcome: ApplePayPayload['sandboxOutcome']) {
  const payload: ApplePayPayload = {
    transactionAmount: Math.round(amount * 100),
    currencyCode: ISO_4217_NUMERIC[currency] ?? currency,
    sandboxOutcome: outcome,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** The payload of a sandbox token's `paymentData.data`, or undefined when it cannot be read ("decrypted"). */
export function readApplePayPaymentData(data: string): ApplePayPayload | undefined {
  try {
    const result = v.safeParse(payloadSchema, JSON.parse(Buffer.from(data, 'base64').toString('utf8')));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

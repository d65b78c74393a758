import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The secrets the providers sign their server-to-server notifications with, shared only by the provider
 * stand-ins and the operator stand-in (never by the app), made anew each run like the Hyp terminal's.
 */
/**
 * The endpoint's signing secrets: while a secret is rolled, Stripe signs each event with the new one and
 * the one it replaces (one `v1` each) for up to 24 hours (docs.stripe.com/webhooks#roll-endpoint-secrets),
 * and the operator accepts either. The first signs the sandbox's events.
 */
export const STRIPE_WEBHOOK_SECRETS: readonly string[] = [1, 2].map(
  () => `whsec_${randomBytes(24).toString('base64')}`,
);
const BIT_NOTIFY_SECRET = randomBytes(32);
const CARD_SCAN_NOTIFY_SECRET = randomBytes(32);

/**
 * Stripe's tolerance for a webhook's timestamp: its libraries refuse an event signed more than 5 minutes
 * before it is checked, against replays (docs.stripe.com/webhooks#verify-manually).
 */
export const STRIPE_TOLERANCE_S = 5 * 60;

const hmac = (secret: Buffer | string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

const sameText = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The `Stripe-Signature` header of a webhook body: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`
 * (docs.stripe.com/webhooks#verify-manually).
 */
export function stripeSignatureHeader(body: string, nowS = Math.floor(Date.now() / 1000)): string {
  return `t=${nowS},v1=${hmac(STRIPE_WEBHOOK_SECRETS[0] ?? '', `${nowS}.${body}`)}`;
}

/**
 * Whether a webhook's `Stripe-Signature` signs this raw body within Stripe's tolerance: any of its `v1`
 * signatures (there are several while a secret is rolled) made with any of the endpoint's secrets, as
 * Stripe's libraries check it (docs.stripe.com/webhooks#verify-manually).
 */
export function hasStripeSignature(
  header: string | undefined,
  body: string,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string?]);
  const timestamps = parts.filter(([name]) => name === 't');
  const timestamp = Number(timestamps[0]?.[1]);
  const signatures = parts.flatMap(([name, value]) => (name === 'v1' && value ? [value] : []));
  if (timestamps.length !== 1 || !Number.isInteger(timestamp) || Math.abs(nowS - timestamp) > STRIPE_TOLERANCE_S)
    return false;
  const expected = STRIPE_WEBHOOK_SECRETS.map((secret) => hmac(secret, `${timestamp}.${body}`));
  return signatures.some((signature) => expected.some((each) => sameText(signature, each)));
}

/**
 * The signature of a Bit processor's notification body. Its format is not public (Tranzila's Bit API
 * names a notify_url, not how it is authenticated): the sandbox takes the strictest reasonable form, an
 * HMAC-SHA256 of the raw body with the merchant's secret, in `X-Notification-Signature`.
 */
export const bitSignature = (body: string): string => hmac(BIT_NOTIFY_SECRET, body);

export const hasBitSignature = (header: string | undefined, body: string): boolean =>
  sameText(header ?? '', bitSignature(body));

/**
 * The signature of the card scanner's notification body. Its provider is not named, so nothing public
 * says how it signs: the strictest reasonable form, Bit's (an HMAC-SHA256 of the raw body with a secret
 * of the merchant's own, in `X-Notification-Signature`), checked before anything in the body is read.
 */
export const cardScanSignature = (body: string): string => hmac(CARD_SCAN_NOTIFY_SECRET, body);

export const hasCardScanSignature = (header: string | undefined, body: string): boolean =>
  sameText(header ?? '', cardScanSignature(body));

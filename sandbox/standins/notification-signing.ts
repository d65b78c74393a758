import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The secrets the providers sign their server-to-server notifications with, shared only by the provider
 * stand-ins and the operator stand-in (never by the app), made anew each run like the Hyp terminal's.
 */
const STRIPE_WEBHOOK_SECRET = randomBytes(32);
const BIT_NOTIFY_SECRET = randomBytes(32);

/**
 * Stripe's tolerance for a webhook's timestamp: its libraries refuse an event signed more than 5 minutes
 * before it is checked, against replays (docs.stripe.com/webhooks#verify-manually).
 */
export const STRIPE_TOLERANCE_S = 5 * 60;

const hmac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('hex');

const sameText = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The `Stripe-Signature` header of a webhook body: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`
 * (docs.stripe.com/webhooks#verify-manually).
 */
export function stripeSignatureHeader(body: string, nowS = Math.floor(Date.now() / 1000)): string {
  return `t=${nowS},v1=${hmac(STRIPE_WEBHOOK_SECRET, `${nowS}.${body}`)}`;
}

/** Whether a webhook's `Stripe-Signature` signs this raw body, within Stripe's tolerance. */
export function hasStripeSignature(
  header: string | undefined,
  body: string,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  const parts = new Map((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1');
  if (!Number.isInteger(timestamp) || !signature || Math.abs(nowS - timestamp) > STRIPE_TOLERANCE_S) return false;
  return sameText(signature, hmac(STRIPE_WEBHOOK_SECRET, `${timestamp}.${body}`));
}

/**
 * The signature of a Bit processor's notification body. Its format is not public (Tranzila's Bit API
 * names a notify_url, not how it is authenticated): the sandbox takes the strictest reasonable form, an
 * HMAC-SHA256 of the raw body with the merchant's secret, in `X-Notification-Signature`.
 */
export const bitSignature = (body: string): string => hmac(BIT_NOTIFY_SECRET, body);

export const hasBitSignature = (header: string | undefined, body: string): boolean =>
  sameText(header ?? '', bitSignature(body));

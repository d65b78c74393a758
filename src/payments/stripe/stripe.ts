import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { ConfirmedIntent, StripeCardHandle, StripeConfirmInput } from '../../../machines/payment/stripe.machine';
import { PROVIDER_URLS } from '../../config';
import { loadScript } from '../load-script';

/** What the card form hands the machine once Stripe's card element is ready. */
export interface StripeCard {
  stripe: Stripe;
  element: StripeCardElement;
}

/** Loads Stripe.js from the build's address (the real one, or the sandbox's stand-in). */
export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  await loadScript(PROVIDER_URLS.stripeJs);
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  return stripe;
}

const cardOf = (handle: StripeCardHandle) => handle as StripeCard;

/** Checks the card details; Stripe's validation error (with its message) stops the payment here. */
export async function createPaymentMethod({ card }: { card: StripeCardHandle }): Promise<string> {
  const { stripe, element } = cardOf(card);
  const result = await stripe.createPaymentMethod({ type: 'card', card: element });
  if (result.error) throw new Error(result.error.message ?? 'Stripe error');
  return result.paymentMethod.id;
}

/**
 * Confirms the intent; Stripe opens its own 3-D Secure window when the card needs one (no redirect).
 * The intent's status goes to the machine, which decides whether it is paid.
 */
export async function confirmCardPayment({
  card,
  clientSecret,
  paymentMethodId,
}: StripeConfirmInput): Promise<ConfirmedIntent> {
  const { stripe } = cardOf(card);
  const result = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
  if (result.error) throw new Error(result.error.message ?? 'Stripe error');
  return { id: result.paymentIntent.id, status: result.paymentIntent.status };
}

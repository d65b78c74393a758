import type {
  Appearance,
  Stripe,
  StripeCardElement,
  StripeCardElementOptions,
  StripeElementLocale,
} from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type {
  ConfirmedIntent,
  StripeCardHandle,
  StripeConfirmInput,
} from '../../../machines/payment/methods/stripe/stripe.machine';
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

/** The page's languages, all of which Stripe's Elements speak (docs.stripe.com/js/appendix/supported_locales). */
const STRIPE_LOCALES: Record<string, StripeElementLocale> = { en: 'en', he: 'he', fr: 'fr', es: 'es' };

/** Elements' locale for the page's language: its labels, placeholders and errors in the visitor's language. */
export const stripeLocale = (language: string): StripeElementLocale => STRIPE_LOCALES[language] ?? 'auto';

/** The app's design tokens, read from its stylesheet so Stripe's look follows them (src/styles/base.css :root). */
function appToken(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** The Appearance API's variables in the app's colours, font and corners (docs.stripe.com/elements/appearance-api). */
export function stripeAppearance(): Appearance {
  return {
    theme: 'stripe',
    variables: {
      colorPrimary: appToken('--brand'),
      colorText: appToken('--ink'),
      colorDanger: appToken('--danger'),
      fontFamily: getComputedStyle(document.documentElement).fontFamily,
      borderRadius: '10px',
    },
  };
}

/** The card Element is not styled by the Appearance API but by its Style object (docs.stripe.com/js/appendix/style). */
export function cardElementOptions(): StripeCardElementOptions {
  return {
    hidePostalCode: true,
    style: {
      base: {
        color: appToken('--ink'),
        fontFamily: getComputedStyle(document.documentElement).fontFamily,
        fontSize: '16px',
        '::placeholder': { color: appToken('--ink-soft') },
      },
      invalid: { color: appToken('--danger'), iconColor: appToken('--danger') },
    },
  };
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

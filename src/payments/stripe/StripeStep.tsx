import type { Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useStripe } from '@stripe/react-stripe-js';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { formatMoney } from '../../components/Money';
import { Spinner } from '../../components/Spinner';
import { cardElementOptions, stripeAppearance, stripeLocale, type StripeCard } from './stripe';
import { PayButton } from '../../views/payment/PayButton';
import type { MethodRef } from '../method-ref';

/** Stripe's card element and a pay button with the amount (requirements.md §2). Loaded only when Stripe is chosen. */
export default function StripeStep({ stripeRef }: { stripeRef: MethodRef<'stripe'> }) {
  const { t, i18n } = useTranslation();
  const stripe = useSelector(stripeRef, (snapshot) => snapshot.context.stripe) as Stripe | undefined;
  if (!stripe) return <Spinner label={t('payment.stripe.loading')} showLabel />;
  return (
    // Elements reads its locale when it mounts: the language the visitor reached the card form in.
    <Elements stripe={stripe} options={{ locale: stripeLocale(i18n.language), appearance: stripeAppearance() }}>
      <StripeCardForm stripeRef={stripeRef} />
    </Elements>
  );
}

function StripeCardForm({ stripeRef }: { stripeRef: MethodRef<'stripe'> }) {
  const { t, i18n } = useTranslation();
  const stripe = useStripe();
  const ready = useSelector(stripeRef, (snapshot) => !snapshot.hasTag('loading'));
  const processing = useSelector(stripeRef, (snapshot) => snapshot.hasTag('processing'));
  const error = useSelector(stripeRef, (snapshot) => snapshot.context.error);
  const order = useSelector(stripeRef, (snapshot) => snapshot.context.order);
  const errorText =
    error?.kind === 'server'
      ? [t('payment.errors.serverError'), error.details].filter(Boolean).join(' ')
      : error?.kind === 'notPaid'
        ? t('payment.errors.paymentFailed')
        : error?.message;

  return (
    <section className="card-form" aria-busy={processing}>
      {/* The heading names the card element too: Stripe's own fields carry their labels, so a second
          "Card details" over them said the same thing twice. */}
      <FocusHeading id="stripe-card-heading">{t('payment.card.title')}</FocusHeading>
      <div className="hosted-field" role="group" aria-labelledby="stripe-card-heading">
        <CardElement
          options={cardElementOptions()}
          onReady={(element) => {
            if (stripe) stripeRef.send({ type: 'stripe.cardReady', card: { stripe, element } satisfies StripeCard });
          }}
        />
      </div>
      {errorText && (
        <p className="field-error" role="alert">
          {errorText}
        </p>
      )}
      <p className="secure-note">{t('payment.secureNote')}</p>
      <PayButton busy={processing || !ready} onPay={() => stripeRef.send({ type: 'payment.start' })}>
        {processing
          ? t('payment.processing')
          : t('payment.payAmount', {
              amount: formatMoney(order.total, order.currencySymbol, i18n.language, order.currency),
            })}
      </PayButton>
    </section>
  );
}

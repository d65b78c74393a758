import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectCurrencySymbol } from '../../../machines/purchase/purchase.selectors';
import { Money } from '../../components/Money';
import { Spinner } from '../../components/Spinner';
import type { PurchaseRef } from '../purchase/purchase-ref';
import { RentalIllustration } from './RentalIllustration';

/** The product stage of a payment link (spec §2 /customPaymentIframe): its description, a picture and the amount. */
export default function PaymentLinkIntro({ purchase }: { purchase: PurchaseRef }) {
  const { t, ready } = useTranslation('custom');
  const { t: tApp } = useTranslation();
  const source = useSelector(purchase, (snapshot) => snapshot.context.orderSource);
  const symbol = useSelector(purchase, selectCurrencySymbol);
  if (source.kind !== 'fixed') return null;
  if (!ready) return <Spinner label={tApp('app.loading')} />;
  return (
    <section className="payment-link">
      <RentalIllustration />
      {/* The link's own words, as text (React escapes them, so markup never runs), in their own direction. */}
      <h1 className="payment-link__title" dir="auto">
        {source.label}
      </h1>
      <p className="payment-link__amount">
        <span>{t('link.amountToPay')}</span> <Money amount={source.amount} symbol={symbol} currency={source.currency} />
      </p>
    </section>
  );
}

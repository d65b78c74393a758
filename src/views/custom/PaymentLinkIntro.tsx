import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCurrencySymbol } from '../../../machines/purchase/purchase.selectors';
import { Money } from '../../components/Money';
import { MenuSkeleton } from '../../components/MenuSkeleton';
import type { PurchaseRef } from '../purchase/purchase-ref';
import { RentalIllustration } from './RentalIllustration';

interface PaymentLinkIntroProps {
  purchase: PurchaseRef;
  /** The page's Continue, shown under the link's words once they are in place. */
  continueAction: ReactNode;
}

/**
 * The product stage of a payment link (requirements.md §2 /customPaymentIframe): its description, a picture and the
 * amount.
 */
export default function PaymentLinkIntro({ purchase, continueAction }: PaymentLinkIntroProps) {
  const { t, ready } = useTranslation('custom');
  const source = useSelector(purchase, (snapshot) => snapshot.context.orderSource);
  const symbol = useSelector(purchase, selectCurrencySymbol);
  if (source.kind !== 'fixed') return null;
  if (!ready) return <MenuSkeleton shape="link" />;
  return (
    <>
      <section className="payment-link">
        <RentalIllustration />
        {/* The link's own words, as text (React escapes them, so markup never runs), in their own direction. */}
        <h1 className="payment-link__title" dir="auto">
          {source.label}
        </h1>
        <p className="payment-link__amount">
          <span>{t('link.amountToPay')}</span>{' '}
          <Money amount={source.amount} symbol={symbol} currency={source.currency} />
        </p>
      </section>
      {continueAction}
    </>
  );
}

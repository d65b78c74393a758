import { useSelector } from '@xstate/react';
import { Trans, useTranslation } from 'react-i18next';
import type { Receipt } from '../../../machines/purchase/receipt';
import { FocusHeading } from '../../components/FocusHeading';
import { Money } from '../../components/Money';
import { usePayee } from '../../components/OrderSummary';
import { type OrderSummary, selectOrderSummary } from '../../../machines/purchase/purchase.selectors';
import { SupportCallButton } from '../../components/SupportCallButton';
import { TransactionNumber } from '../../components/TransactionNumber';
import type { PurchaseRef } from '../purchase/purchase-ref';
import { DeliveryProgress } from './DeliveryProgress';
import { ReceiptMachineIdentity } from './ReceiptMachineIdentity';

function ReceiptLines({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation();
  const symbol = receipt.currencySymbol;
  return (
    <>
      <ul className="receipt__items">
        {receipt.items.map((item, index) => (
          <li key={`${item.name}-${String(index)}`} className="receipt__item">
            <span>
              {item.count > 1 ? `${String(item.count)} × ` : ''}
              <bdi>{item.name}</bdi>
            </span>
            <Money amount={item.amount} symbol={item.symbol} />
          </li>
        ))}
      </ul>
      <dl className="receipt__totals">
        <dt>{t('success.subtotal')}</dt>
        <dd>
          <Money amount={receipt.subtotal} symbol={symbol} />
        </dd>
        <dt>{t('success.serviceFee')}</dt>
        <dd>
          <Money amount={receipt.serviceFee} symbol={symbol} />
        </dd>
        <dt className="receipt__total">{t('success.total')}</dt>
        <dd className="receipt__total">
          <Money amount={receipt.total} symbol={symbol} />
        </dd>
        {receipt.paidWith && (
          <>
            <dt>{t('success.paidWith')}</dt>
            <dd>{t(`success.paymentMethods.${receipt.paidWith}`)}</dd>
          </>
        )}
        {receipt.paidAt && (
          <>
            <dt>{t('success.date')}</dt>
            <dd>
              <time dateTime={receipt.paidAt}>
                {new Date(receipt.paidAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </dd>
          </>
        )}
      </dl>
    </>
  );
}

const samePayee = (a: OrderSummary, b: OrderSummary) => a.merchant === b.merchant && a.machineId === b.machineId;

/** requirements.md §2 success page: confirmation, transaction number, items, totals, date, latest purchase, support. */
export function SuccessPage({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { t } = useTranslation();
  const receipt = useSelector(purchase, (snapshot) => snapshot.context.receipt);
  const latest = useSelector(purchase, (snapshot) => snapshot.context.latestPurchase);
  const showingLatest = useSelector(purchase, (snapshot) => snapshot.matches({ PAYMENT_SUCCESS: 'LatestPurchase' }));
  const delivery = useSelector(purchase, (snapshot) => snapshot.children.delivery);
  const payee = usePayee(useSelector(purchase, selectOrderSummary, samePayee));
  if (!receipt) return null;
  return (
    <section className="outcome outcome--success">
      <span className="outcome__icon" aria-hidden="true">
        ✓
      </span>
      <FocusHeading className="outcome__title">{t('success.title')}</FocusHeading>
      {/* The facts first, as Stripe's receipt leads: how much went to whom. */}
      <p className="outcome__paid" data-testid="paid-to">
        <Trans
          i18nKey="success.paidTo"
          values={{ payee }}
          components={{ amount: <Money amount={receipt.total} symbol={receipt.currencySymbol} />, payee: <bdi /> }}
        />
      </p>
      <p>{t('success.text')}</p>
      {delivery && (
        <DeliveryProgress
          delivery={delivery}
          receiptItems={receipt.items.map(({ name, count }) => ({ name, count }))}
          symbol={receipt.currencySymbol}
        />
      )}
      {receipt.transactionId && <TransactionNumber text="success.transaction" id={receipt.transactionId} />}
      <ReceiptMachineIdentity purchase={purchase} />
      <h4 className="receipt__heading">{t('success.items')}</h4>
      <ReceiptLines receipt={receipt} />
      <button
        type="button"
        className="link-button"
        aria-expanded={showingLatest}
        onClick={() => purchase.send({ type: showingLatest ? 'history.hide' : 'history.show' })}
      >
        {showingLatest ? t('success.hideLatest') : t('success.seeLatest')}
      </button>
      {showingLatest && (
        // What the button reveals is brought into view: below the fold on a small phone, it would seem to do nothing.
        <div className="receipt receipt--latest" ref={(shown) => shown?.scrollIntoView({ block: 'nearest' })}>
          <h4 className="receipt__heading">{t('success.latestTitle')}</h4>
          {latest ? <ReceiptLines receipt={latest} /> : <p>{t('success.noLatest')}</p>}
        </div>
      )}
      <div className="button-row sticky-action">
        <SupportCallButton phone={supportPhone} label={t('success.support')} />
        <button
          type="button"
          className="button button--primary"
          onClick={() => purchase.send({ type: 'purchase.restart' })}
        >
          {t('success.morePurchases')}
        </button>
      </div>
    </section>
  );
}

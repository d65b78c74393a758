import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectLines, selectShownProduct, selectTotals } from '../../../../machines/purchase/purchase.selectors';
import { formatMoney, Money } from '../../../components/Money';
import type { PurchaseRef } from '../purchase-ref';
import { NothingToSell } from './NothingToSell';

export function QuantityPicker({ purchase }: { purchase: PurchaseRef }) {
  const { t, i18n } = useTranslation();
  const symbol = useSelector(purchase, (snapshot) => snapshot.context.menu.currency_symbol);
  const product = useSelector(purchase, selectShownProduct);
  const quantity = useSelector(purchase, (snapshot) => snapshot.context.quantity);
  const canRemove = useSelector(purchase, (snapshot) => snapshot.can({ type: 'quantity.decrement' }));
  const canAdd = useSelector(purchase, (snapshot) => snapshot.can({ type: 'quantity.increment' }));
  const line = useSelector(purchase, (snapshot) => selectLines(snapshot)[0]);
  const { total } = useSelector(purchase, selectTotals, (a, b) => a.total === b.total);
  if (!product || !line) return <NothingToSell />;
  return (
    <section className="quantity">
      <h1 className="quantity__name">
        <bdi>{product.name}</bdi>
      </h1>
      <p className="quantity__unit">
        {t('products.perItem', { price: formatMoney(line.unitTotal, symbol, i18n.language) })}
      </p>
      <div className="stepper" role="group" aria-label={t('products.quantity')}>
        <button
          type="button"
          className="stepper__button"
          aria-label={t('products.decrease')}
          aria-disabled={!canRemove}
          onClick={() => purchase.send({ type: 'quantity.decrement' })}
        >
          −
        </button>
        <output className="stepper__value" aria-live="polite" aria-label={t('products.quantity')}>
          {quantity}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={t('products.increase')}
          aria-disabled={!canAdd}
          onClick={() => purchase.send({ type: 'quantity.increment' })}
        >
          +
        </button>
      </div>
      <p className="quantity__total">
        {t('products.total')}: <Money amount={total} symbol={symbol} />
      </p>
    </section>
  );
}

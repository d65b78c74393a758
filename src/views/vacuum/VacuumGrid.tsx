import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectProducts } from '../../../machines/vacuum/vacuum.selectors';
import { formatMoney } from '../../components/Money';
import { ProductImage } from '../../components/ProductImage';
import type { VacuumRef } from './vacuum-ref';

/** requirements.md §2: the hourly products as a grid of cards (image, name, price per hour); one may be chosen. */
export function VacuumGrid({ vacuum, symbol }: { vacuum: VacuumRef; symbol: string }) {
  const { t, i18n } = useTranslation('vacuum');
  const { t: tShared } = useTranslation();
  const products = useSelector(vacuum, selectProducts);
  const chosenId = useSelector(vacuum, (snapshot) => snapshot.context.productId);

  return (
    <fieldset className="product-choices product-choices--grid">
      <legend className="section-title">{t('grid.title')}</legend>
      {products.map((product) => {
        const selected = product.id === chosenId;
        const id = `vacuum-${String(product.id)}`;
        return (
          <label
            key={String(product.id)}
            className={`product-card${selected ? ' product-card--selected' : ''}${product.available ? '' : ' product-card--unavailable'}`}
          >
            <input
              type="radio"
              name="vacuum-product"
              className="product-card__input"
              value={String(product.id)}
              checked={selected}
              aria-labelledby={`${id}-name`}
              aria-describedby={`${id}-details`}
              disabled={!product.available}
              onChange={() => vacuum.send({ type: 'product.select', productId: product.id })}
            />
            <ProductImage src={product.image_url} />
            <span className="product-card__body">
              <span className="product-card__name" id={`${id}-name`}>
                <bdi>{product.name}</bdi>
              </span>
              <span id={`${id}-details`} className="product-card__details">
                <span className="product-price__amount">
                  {t('grid.perHour', { price: formatMoney(product.price, symbol, i18n.language) })}
                </span>
                {!product.available && <span className="product-card__status">{tShared('products.unavailable')}</span>}
              </span>
            </span>
            <span className="choice-check product-card__check" aria-hidden="true" />
          </label>
        );
      })}
    </fieldset>
  );
}

import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ProductImage } from '../../../components/ProductImage';
import type { PurchaseRef } from '../purchase-ref';
import { ProductPrice } from './ProductPrice';

/**
 * LIST (radio cards) and GRID (two columns with images; checkboxes when several products may be
 * bought together): every choice is a native input, so arrows, space and screen readers just work.
 */
export function ProductChoices({ purchase, layout }: { purchase: PurchaseRef; layout: 'list' | 'grid' }) {
  const { t } = useTranslation();
  const menu = useSelector(purchase, (snapshot) => snapshot.context.menu);
  const selectedIds = useSelector(purchase, (snapshot) => snapshot.context.selectedIds);
  const multiple = layout === 'grid' && menu.allow_multiple_products;

  return (
    <fieldset className={`product-choices product-choices--${layout}`}>
      <legend className="section-title">{t('products.choose')}</legend>
      {menu.products.map((product) => {
        const selected = selectedIds.includes(product.id);
        // Named by the product, described by its badge, price and fee, as a screen reader should say them.
        const id = `product-${String(product.id)}`;
        return (
          <label
            key={String(product.id)}
            className={`product-card${selected ? ' product-card--selected' : ''}${product.available ? '' : ' product-card--unavailable'}`}
          >
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name="product"
              className="product-card__input"
              value={String(product.id)}
              checked={selected}
              aria-labelledby={`${id}-name`}
              aria-describedby={product.is_most_popular ? `${id}-badge ${id}-details` : `${id}-details`}
              disabled={!product.available}
              onChange={() => purchase.send({ type: 'product.select', productId: product.id })}
            />
            {layout === 'grid' && <ProductImage src={product.image_url} />}
            <span className="product-card__body">
              {product.is_most_popular && (
                <span className="badge" id={`${id}-badge`}>
                  {t('products.mostPopular')}
                </span>
              )}
              {/* The operator's words in their own direction, inside a card that keeps the page's. */}
              <span className="product-card__name" id={`${id}-name`}>
                <bdi>{product.name}</bdi>
              </span>
              <span id={`${id}-details`} className="product-card__details">
                {product.description && (
                  <span className="product-card__description">
                    <bdi>{product.description}</bdi>
                  </span>
                )}
                <ProductPrice product={product} symbol={menu.currency_symbol} />
                {!product.available && <span className="product-card__status">{t('products.unavailable')}</span>}
              </span>
            </span>
            {layout === 'grid' && <span className="choice-check product-card__check" aria-hidden="true" />}
          </label>
        );
      })}
      {layout === 'list' && menu.products.some((product) => product.convenience_fee_value > 0) && (
        <p className="charge-comment">{t('products.chargeComment')}</p>
      )}
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../machines/menu/menu.types';
import { convenienceFee } from '../../../../machines/shared/pricing';
import { formatMoney, Money } from '../../../components/Money';

/** A product's price and, when it has one, its convenience-fee line. */
export function ProductPrice({ product, symbol }: { product: Product; symbol: string }) {
  const { t, i18n } = useTranslation();
  const fee = convenienceFee(product, product.price);
  return (
    <span className="product-price">
      <span className="product-price__amount">
        <Money amount={product.price} symbol={symbol} />
      </span>
      {fee > 0 && (
        <span className="product-price__fee">
          {t('products.convenienceFee', { fee: formatMoney(fee, symbol, i18n.language) })}
        </span>
      )}
    </span>
  );
}

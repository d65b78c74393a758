import { useSelector } from '@xstate/react';
import { selectShownProduct } from '../../../../machines/purchase/purchase.selectors';
import type { PurchaseRef } from '../purchase-ref';
import { NothingToSell } from './NothingToSell';
import { ProductPrice } from './ProductPrice';

export function SingleProduct({ purchase }: { purchase: PurchaseRef }) {
  const symbol = useSelector(purchase, (snapshot) => snapshot.context.menu.currency_symbol);
  const product = useSelector(purchase, selectShownProduct);
  if (!product) return <NothingToSell />;
  return (
    <section className="single-product">
      <h1 className="single-product__name">
        <bdi>{product.name}</bdi>
      </h1>
      {product.description && (
        <p className="single-product__description">
          <bdi>{product.description}</bdi>
        </p>
      )}
      <ProductPrice product={product} symbol={symbol} />
    </section>
  );
}

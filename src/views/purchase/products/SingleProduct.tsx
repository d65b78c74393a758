import { useSelector } from '@xstate/react';
import type { PurchaseRef } from '../purchase-ref';
import { ProductPrice } from './ProductPrice';

export function SingleProduct({ purchase }: { purchase: PurchaseRef }) {
  const menu = useSelector(purchase, (snapshot) => snapshot.context.menu);
  const product = menu.products[0];
  if (!product) return null;
  return (
    <section className="single-product">
      <h1 className="single-product__name">{product.name}</h1>
      {product.description && <p className="single-product__description">{product.description}</p>}
      <ProductPrice product={product} symbol={menu.currency_symbol} />
    </section>
  );
}

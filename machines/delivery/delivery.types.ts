/**
 * What the operator says its machine delivered of a paid purchase, and what went back to the payer
 * (GET /api/payment/status's `delivery`; docs/payments.md "From payment to product in hand").
 */
export interface DeliveryStatus {
  state: 'delivering' | 'delivered' | 'partly_delivered' | 'not_delivered';
  /** A vending machine vends the items; the hourly vacuum starts. */
  kind: 'vend' | 'start';
  items: DeliveryItem[];
  /** What was not delivered, back to the payer: a hold released, or a refund. */
  givenBack: GivenBack | undefined;
}

export interface DeliveryItem {
  productId: string;
  name: string;
  ordered: number;
  /** How many came out; unknown while the machine delivers. */
  delivered: number | undefined;
}

export interface GivenBack {
  /** released: never taken; refund_pending: the provider has not settled the refund yet; refunded: it has. */
  way: 'released' | 'refund_pending' | 'refunded';
  amount: number;
  /** The provider's reference for the refund, which the payer can quote. */
  refundId: string | undefined;
  /** How many days a refund takes to reach the card. */
  arrivesWithinDays: number | undefined;
}

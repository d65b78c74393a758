import type { DeliveryContext } from './delivery.machine';
import type { DeliveryStatus, GivenBack } from './delivery.types';

/** What the success page shows of the delivery. */
export type DeliveryStage = 'following' | 'delivered' | 'givingBack' | 'givenBack' | 'unconfirmed' | 'none';

/** A product and how many of it. */
export interface ItemLine {
  name: string;
  count: number;
}

export interface DeliveryView {
  stage: DeliveryStage;
  kind: DeliveryStatus['kind'];
  ordered: ItemLine[];
  /** What came out, once the machine reported. */
  delivered: ItemLine[];
  /** What was ordered and did not come out, once the machine reported. */
  missing: ItemLine[];
  givenBack: GivenBack | undefined;
}

/** What the delivery selectors read of the delivery chart's snapshot. */
export interface DeliverySnapshot {
  context: DeliveryContext;
  matches(state: 'Following' | 'Delivered' | 'GivingBack' | 'RefundStarted' | 'GivenBack' | 'Unconfirmed'): boolean;
}

function stageOf(snapshot: DeliverySnapshot): DeliveryStage {
  const { delivery, expected } = snapshot.context;
  // A payment link has nothing to deliver: nothing is said while the operator confirms it.
  if (snapshot.matches('Following')) return delivery === undefined && expected === 'nothing' ? 'none' : 'following';
  if (snapshot.matches('Delivered')) return 'delivered';
  if (snapshot.matches('GivingBack') || snapshot.matches('RefundStarted')) return 'givingBack';
  if (snapshot.matches('GivenBack')) return 'givenBack';
  if (snapshot.matches('Unconfirmed')) return 'unconfirmed';
  return 'none';
}

const lines = (pairs: readonly (readonly [string, number])[]): ItemLine[] =>
  pairs.filter(([, count]) => count > 0).map(([name, count]) => ({ name, count }));

/**
 * The delivery as the success page tells it; before the operator's first word, what the purchase leads
 * to expect: the receipt's items coming out, or the machine starting.
 */
export function selectDeliveryView(snapshot: DeliverySnapshot, receiptItems: readonly ItemLine[]): DeliveryView {
  const { delivery, expected } = snapshot.context;
  const items = delivery?.items ?? [];
  return {
    stage: stageOf(snapshot),
    kind: delivery?.kind ?? (expected === 'start' ? 'start' : 'vend'),
    ordered: delivery ? lines(items.map((item) => [item.name, item.ordered])) : [...receiptItems],
    delivered: lines(items.map((item) => [item.name, item.delivered ?? 0])),
    missing: lines(items.map((item) => [item.name, item.delivered === undefined ? 0 : item.ordered - item.delivered])),
    givenBack: delivery?.givenBack,
  };
}

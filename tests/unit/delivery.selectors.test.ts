import { describe, expect, it } from 'vitest';
import type { DeliveryContext, DeliveryExpected } from '../../machines/delivery/delivery.machine';
import { type DeliverySnapshot, selectDeliveryView } from '../../machines/delivery/delivery.selectors';
import type { DeliveryStatus } from '../../machines/delivery/delivery.types';

type Stage = Parameters<DeliverySnapshot['matches']>[0];

const snapshotIn = (stage: Stage, expected: DeliveryExpected, delivery?: DeliveryStatus): DeliverySnapshot => ({
  context: { machineId: '1001', sessionId: 'session-1', expected, delivery } satisfies DeliveryContext,
  matches: (state) => state === stage,
});

const receipt = [{ name: 'Cola', count: 2 }];

describe('the success page before the operator’s first word on the delivery', () => {
  it('a vending purchase: the receipt’s items are coming out', () => {
    const view = selectDeliveryView(snapshotIn('Following', 'vend'), receipt);
    expect(view).toMatchObject({ stage: 'following', kind: 'vend', ordered: [{ name: 'Cola', count: 2 }] });
  });

  it('the hourly vacuum: the machine is starting, not dispensing', () => {
    expect(selectDeliveryView(snapshotIn('Following', 'start'), receipt)).toMatchObject({
      stage: 'following',
      kind: 'start',
    });
  });

  it('a payment link: nothing is said, there is nothing to deliver', () => {
    expect(selectDeliveryView(snapshotIn('Following', 'nothing'), receipt).stage).toBe('none');
  });
});

describe('once the operator has spoken, its word decides', () => {
  const delivering: DeliveryStatus = {
    state: 'delivering',
    kind: 'vend',
    items: [{ productId: '101', name: 'Cola', ordered: 1, delivered: undefined }],
    givenBack: undefined,
  };

  it('a link the operator says is vending is shown vending', () => {
    expect(selectDeliveryView(snapshotIn('Following', 'nothing', delivering), receipt)).toMatchObject({
      stage: 'following',
      kind: 'vend',
      ordered: [{ name: 'Cola', count: 1 }],
    });
  });

  it('a start the operator reports is a start, whatever was expected', () => {
    const started: DeliveryStatus = { ...delivering, state: 'delivered', kind: 'start' };
    expect(selectDeliveryView(snapshotIn('Delivered', 'vend', started), receipt)).toMatchObject({
      stage: 'delivered',
      kind: 'start',
    });
  });
});

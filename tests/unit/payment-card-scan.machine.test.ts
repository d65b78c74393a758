import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { cardScanMachine, type CardScanEvent } from '../../machines/payment/card-scan.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';

function startCardScan() {
  const listeners: { order: PaymentOrder; stopped: boolean }[] = [];
  const actor = createActor(
    cardScanMachine.provide({
      actors: {
        listenForScanResult: fromCallback<EventObject, { order: PaymentOrder }, CardScanEvent>(({ input }) => {
          const listener = { order: input.order, stopped: false };
          listeners.push(listener);
          return () => {
            listener.stopped = true;
          };
        }),
      },
    }),
    { input: { order: singleLineOrder } },
  ).start();
  return { actor, snapshot: () => actor.getSnapshot(), listeners };
}

describe('cardScanMachine', () => {
  it('starts processing, listening for the scan step with the order', () => {
    const scan = startCardScan();
    expect(scan.snapshot().value).toEqual({ Processing: 'Scanning' });
    expect(scan.snapshot().hasTag('processing')).toBe(true);
    expect(scan.listeners).toEqual([{ order: singleLineOrder, stopped: false }]);
  });

  it('scan.approved succeeds with the transaction id', () => {
    const scan = startCardScan();
    scan.actor.send({ type: 'scan.approved', transactionId: 'tx-500' });
    expect(scan.snapshot().value).toBe('Success');
    expect(scan.snapshot().output).toEqual({ outcome: 'succeeded', transactionId: 'tx-500' });
  });

  it('scan.declined fails with the message', () => {
    const scan = startCardScan();
    scan.actor.send({ type: 'scan.declined', message: 'Card declined' });
    expect(scan.snapshot().value).toBe('Failed');
    expect(scan.snapshot().output).toEqual({ outcome: 'failed', message: 'Card declined' });
  });

  it('scan.cancelled returns to the method choice', () => {
    const scan = startCardScan();
    scan.actor.send({ type: 'scan.cancelled' });
    expect(scan.snapshot().value).toBe('Cancelled');
    expect(scan.snapshot().output).toEqual({ outcome: 'cancelled' });
  });

  it('drawer.close abandons', () => {
    const scan = startCardScan();
    scan.actor.send({ type: 'drawer.close' });
    expect(scan.snapshot().value).toBe('Abandoned');
    expect(scan.snapshot().output).toEqual({ outcome: 'abandoned' });
  });

  it('stops listening once it has a verdict', () => {
    const scan = startCardScan();
    scan.actor.send({ type: 'scan.approved', transactionId: 'tx-501' });
    expect(scan.snapshot().status).toBe('done');
    expect(scan.listeners[0]?.stopped).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  cardScanMachine,
  type CardScanEvent,
  type CardScanStartAnswer,
} from '../../machines/payment/methods/card-scan/card-scan.machine';
import type { PayStatus } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { AttemptInput } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';

const SCANNER = 'https://scan.card.test';
const OPENED: CardScanStartAnswer = { status: 0, msg: 'Card scan opened.', scanUrl: `${SCANNER}/scan?scan=SCAN-1` };

function startCardScan(answer: CardScanStartAnswer = OPENED) {
  const listeners: { scannerOrigin: string; stopped: boolean }[] = [];
  const starts: AttemptInput[] = [];
  const payStatuses: PayStatus[] = [];
  const actor = createActor(
    cardScanMachine.provide({
      actors: {
        startCardScan: fromPromise<CardScanStartAnswer, AttemptInput>(({ input }) => {
          starts.push(input);
          return Promise.resolve(answer);
        }),
        listenForScanResult: fromCallback<EventObject, { scannerOrigin: string }, CardScanEvent>(({ input }) => {
          const listener = { scannerOrigin: input.scannerOrigin, stopped: false };
          listeners.push(listener);
          return () => {
            listener.stopped = true;
          };
        }),
      },
      actions: { storePayStatus: (_, status) => payStatuses.push(status) },
    }),
    { input: { order: singleLineOrder, scannerOrigin: SCANNER } },
  ).start();
  const scanning = () => expect.poll(() => actor.getSnapshot().value).toEqual({ Processing: 'Scanning' });
  return { actor, snapshot: () => actor.getSnapshot(), listeners, starts, payStatuses, scanning };
}

describe('cardScanMachine', () => {
  it('asks the operator to open the scan (with the attempt key) before any frame, then listens to the scanner', async () => {
    const scan = startCardScan();
    expect(scan.snapshot().value).toEqual({ Processing: 'Starting' });
    expect(scan.listeners).toEqual([]);
    await scan.scanning();
    expect(scan.starts).toEqual([{ order: singleLineOrder, attemptKey: expect.any(String) as string }]);
    expect(scan.snapshot().context.scanUrl).toBe('https://scan.card.test/scan?scan=SCAN-1');
    expect(scan.listeners).toEqual([{ scannerOrigin: SCANNER, stopped: false }]);
    expect(scan.payStatuses).toEqual(['pending']);
  });

  it('never frames a page off the scanner’s origin', async () => {
    const scan = startCardScan({ ...OPENED, scanUrl: 'https://evil.example/scan?scan=SCAN-1' });
    await expect.poll(() => scan.snapshot().value).toBe('Failed');
    expect(scan.snapshot().output).toEqual({ outcome: 'failed', reason: 'unexpectedFrameUrl' });
    expect(scan.listeners).toEqual([]);
  });

  it('the frame’s approval is no success: the purchase asks the operator', async () => {
    const scan = startCardScan();
    await scan.scanning();
    scan.actor.send({ type: 'scan.approved', transactionId: 'tx-500' });
    expect(scan.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed', transactionId: 'tx-500' });
    expect(scan.listeners[0]?.stopped).toBe(true);
  });

  it('the frame’s decline is no verdict either: the operator says whether it charged', async () => {
    const scan = startCardScan();
    await scan.scanning();
    scan.actor.send({ type: 'scan.declined', message: 'Card declined' });
    expect(scan.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed', transactionId: undefined });
  });

  it('scan.cancelled returns to the method choice; drawer.close abandons', async () => {
    const cancelled = startCardScan();
    await cancelled.scanning();
    cancelled.actor.send({ type: 'scan.cancelled' });
    expect(cancelled.snapshot().output).toEqual({ outcome: 'cancelled' });
    const left = startCardScan();
    left.actor.send({ type: 'drawer.close' });
    expect(left.snapshot().output).toEqual({ outcome: 'abandoned' });
  });
});

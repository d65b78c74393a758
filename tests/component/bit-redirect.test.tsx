/**
 * Bit leaves the page. Its code loads on demand: a visitor who closes the drawer meanwhile must stay,
 * with nothing marked as pending.
 */
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { providePayments } from '../../src/actors/payments';
import { PURCHASE_STORAGE_KEYS } from '../../src/lib/purchase-storage';
import { connectSandbox } from './harness';
import { singleLineOrder as order } from '../fixtures/orders';

describe('the Bit redirect', () => {
  it('leaves for Bit once its code has loaded: the purchase is marked pending', async () => {
    const actor = createActor(providePayments(connectSandbox().api).bit, { input: { order } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ Processing: 'LeavingForBit' }));
    expect(localStorage.getItem(PURCHASE_STORAGE_KEYS.payStatus)).toBe('pending');
  });

  it('does not leave when the drawer closes while the code loads', async () => {
    const actor = createActor(providePayments(connectSandbox().api).bit, { input: { order } }).start();
    actor.send({ type: 'drawer.close' });
    expect(actor.getSnapshot().value).toBe('Abandoned');
    await import('../../src/payments/bit/bit'); // the code the actor was waiting for has arrived
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem(PURCHASE_STORAGE_KEYS.payStatus)).toBeNull();
  });
});

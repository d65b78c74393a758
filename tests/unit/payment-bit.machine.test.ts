import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bitMachine } from '../../machines/payment/bit.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';

function startBit(redirect: (input: { order: PaymentOrder }) => Promise<unknown>) {
  const redirectToBit = vi.fn(redirect);
  const actor = createActor(
    bitMachine.provide({
      actors: { redirectToBit: fromPromise<unknown, { order: PaymentOrder }>(({ input }) => redirectToBit(input)) },
    }),
    { input: { order: singleLineOrder } },
  ).start();
  return { actor, snapshot: () => actor.getSnapshot(), redirectToBit };
}

describe('bitMachine', () => {
  it('redirects to Bit once, with the order, while processing', () => {
    const bit = startBit(() => new Promise<void>(() => {}));
    expect(bit.snapshot().value).toEqual({ Processing: 'Redirecting' });
    expect(bit.snapshot().hasTag('processing')).toBe(true);
    expect(bit.redirectToBit).toHaveBeenCalledTimes(1);
    expect(bit.redirectToBit).toHaveBeenCalledWith({ order: singleLineOrder });
  });

  it('a started redirect leaves for Bit and nothing else happens', async () => {
    const bit = startBit(() => Promise.resolve());
    await waitFor(bit.actor, (s) => s.matches({ Processing: 'LeavingForBit' }));
    expect(bit.snapshot().status).toBe('active');
    expect(bit.snapshot().hasTag('processing')).toBe(true);
    expect(bit.snapshot().output).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(bit.snapshot().value).toEqual({ Processing: 'LeavingForBit' });
    expect(bit.redirectToBit).toHaveBeenCalledTimes(1);
  });

  it('a redirect that cannot start fails as unavailable', async () => {
    const bit = startBit(() => Promise.reject(new Error('storage full')));
    await waitFor(bit.actor, (s) => s.status === 'done');
    expect(bit.snapshot().value).toBe('Failed');
    expect(bit.snapshot().output).toEqual({ outcome: 'failed', reason: 'unavailable' });
  });

  it('closing the drawer before Bit answers abandons the payment (nothing is charged yet)', () => {
    const bit = startBit(() => new Promise<void>(() => {}));
    bit.actor.send({ type: 'drawer.close' });
    expect(bit.snapshot().status).toBe('done');
    expect(bit.snapshot().output).toEqual({ outcome: 'abandoned' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bitMachine, type BitInitAnswer, type BitPayment } from '../../machines/payment/methods/bit/bit.machine';
import type { PaymentOrder, AttemptInput } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';

const payment: BitPayment = {
  transactionId: 'BIT-1',
  paymentUrl: 'https://bit.processor.example/pay?transaction=BIT-1',
};
const accepted: BitInitAnswer = { status: 0, msg: 'ok', payment };
const never = () => new Promise<never>(() => {});

function startBit(
  init: (input: { order: PaymentOrder }) => Promise<BitInitAnswer>,
  redirect: (input: { order: PaymentOrder; payment: BitPayment }) => Promise<unknown> = never,
) {
  const initBitPayment = vi.fn(init);
  const redirectToBit = vi.fn(redirect);
  const actor = createActor(
    bitMachine.provide({
      actors: {
        initBitPayment: fromPromise<BitInitAnswer, AttemptInput>(({ input }) => initBitPayment(input)),
        redirectToBit: fromPromise<unknown, { order: PaymentOrder; payment: BitPayment }>(({ input }) =>
          redirectToBit(input),
        ),
      },
    }),
    { input: { order: singleLineOrder } },
  ).start();
  return { actor, snapshot: () => actor.getSnapshot(), initBitPayment, redirectToBit };
}

describe('bitMachine', () => {
  it('first asks the operator to initialise the payment, once, while processing', () => {
    const bit = startBit(never);
    expect(bit.snapshot().value).toEqual({ Processing: 'Initialising' });
    expect(bit.snapshot().hasTag('processing')).toBe(true);
    expect(bit.initBitPayment).toHaveBeenCalledExactlyOnceWith({
      order: singleLineOrder,
      attemptKey: expect.any(String) as unknown,
    });
    expect(bit.redirectToBit).not.toHaveBeenCalled();
  });

  it('an initialised payment is left for: the redirect gets its transaction and page, and nothing else happens', async () => {
    const bit = startBit(
      () => Promise.resolve(accepted),
      () => Promise.resolve(),
    );
    await waitFor(bit.actor, (s) => s.matches({ Processing: 'LeavingForBit' }));
    expect(bit.redirectToBit).toHaveBeenCalledExactlyOnceWith({ order: singleLineOrder, payment });
    expect(bit.snapshot().status).toBe('active');
    expect(bit.snapshot().output).toBeUndefined();
  });

  it('a refused init fails with the operator’s message and status, and never redirects', async () => {
    const bit = startBit(() => Promise.resolve({ status: 1, msg: 'Bit payments start at ₪5.00.', payment: undefined }));
    await waitFor(bit.actor, (s) => s.status === 'done');
    expect(bit.snapshot().output).toEqual({ outcome: 'failed', message: 'Bit payments start at ₪5.00.', code: 1 });
    expect(bit.redirectToBit).not.toHaveBeenCalled();
  });

  it.each([
    ['the init call fails', () => Promise.reject(new Error('offline')), () => Promise.resolve()],
    ['the redirect is refused', () => Promise.resolve(accepted), () => Promise.reject(new Error('foreign page'))],
  ])('%s: failed as unavailable', async (_case, init, redirect) => {
    const bit = startBit(init, redirect);
    await waitFor(bit.actor, (s) => s.status === 'done');
    expect(bit.snapshot().value).toBe('Failed');
    expect(bit.snapshot().output).toEqual({ outcome: 'failed', reason: 'unavailable' });
  });

  it('closing the drawer before leaving abandons the payment (nothing is charged yet)', () => {
    const bit = startBit(never);
    bit.actor.send({ type: 'drawer.close' });
    expect(bit.snapshot().status).toBe('done');
    expect(bit.snapshot().output).toEqual({ outcome: 'abandoned' });
  });
});

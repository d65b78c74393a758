/**
 * A payment whose end the page did not see (back from Bit, a reload): the purchase never takes a verdict
 * from the address. It asks the operator (GET /payment/status) about the purchase's session, polls while
 * a provider still processes it, and shows what the operator says; without an answer it offers to check
 * again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { selectDrawerOpen } from '../../machines/purchase/purchase.selectors';
import type { ReturnedPaymentStatus } from '../../machines/purchase/purchase.types';
import { ApiError } from '../../machines/shared/api-failure';
import { listMenu } from '../fixtures/menus';
import { bitStatus, purchaseInput, returnedFromBit } from '../fixtures/purchases';

type Answer = () => Promise<ReturnedPaymentStatus>;

function startReturned(answers: Answer[], settings = { returnedPayment: returnedFromBit }) {
  const clock = new SimulatedClock();
  const asked: unknown[] = [];
  const stored: unknown[] = [];
  const check = vi.fn(({ input }: { input: { machineId: string; sessionId: string } }) => {
    asked.push(input);
    const answer = answers.shift();
    return answer ? answer() : new Promise<ReturnedPaymentStatus>(() => {});
  });
  const actor = createActor(
    purchaseMachine.provide({
      actors: { checkReturnedPayment: fromPromise(check), checkGooglePay: fromPromise(() => Promise.resolve(true)) },
      actions: { storeInHistory: (_, receipt) => void stored.push(receipt) },
    }),
    { input: purchaseInput(listMenu, settings), clock },
  ).start();
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, clock, asked, stored, flush, snapshot: () => actor.getSnapshot() };
}

describe('a payment underway (input.returnedPayment)', () => {
  it('asks the operator about its purchase’s session, in the drawer, busy', () => {
    const purchase = startReturned([]);
    expect(purchase.snapshot().value).toEqual({ CheckingReturnedPayment: { Polling: 'Asking' } });
    expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
    expect(purchase.snapshot().hasTag('busy')).toBe(true);
    expect(purchase.asked).toEqual([{ machineId: 'machine-7', sessionId: returnedFromBit.sessionId }]);
  });

  it('paid: PAYMENT_SUCCESS with the operator’s transaction on the receipt, paid with its method, stored once', async () => {
    const purchase = startReturned([() => Promise.resolve(bitStatus('paid'))]);
    await purchase.flush();
    expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
    expect(purchase.snapshot().context).toMatchObject({
      result: { outcome: 'succeeded', transactionId: 'BIT-tx-1' },
      receipt: { ...returnedFromBit.receipt, transactionId: 'BIT-tx-1', paidWith: 'bit' },
      returnedPayment: undefined,
    });
    purchase.actor.send({ type: 'drawer.close' });
    expect(purchase.stored).toHaveLength(1);
    expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
  });

  it('not charged: PAYMENT_FAILURE saying no money was taken', async () => {
    const purchase = startReturned([() => Promise.resolve(bitStatus('not_charged', 'declined in Bit'))]);
    await purchase.flush();
    expect(purchase.snapshot().value).toBe('PAYMENT_FAILURE');
    expect(purchase.snapshot().context.result).toEqual({
      outcome: 'failed',
      reason: 'notCharged',
      transactionId: 'BIT-tx-1',
    });
    purchase.actor.send({ type: 'purchase.retry' });
    expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
    expect(purchase.stored).toEqual([]);
  });

  it("declined: the failure page carries the provider's words for the decline, as the operator gives them", async () => {
    const declined = { ...bitStatus('not_charged'), declineMessage: 'Your card was declined.' };
    const purchase = startReturned([() => Promise.resolve(declined)]);
    await purchase.flush();
    expect(purchase.snapshot().context.result).toEqual({
      outcome: 'failed',
      reason: 'notCharged',
      transactionId: 'BIT-tx-1',
      message: 'Your card was declined.',
    });
  });

  it('pending: asks again every second (paymentStatusPoll) until the verdict comes', async () => {
    const purchase = startReturned([
      () => Promise.resolve(bitStatus('pending')),
      () => Promise.resolve(bitStatus('pending')),
      () => Promise.resolve(bitStatus('paid')),
    ]);
    await purchase.flush();
    expect(purchase.snapshot().value).toEqual({ CheckingReturnedPayment: { Polling: 'Waiting' } });
    purchase.clock.increment(999);
    expect(purchase.asked).toHaveLength(1);
    purchase.clock.increment(1);
    await purchase.flush();
    expect(purchase.asked).toHaveLength(2);
    purchase.clock.increment(1000);
    await purchase.flush();
    expect(purchase.asked).toHaveLength(3);
    expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
  });

  it('no verdict within returnedPaymentWait: Unconfirmed, and payment.recheck asks again', async () => {
    const answers: Answer[] = [() => Promise.resolve(bitStatus('pending'))];
    const purchase = startReturned(answers);
    await purchase.flush();
    purchase.clock.increment(60_000); // the poll after 1 s gets no answer in that time
    expect(purchase.snapshot().value).toEqual({ CheckingReturnedPayment: 'Unconfirmed' });
    expect(purchase.snapshot().hasTag('busy')).toBe(false);
    answers.push(() => Promise.resolve(bitStatus('not_charged')));
    purchase.actor.send({ type: 'payment.recheck' });
    await purchase.flush();
    expect(purchase.snapshot().value).toBe('PAYMENT_FAILURE');
  });

  it('a failed status call: Unconfirmed with the drawer open; closing it goes back to the products, once', async () => {
    const purchase = startReturned([() => Promise.reject(new ApiError({ kind: 'offline' }))]);
    await purchase.flush();
    expect(purchase.snapshot().value).toEqual({ CheckingReturnedPayment: 'Unconfirmed' });
    expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
    purchase.actor.send({ type: 'drawer.close' });
    expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
    expect(purchase.snapshot().context.returnedPayment).toBeUndefined();
    expect(purchase.asked).toHaveLength(1);
  });

  it('without one the purchase starts on the products and asks nothing', () => {
    const purchase = startReturned([], { returnedPayment: undefined } as never);
    expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
    expect(purchase.asked).toEqual([]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  CARD_FIELDS,
  cardFieldsMachine,
  chargeTransactionId,
  fieldErrorsOf,
  isChargeablePrice,
  type CardProcessorError,
  type HandshakeChargeInput,
  isDeclined,
  resultOfDecline,
} from '../../machines/payment/methods/card-fields/card-fields.machine';
import type { PaymentOrder, PayResponse, AttemptInput } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { deferredOrder, singleLineOrder, twoLineOrder } from '../fixtures/orders';

const CHARGE_RESPONSE = { transaction_response: { success: true, txId: 'tr-1' } };
const APPROVED: PayResponse = { status: 0, msg: 'Approved', transactionId: 'tx-400' };
const REJECTED: PayResponse = { status: 3, msg: 'Charge not confirmed', transactionId: 'tx-401' };
/** Tranzila's decline: an answer whose transaction_response.success is false, not an error. */
const DECLINED = {
  errors: null,
  transaction_response: { success: false, error_code: '004', error: 'Your card was declined.', transaction_id: 9 },
};

const never = <T>() => new Promise<T>(() => {});

interface Fakes {
  mountCardFields?: (input: { terminal: string }) => Promise<unknown>;
  createHandshake?: (input: AttemptInput) => Promise<string>;
  chargeCard?: (input: HandshakeChargeInput) => Promise<unknown>;
  confirmCharge?: (input: AttemptInput & { chargeResponse: unknown }) => Promise<PayResponse>;
}

function startCardFields(order: PaymentOrder = singleLineOrder, fakes: Fakes = {}) {
  const mountCardFields = vi.fn(fakes.mountCardFields ?? (() => Promise.resolve()));
  let handshakes = 0;
  const createHandshake = vi.fn(fakes.createHandshake ?? (() => Promise.resolve(`thtk-${++handshakes}`)));
  const chargeCard = vi.fn(fakes.chargeCard ?? (() => Promise.resolve(CHARGE_RESPONSE)));
  const confirmCharge = vi.fn(fakes.confirmCharge ?? (() => Promise.resolve(APPROVED)));
  const actor = createActor(
    cardFieldsMachine.provide({
      actors: {
        mountCardFields: fromPromise<unknown, { terminal: string }>(({ input }) => mountCardFields(input)),
        createHandshake: fromPromise<string, AttemptInput>(({ input }) => createHandshake(input)),
        chargeCard: fromPromise<unknown, HandshakeChargeInput>(({ input }) => chargeCard(input)),
        confirmCharge: fromPromise<PayResponse, AttemptInput & { chargeResponse: unknown }>(({ input }) =>
          confirmCharge(input),
        ),
      },
    }),
    { input: { order, terminal: 'term-1' } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const toEnteringCard = async () => {
    await waitFor(actor, (s) => !s.matches({ Idle: 'LoadingFields' }));
    expect(snapshot().value).toEqual({ Idle: 'EnteringCard' });
  };
  const settled = () => waitFor(actor, (s) => !s.hasTag('processing'));
  /** The visitor submits the card once the fields are up; resolves when processing is over. */
  const submit = async () => {
    await toEnteringCard();
    actor.send({ type: 'payment.start' });
    await settled();
  };
  return {
    actor,
    snapshot,
    toEnteringCard,
    settled,
    submit,
    mountCardFields,
    createHandshake,
    chargeCard,
    confirmCharge,
  };
}

/** How hostedFields.charge() fails (requirements.md §3 "Card processor error"), carried by an Error as lint wants. */
const chargeError = (...messages: NonNullable<CardProcessorError['messages']>): Error & CardProcessorError =>
  Object.assign(new Error('charge failed'), { messages });

describe('cardFieldsMachine', () => {
  describe('loading the hosted fields', () => {
    it('mounts the fields for the terminal, tagged loading, then lets the visitor enter the card', async () => {
      const card = startCardFields();
      expect(card.snapshot().value).toEqual({ Idle: 'LoadingFields' });
      expect(card.snapshot().hasTag('loading')).toBe(true);
      expect(card.mountCardFields).toHaveBeenCalledWith({ terminal: 'term-1' });
      await card.toEnteringCard();
      expect(card.snapshot().hasTag('loading')).toBe(false);
      // Nothing was charged yet: no 'Payment failed.' and no field error on the fresh form.
      expect(card.snapshot().context).toMatchObject({ chargeFailed: false, fieldErrors: {} });
    });

    it('fields that fail to load fail the payment as unavailable', async () => {
      const card = startCardFields(singleLineOrder, { mountCardFields: () => Promise.reject(new Error('script')) });
      await waitFor(card.actor, (s) => s.status === 'done');
      expect(card.snapshot().value).toBe('Failed');
      expect(card.snapshot().output).toEqual({ outcome: 'failed', reason: 'unavailable' });
    });
  });

  describe('isChargeablePrice (requirements.md §5)', () => {
    it('a single line whose total equals its price is chargeable', () => {
      expect(singleLineOrder.total).toBe(singleLineOrder.lines[0]?.lineTotal);
      expect(isChargeablePrice(singleLineOrder)).toBe(true);
    });

    it('a total that differs from the first line price is not', () => {
      expect(isChargeablePrice(twoLineOrder)).toBe(false);
      expect(isChargeablePrice({ ...singleLineOrder, total: 12.49 })).toBe(false);
    });

    it('a zero or negative price is not, even when it matches the line', () => {
      const line = singleLineOrder.lines[0];
      if (!line) throw new Error('fixture without a line');
      expect(isChargeablePrice({ ...singleLineOrder, total: 0, lines: [{ ...line, lineTotal: 0 }] })).toBe(false);
      expect(isChargeablePrice({ ...singleLineOrder, total: -1, lines: [{ ...line, lineTotal: -1 }] })).toBe(false);
    });

    it('an order without lines is not', () => {
      expect(isChargeablePrice({ ...singleLineOrder, lines: [] })).toBe(false);
    });

    it('a deferred payment is always chargeable', () => {
      expect(isChargeablePrice(deferredOrder)).toBe(true);
      expect(isChargeablePrice({ ...deferredOrder, total: 0 })).toBe(true);
    });
  });

  describe('submitting (requirements.md §4 card processor hosted fields)', () => {
    it('an invalid price fails as invalidPrice and never charges', async () => {
      const card = startCardFields(twoLineOrder);
      await card.toEnteringCard();
      card.actor.send({ type: 'payment.start' });
      expect(card.snapshot().value).toBe('Failed');
      expect(card.snapshot().output).toEqual({ outcome: 'failed', reason: 'invalidPrice' });
      expect(card.chargeCard).not.toHaveBeenCalled();
    });

    it('a deferred order is charged although its total is not the first line price', async () => {
      const card = startCardFields(deferredOrder);
      await card.submit();
      expect(card.chargeCard).toHaveBeenCalledWith({ order: deferredOrder, terminal: 'term-1', thtk: 'thtk-1' });
      expect(card.snapshot().value).toBe('Success');
    });

    it('submit shows the processing overlay and first asks the operator for a handshake of the order', async () => {
      const card = startCardFields(singleLineOrder, { createHandshake: () => never() });
      await card.toEnteringCard();
      card.actor.send({ type: 'payment.start' });
      expect(card.snapshot().value).toEqual({ Processing: 'CreatingHandshake' });
      expect(card.snapshot().hasTag('processing')).toBe(true);
      expect(card.createHandshake).toHaveBeenCalledExactlyOnceWith({
        order: singleLineOrder,
        attemptKey: expect.any(String) as unknown,
      });
      expect(card.chargeCard).not.toHaveBeenCalled();
    });

    it('then charges once with the order, the terminal and the handshake token', async () => {
      const card = startCardFields(singleLineOrder, { chargeCard: () => never() });
      await card.toEnteringCard();
      card.actor.send({ type: 'payment.start' });
      await waitFor(card.actor, (s) => s.matches({ Processing: 'Charging' }));
      expect(card.snapshot().hasTag('processing')).toBe(true);
      expect(card.chargeCard).toHaveBeenCalledExactlyOnceWith({
        order: singleLineOrder,
        terminal: 'term-1',
        thtk: 'thtk-1',
      });
    });

    it('a failed handshake call fails with the operator message, charging nothing', async () => {
      const card = startCardFields(singleLineOrder, {
        createHandshake: () => Promise.reject(new ApiError({ kind: 'http', status: 503, message: 'Tranzila is down' })),
      });
      await card.submit();
      expect(card.snapshot().value).toBe('Failed');
      expect(card.snapshot().output).toEqual({ outcome: 'failed', message: 'Tranzila is down', code: 503 });
      expect(card.chargeCard).not.toHaveBeenCalled();
    });

    it('a handshake call without an answer fails as "Payment failed." (nothing was charged)', async () => {
      const card = startCardFields(singleLineOrder, {
        createHandshake: () => Promise.reject(new ApiError({ kind: 'offline' })),
      });
      await card.submit();
      expect(card.snapshot().output).toEqual({ outcome: 'failed', reason: 'paymentFailed' });
    });

    it("a declined charge fails with the processor's message, code and transaction id, never confirmed", async () => {
      const card = startCardFields(singleLineOrder, { chargeCard: () => Promise.resolve(DECLINED) });
      await card.submit();
      expect(card.snapshot().value).toBe('Failed');
      expect(card.snapshot().output).toEqual({
        outcome: 'failed',
        message: 'Your card was declined.',
        code: '004',
        transactionId: '9',
      });
      expect(card.confirmCharge).not.toHaveBeenCalled();
    });

    it('a charge confirmed with status 0 succeeds with the message and transaction id', async () => {
      const card = startCardFields();
      await card.submit();
      expect(card.confirmCharge).toHaveBeenCalledWith({
        order: singleLineOrder,
        chargeResponse: CHARGE_RESPONSE,
        attemptKey: expect.any(String) as unknown,
      });
      expect(card.snapshot().value).toBe('Success');
      expect(card.snapshot().output).toEqual({ outcome: 'succeeded', message: 'Approved', transactionId: 'tx-400' });
    });

    it('after Tranzila approved, a confirmation with another status is no verdict: unconfirmed', async () => {
      const card = startCardFields(singleLineOrder, { confirmCharge: () => Promise.resolve(REJECTED) });
      await card.submit();
      expect(card.snapshot().value).toBe('Failed');
      expect(card.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed', transactionId: 'tx-401' });
    });

    it('after Tranzila approved, a failed confirmation call is unconfirmed, never "not charged"', async () => {
      const card = startCardFields(singleLineOrder, {
        confirmCharge: () => Promise.reject(new ApiError({ kind: 'http', status: 409, message: 'Duplicate' })),
      });
      await card.submit();
      expect(card.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed' });
    });

    it('a second payment.start while processing charges only once', async () => {
      const card = startCardFields(singleLineOrder, { confirmCharge: () => never() });
      await card.toEnteringCard();
      card.actor.send({ type: 'payment.start' });
      card.actor.send({ type: 'payment.start' });
      await waitFor(card.actor, (s) => s.matches({ Processing: 'Charging' }));
      card.actor.send({ type: 'payment.start' });
      await waitFor(card.actor, (s) => s.matches({ Processing: 'ConfirmingCharge' }));
      card.actor.send({ type: 'payment.start' });
      expect(card.snapshot().value).toEqual({ Processing: 'ConfirmingCharge' });
      expect(card.createHandshake).toHaveBeenCalledTimes(1);
      expect(card.chargeCard).toHaveBeenCalledTimes(1);
      expect(card.confirmCharge).toHaveBeenCalledTimes(1);
    });
  });

  describe('charge errors (requirements.md §8)', () => {
    it('per-field messages go back to the form with fieldErrors', async () => {
      const card = startCardFields(singleLineOrder, {
        chargeCard: () => Promise.reject(chargeError({ param: 'cvv', message: 'Bad CVV' })),
      });
      await card.submit();
      expect(card.snapshot().value).toEqual({ Idle: 'EnteringCard' });
      expect(card.snapshot().context.fieldErrors).toEqual({ cvv: 'Bad CVV' });
      expect(card.snapshot().context.chargeFailed).toBe(false);
      expect(card.confirmCharge).not.toHaveBeenCalled();
      expect(card.mountCardFields).toHaveBeenCalledTimes(1); // the fields are not mounted again
    });

    it('an error naming no field goes back with chargeFailed ("Payment failed.")', async () => {
      const card = startCardFields(singleLineOrder, {
        chargeCard: () => Promise.reject(chargeError({ message: 'Declined by issuer' })),
      });
      await card.submit();
      expect(card.snapshot().value).toEqual({ Idle: 'EnteringCard' });
      expect(card.snapshot().context.fieldErrors).toEqual({});
      expect(card.snapshot().context.chargeFailed).toBe(true);
    });

    it('an error that is not a processor error goes back with chargeFailed', async () => {
      const card = startCardFields(singleLineOrder, { chargeCard: () => Promise.reject(new Error('network')) });
      await card.submit();
      expect(card.snapshot().context.chargeFailed).toBe(true);
    });

    it('submitting again clears the previous errors and can succeed', async () => {
      let attempt = 0;
      const card = startCardFields(singleLineOrder, {
        chargeCard: () =>
          ++attempt === 1
            ? Promise.reject(chargeError({ param: 'expiry', message: 'Expired' }))
            : Promise.resolve(CHARGE_RESPONSE),
        confirmCharge: () => never(),
      });
      await card.submit();
      expect(card.snapshot().context.fieldErrors).toEqual({ expiry: 'Expired' });

      card.actor.send({ type: 'payment.start' });
      expect(card.snapshot().context.fieldErrors).toEqual({});
      expect(card.snapshot().context.chargeFailed).toBe(false);
      await waitFor(card.actor, (s) => s.matches({ Processing: 'ConfirmingCharge' }));
      expect(card.chargeCard).toHaveBeenCalledTimes(2);
      // Tranzila's handshakes are single use: every attempt gets its own.
      expect(card.createHandshake).toHaveBeenCalledTimes(2);
      expect(card.chargeCard).toHaveBeenLastCalledWith(expect.objectContaining({ thtk: 'thtk-2' }));
    });

    it('each attempt has its own Idempotency-Key, shared by its handshake and its confirmation (design.md §10)', async () => {
      let attempt = 0;
      const card = startCardFields(singleLineOrder, {
        chargeCard: () =>
          ++attempt === 1
            ? Promise.reject(chargeError({ param: 'cvv', message: 'Bad CVV' }))
            : Promise.resolve(CHARGE_RESPONSE),
      });
      await card.submit();
      card.actor.send({ type: 'payment.start' });
      await card.settled();

      const keyOf = (call: unknown[]) => (call[0] as AttemptInput).attemptKey;
      const [first, second] = card.createHandshake.mock.calls.map(keyOf);
      const [confirmed] = card.confirmCharge.mock.calls.map(keyOf);
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(second).not.toBe(first);
      expect(confirmed).toBe(second);
    });
  });

  describe('isDeclined and resultOfDecline (Tranzila declines)', () => {
    it('only success === false is a decline', () => {
      expect(isDeclined(DECLINED)).toBe(true);
      expect(isDeclined(CHARGE_RESPONSE)).toBe(false);
      expect(isDeclined({ transaction_response: {} })).toBe(false);
      expect(isDeclined({ transaction_response: null })).toBe(false);
      expect(isDeclined(undefined)).toBe(false);
    });

    it('a decline without words fails as "Payment failed." with its code', () => {
      expect(resultOfDecline({ transaction_response: { success: false, error_code: 33, error: '' } })).toEqual({
        outcome: 'failed',
        reason: 'paymentFailed',
        code: 33,
        transactionId: undefined,
      });
      expect(resultOfDecline({ transaction_response: { success: false, error_code: {} } })).toMatchObject({
        code: undefined,
      });
      // Words that are no text are not shown either.
      expect(resultOfDecline({ transaction_response: { success: false, error: { text: 'x' } } })).toMatchObject({
        reason: 'paymentFailed',
      });
    });

    it('the transaction id of a charge: text or number, as text; none when the answer has none', () => {
      expect(chargeTransactionId({ transaction_response: { transaction_id: 'TX-7' } })).toBe('TX-7');
      expect(chargeTransactionId({ transaction_response: { transaction_id: 7 } })).toBe('7');
      expect(chargeTransactionId({ transaction_response: { transaction_id: null } })).toBeUndefined();
      expect(chargeTransactionId({ transaction_response: null })).toBeUndefined();
      expect(chargeTransactionId(undefined)).toBeUndefined();
    });
  });

  describe('fieldErrorsOf', () => {
    it('knows the three fields', () => {
      expect(CARD_FIELDS).toEqual(['credit_card_number', 'expiry', 'cvv']);
    });

    it('maps each named field to its message', () => {
      const processorError: CardProcessorError = {
        messages: [
          { param: 'credit_card_number', message: 'Invalid number' },
          { param: 'expiry', message: 'Expired' },
          { param: 'cvv', message: 'Bad CVV' },
        ],
      };
      expect(fieldErrorsOf(processorError)).toEqual({
        credit_card_number: 'Invalid number',
        expiry: 'Expired',
        cvv: 'Bad CVV',
      });
    });

    it('ignores unknown params and fields without a message', () => {
      expect(
        fieldErrorsOf(
          chargeError(
            { param: 'zip', message: 'Bad zip' },
            { param: 'cvv' },
            { param: 'cvv', message: '' },
            { message: 'General' },
          ),
        ),
      ).toEqual({});
    });

    it('is empty for anything that is not a processor error', () => {
      expect(fieldErrorsOf(undefined)).toEqual({});
      expect(fieldErrorsOf(new Error('x'))).toEqual({});
      expect(fieldErrorsOf({})).toEqual({});
    });
  });

  describe('closing the drawer', () => {
    it('abandons while loading or entering the card', async () => {
      const loading = startCardFields(singleLineOrder, { mountCardFields: () => never() });
      loading.actor.send({ type: 'drawer.close' });
      expect(loading.snapshot().value).toBe('Abandoned');
      expect(loading.snapshot().output).toEqual({ outcome: 'abandoned' });

      const entering = startCardFields();
      await entering.toEnteringCard();
      entering.actor.send({ type: 'drawer.close' });
      expect(entering.snapshot().output).toEqual({ outcome: 'abandoned' });
    });

    it('is ignored while making the handshake or charging', async () => {
      const card = startCardFields(singleLineOrder, { chargeCard: () => never() });
      await card.toEnteringCard();
      card.actor.send({ type: 'payment.start' });
      card.actor.send({ type: 'drawer.close' });
      expect(card.snapshot().value).toEqual({ Processing: 'CreatingHandshake' });
      await waitFor(card.actor, (s) => s.matches({ Processing: 'Charging' }));
      card.actor.send({ type: 'drawer.close' });
      expect(card.snapshot().value).toEqual({ Processing: 'Charging' });
    });
  });
});

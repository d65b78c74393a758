/**
 * Apple Pay (requirements.md §2 payment method selection, §8 "Apple Pay unavailable"): offered only where Safari
 * says the device can pay; one session per payment whose callbacks become the machine's events and
 * whose commands become session calls; stopping it aborts a session still open, never a closed one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ApplePaySessionCommand,
  ApplePaySessionEvent,
} from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import type { ApplePaymentRequest } from '../../machines/payment/methods/apple-pay/apple-pay.request';
import { runApplePaySession } from '../../src/payments/apple-pay/apple-pay-session';
import { isApplePayAvailable } from '../../src/payments/apple-pay/availability';

const request = { countryCode: 'IL', currencyCode: 'ILS' } as unknown as ApplePaymentRequest;

class FakeSession {
  static STATUS_SUCCESS = 10;
  static STATUS_FAILURE = 20;
  static created: FakeSession[] = [];
  static refuseNew: Error | undefined;
  static refuseBegin: Error | undefined;
  static closedBeforeComplete = false;
  calls: unknown[][] = [];
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null = null;
  oncancel: ((event: unknown) => void) | null = null;
  constructor(
    readonly version: number,
    readonly request: ApplePaymentRequest,
  ) {
    if (FakeSession.refuseNew) throw FakeSession.refuseNew;
    FakeSession.created.push(this);
  }
  begin() {
    this.calls.push(['begin']);
    if (FakeSession.refuseBegin) throw FakeSession.refuseBegin;
  }
  abort() {
    this.calls.push(['abort']);
  }
  completeMerchantValidation(session: unknown) {
    this.calls.push(['completeMerchantValidation', session]);
  }
  completePayment(status: number) {
    this.calls.push(['completePayment', status]);
    if (FakeSession.closedBeforeComplete) throw new Error('InvalidStateError');
  }
}

function start() {
  FakeSession.created = [];
  vi.stubGlobal('window', { ApplePaySession: FakeSession });
  const events: ApplePaySessionEvent[] = [];
  let command: (c: ApplePaySessionCommand) => void = () => undefined;
  const stop = runApplePaySession(
    request,
    (event) => events.push(event),
    (listener) => (command = listener),
  );
  return { events, stop, command: (c: ApplePaySessionCommand) => command(c), session: FakeSession.created[0] };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSession.refuseNew = undefined;
  FakeSession.refuseBegin = undefined;
  FakeSession.closedBeforeComplete = false;
});

describe('Apple Pay availability', () => {
  it('is offered only when ApplePaySession.canMakePayments() is true', () => {
    expect(isApplePayAvailable({ ApplePaySession: { canMakePayments: () => true } })).toBe(true);
    expect(isApplePayAvailable({ ApplePaySession: { canMakePayments: () => false } })).toBe(false);
    expect(isApplePayAvailable({ ApplePaySession: { canMakePayments: () => 'yes' } })).toBe(false);
    expect(isApplePayAvailable({})).toBe(false);
    const insecure = {
      canMakePayments: () => {
        throw new Error('insecure page');
      },
    };
    expect(isApplePayAvailable({ ApplePaySession: insecure })).toBe(false);
  });
});

describe('the Apple Pay session', () => {
  it('begins one session of version 1 with the payment request', () => {
    const { session, events } = start();
    expect(FakeSession.created).toHaveLength(1);
    expect(session?.version).toBe(1);
    expect(session?.request).toBe(request);
    expect(session?.calls).toEqual([['begin']]);
    expect(events).toEqual([]);
  });

  it("turns Safari's callbacks into events: validate merchant, authorized payment, cancel", () => {
    const { session, events } = start();
    session?.onvalidatemerchant?.({ validationURL: 'https://apple.example/v' });
    session?.onpaymentauthorized?.({ payment: { token: { data: 't' } } });
    session?.oncancel?.({});
    expect(events).toEqual([
      { type: 'applePay.validateMerchant', validationURL: 'https://apple.example/v' },
      { type: 'applePay.authorized', token: { data: 't' } },
      { type: 'applePay.cancelled' },
    ]);
  });

  it("completes merchant validation with the operator's merchant session", () => {
    const { session, command, events } = start();
    command({ type: 'session.completeMerchantValidation', merchantSession: { id: 'm' } });
    expect(session?.calls).toEqual([['begin'], ['completeMerchantValidation', { id: 'm' }]]);
    expect(events).toEqual([]);
  });

  it('completes the payment as success or failure, then the sheet is closed and stopping aborts nothing', () => {
    for (const [approved, status] of [
      [true, FakeSession.STATUS_SUCCESS],
      [false, FakeSession.STATUS_FAILURE],
    ] as const) {
      const { session, command, events, stop } = start();
      command({ type: 'session.completePayment', approved });
      expect(session?.calls).toEqual([['begin'], ['completePayment', status]]);
      expect(events).toEqual([{ type: 'applePay.sheetClosed' }]);
      stop();
      expect(session?.calls).not.toContainEqual(['abort']);
    }
  });

  it('a sheet Apple already closed still reports closed', () => {
    FakeSession.closedBeforeComplete = true;
    const { command, events } = start();
    command({ type: 'session.completePayment', approved: true });
    expect(events).toEqual([{ type: 'applePay.sheetClosed' }]);
  });

  it('stopping aborts a session still open, not one the visitor cancelled', () => {
    const open = start();
    open.stop();
    expect(open.session?.calls).toEqual([['begin'], ['abort']]);
    const cancelled = start();
    cancelled.session?.oncancel?.({});
    cancelled.stop();
    expect(cancelled.session?.calls).toEqual([['begin']]);
  });

  it('without ApplePaySession the payment is cancelled', () => {
    vi.stubGlobal('window', {});
    const events: ApplePaySessionEvent[] = [];
    const stop = runApplePaySession(
      request,
      (event) => events.push(event),
      () => undefined,
    );
    expect(events).toEqual([{ type: 'applePay.cancelled' }]);
    expect(() => stop()).not.toThrow();
  });

  it("a session Safari refuses to create or begin fails with the error's name as code", () => {
    class InvalidAccessError extends Error {
      override name = 'InvalidAccessError';
    }
    FakeSession.refuseNew = new InvalidAccessError('not in a user gesture');
    const refused = start();
    expect(refused.events).toEqual([{ type: 'applePay.refused', code: 'InvalidAccessError' }]);
    expect(() => refused.stop()).not.toThrow();
    FakeSession.refuseNew = undefined;

    FakeSession.refuseBegin = new TypeError('bad request');
    const notBegun = start();
    expect(notBegun.events).toEqual([{ type: 'applePay.refused', code: 'TypeError' }]);
    notBegun.stop();
    expect(notBegun.session?.calls).toEqual([['begin']]);
  });

  it('a refusal that is not an Error has the code Error', () => {
    FakeSession.refuseNew = 'refused' as unknown as Error;
    expect(start().events).toEqual([{ type: 'applePay.refused', code: 'Error' }]);
    FakeSession.refuseNew = undefined;
    FakeSession.refuseBegin = 'refused' as unknown as Error;
    expect(start().events).toEqual([{ type: 'applePay.refused', code: 'Error' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Language } from '../../machines/menu/menu.types';
import { ApiError } from '../../machines/shared/api-failure';
import { MAX_POLL_FAILURES, wheelshareMachine } from '../../machines/wheelshare/wheelshare.machine';
import {
  selectCanSubmit,
  selectEstimate,
  selectFailureCause,
  selectFailureMessage,
  selectForm,
  selectLanguage,
  selectNotCharged,
  selectPaid,
  selectPaymentUrl,
  selectRentalReference,
  selectReconnecting,
  selectShowsPhoneError,
  selectStage,
} from '../../machines/wheelshare/wheelshare.selectors';
import type {
  DeferredPayment,
  OperatorAnswer,
  SetPurchaseInput,
  StationCallInput,
} from '../../machines/wheelshare/wheelshare.types';

/** requirements.md §9: the station polls every 1 s (written here, not imported from the chart it checks). */
const POLL_INTERVAL_MS = 1_000;

/** 10 March 2031, 10:30 local time. */
const NOW = new Date(2031, 2, 10, 10, 30).getTime();
const PAYMENT_URL = 'https://pay.example/genPaymentIntend?machine_id=15&phone_number=0501234567';
const offered: DeferredPayment = { status: 0, message: 'ok', paymentUrl: PAYMENT_URL };

interface Fakes {
  setPurchase?: () => Promise<string>;
  requestPayment?: () => Promise<DeferredPayment>;
  /** Answers poll number n (0-based). */
  isWaitingForCard?: (poll: number) => Promise<boolean>;
  returnRental?: () => Promise<OperatorAnswer>;
}

function startStation(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const calls = {
    setPurchase: [] as SetPurchaseInput[],
    requestPayment: [] as StationCallInput[],
    polls: [] as StationCallInput[],
    returns: [] as { phone: string }[],
  };
  const applied: Language[] = [];
  const remembered: Language[] = [];
  const actor = createActor(
    wheelshareMachine.provide({
      actors: {
        setPurchase: fromPromise<string, SetPurchaseInput>(({ input }) => {
          calls.setPurchase.push(input);
          return fakes.setPurchase?.() ?? Promise.resolve('session-1');
        }),
        requestPayment: fromPromise<DeferredPayment, StationCallInput>(({ input }) => {
          calls.requestPayment.push(input);
          return fakes.requestPayment?.() ?? Promise.resolve(offered);
        }),
        isWaitingForCard: fromPromise<boolean, StationCallInput>(({ input }) => {
          calls.polls.push(input);
          return fakes.isWaitingForCard?.(calls.polls.length - 1) ?? Promise.resolve(true);
        }),
        returnRental: fromPromise<OperatorAnswer, { phone: string }>(({ input }) => {
          calls.returns.push(input);
          return fakes.returnRental?.() ?? Promise.resolve({ status: 0, message: 'Returned' });
        }),
      },
      actions: {
        applyLanguage: (_, language: Language) => {
          applied.push(language);
        },
        rememberLanguage: (_, language: Language) => {
          remembered.push(language);
        },
      },
    }),
    { input: { machineId: '15', language: 'en', now: NOW }, clock },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const stage = () => selectStage(snapshot());
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
  /** Lets the clock run one poll interval and the poll's promise settle. */
  const tick = async () => {
    clock.increment(POLL_INTERVAL_MS);
    await waitFor(actor, (s) => !s.matches({ Renting: { AwaitingCard: 'Checking' } }));
  };
  const fillRent = (phone = '050-123-4567') => {
    actor.send({ type: 'phone.change', phone });
  };
  const rentUntilQrCode = async () => {
    fillRent();
    actor.send({ type: 'form.submit' });
    await settle();
    expect(stage()).toBe('awaitingCard');
  };
  return { actor, clock, snapshot, stage, settle, tick, fillRent, rentUntilQrCode, calls, applied, remembered };
}

const failsWith =
  <T>(error: Error) =>
  (): Promise<T> =>
    Promise.reject(error);

describe('wheelshareMachine: the form', () => {
  it('starts on a rent form: hourly, from now to an hour from now, phone blank, submit disabled', () => {
    const station = startStation();
    expect(station.snapshot().value).toEqual({ Editing: 'Composing' });
    expect(station.snapshot().context).toMatchObject({
      choice: 'rent',
      phone: '',
      option: 'hourly',
      startTime: '10:30',
      endTime: '11:30',
    });
    expect(selectCanSubmit(station.snapshot())).toBe(false);
    expect(selectEstimate(station.snapshot())).toEqual({ units: 1, rate: 5, amount: 5 });
  });

  it('a blank phone submits nothing', () => {
    const station = startStation();
    station.actor.send({ type: 'phone.change', phone: '  ' });
    station.actor.send({ type: 'form.submit' });
    expect(station.snapshot().value).toEqual({ Editing: 'Composing' });
    expect(selectCanSubmit(station.snapshot())).toBe(false);
    expect(station.calls.setPurchase).toEqual([]);
  });

  it('an implausible phone shows the error on submit or when leaving the field, and goes once corrected', () => {
    const station = startStation();
    station.actor.send({ type: 'phone.change', phone: '12345' });
    expect(selectShowsPhoneError(station.snapshot())).toBe(false); // not while typing
    expect(selectCanSubmit(station.snapshot())).toBe(true);
    station.actor.send({ type: 'form.submit' });
    expect(selectShowsPhoneError(station.snapshot())).toBe(true);
    expect(station.calls.setPurchase).toEqual([]);

    station.actor.send({ type: 'phone.change', phone: '1234567' });
    expect(selectShowsPhoneError(station.snapshot())).toBe(true);
    station.actor.send({ type: 'phone.change', phone: '0501234567' });
    expect(selectShowsPhoneError(station.snapshot())).toBe(false);

    station.actor.send({ type: 'phone.change', phone: '050' });
    station.actor.send({ type: 'phone.blur' });
    expect(selectShowsPhoneError(station.snapshot())).toBe(true);
    station.actor.send({ type: 'phone.change', phone: '' });
    expect(selectShowsPhoneError(station.snapshot())).toBe(false);
  });

  it('prices the chosen option and times as the visitor changes them', () => {
    const station = startStation();
    station.actor.send({ type: 'startTime.change', time: '22:00' });
    station.actor.send({ type: 'endTime.change', time: '01:15' });
    expect(selectEstimate(station.snapshot())).toEqual({ units: 4, rate: 5, amount: 20 });
    station.actor.send({ type: 'option.select', option: 'daily' });
    expect(selectEstimate(station.snapshot())).toEqual({ units: 1, rate: 60, amount: 60 });
  });

  it('a cleared time leaves no estimate and keeps a rent from being submitted', () => {
    const station = startStation();
    station.fillRent();
    station.actor.send({ type: 'endTime.change', time: '' });
    expect(selectEstimate(station.snapshot())).toBeUndefined();
    expect(selectCanSubmit(station.snapshot())).toBe(false);
    station.actor.send({ type: 'form.submit' });
    expect(station.stage()).toBe('editing');
    // Returning needs no times.
    station.actor.send({ type: 'choice.select', choice: 'return' });
    expect(selectCanSubmit(station.snapshot())).toBe(true);
  });

  it('language.change applies the language and remembers it', () => {
    const station = startStation();
    station.actor.send({ type: 'language.change', language: 'he' });
    expect(station.snapshot().context.language).toBe('he');
    expect(station.applied).toEqual(['he']);
    expect(station.remembered).toEqual(['he']);
  });
});

describe('wheelshareMachine: renting', () => {
  it('sends the rental, asks for the deferred payment and shows its link', async () => {
    const station = startStation();
    station.actor.send({ type: 'startTime.change', time: '22:00' });
    station.actor.send({ type: 'endTime.change', time: '01:00' });
    station.actor.send({ type: 'option.select', option: 'daily' });
    station.fillRent(' 050-123 4567 ');
    station.actor.send({ type: 'form.submit' });
    expect(station.stage()).toBe('preparingPayment');
    await station.settle();

    expect(station.calls.setPurchase).toEqual([
      {
        machineId: '15',
        phone: '0501234567',
        rental: {
          rental_option: 'daily',
          start_time: new Date(2031, 2, 10, 22, 0).toISOString(),
          end_time: new Date(2031, 2, 11, 1, 0).toISOString(),
        },
      },
    ]);
    expect(station.calls.requestPayment).toEqual([{ machineId: '15', phone: '0501234567', session: 'session-1' }]);
    expect(station.snapshot().value).toEqual({ Renting: { AwaitingCard: 'Waiting' } });
    expect(station.snapshot().context.paymentUrl).toBe(PAYMENT_URL);
  });

  it('polls every second until the operator stops waiting for the card, then all done', async () => {
    const station = startStation({ isWaitingForCard: (poll) => Promise.resolve(poll < 2) });
    await station.rentUntilQrCode();

    station.clock.increment(POLL_INTERVAL_MS - 1);
    expect(station.calls.polls).toHaveLength(0);
    await station.tick();
    expect(station.calls.polls).toEqual([{ machineId: '15', phone: '0501234567', session: 'session-1' }]);
    expect(station.stage()).toBe('awaitingCard');
    await station.tick();
    expect(station.calls.polls).toHaveLength(2);
    await station.tick();
    expect(station.calls.polls).toHaveLength(3);
    expect(station.stage()).toBe('allDone');
    // No more polling once done.
    station.clock.increment(5 * POLL_INTERVAL_MS);
    expect(station.calls.polls).toHaveLength(3);
  });

  it('a failed poll is tried again on the next tick; a good answer clears the count', async () => {
    const blip = new ApiError({ kind: 'http', status: 503 });
    const answers = [false, true, false, true, true];
    const station = startStation({
      isWaitingForCard: (poll) => (answers[poll] ? Promise.resolve(true) : Promise.reject(blip)),
    });
    await station.rentUntilQrCode();
    await station.tick();
    expect(station.snapshot().context.pollFailures).toBe(1);
    expect(station.stage()).toBe('awaitingCard');
    await station.tick();
    expect(station.snapshot().context.pollFailures).toBe(0);
    await station.tick();
    await station.tick();
    await station.tick();
    expect(station.calls.polls).toHaveLength(5);
    expect(station.stage()).toBe('awaitingCard');
  });

  it(`${MAX_POLL_FAILURES} failed polls in a row: connection lost, with Try again (one poll now)`, async () => {
    let reachable = false;
    const station = startStation({
      isWaitingForCard: () => (reachable ? Promise.resolve(false) : Promise.reject(new ApiError({ kind: 'timeout' }))),
    });
    await station.rentUntilQrCode();
    await station.tick();
    await station.tick();
    expect(station.stage()).toBe('awaitingCard');
    await station.tick();
    expect(station.stage()).toBe('pollingLost');
    // It stops asking.
    station.clock.increment(10 * POLL_INTERVAL_MS);
    expect(station.calls.polls).toHaveLength(MAX_POLL_FAILURES);

    reachable = true;
    station.actor.send({ type: 'polling.retry' });
    expect(station.snapshot().context.pollFailures).toBe(0);
    await waitFor(station.actor, (s) => s.matches('AllDone'));
    expect(station.calls.polls).toHaveLength(MAX_POLL_FAILURES + 1);
  });

  it('rental.cancel leaves the QR code for the form (values kept) and stops polling', async () => {
    const station = startStation();
    await station.rentUntilQrCode();
    await station.tick();
    station.actor.send({ type: 'rental.cancel' });
    expect(station.snapshot().value).toEqual({ Editing: 'Composing' });
    expect(station.snapshot().context).toMatchObject({ phone: '050-123-4567', paymentUrl: undefined });
    station.clock.increment(5 * POLL_INTERVAL_MS);
    expect(station.calls.polls).toHaveLength(1);
  });

  it('polling stops when the actor stops (the visitor left the page)', async () => {
    const station = startStation();
    await station.rentUntilQrCode();
    await station.tick();
    station.actor.stop();
    station.clock.increment(5 * POLL_INTERVAL_MS);
    expect(station.calls.polls).toHaveLength(1);
  });

  it('a pay answer with status != 0 fails with its message', async () => {
    const station = startStation({
      requestPayment: () =>
        Promise.resolve({ status: 1, message: 'No rental for this phone number', paymentUrl: undefined }),
    });
    station.fillRent();
    station.actor.send({ type: 'form.submit' });
    await station.settle();
    expect(station.stage()).toBe('rentFailed');
    expect(station.snapshot().context.failure).toEqual({ kind: 'refused', message: 'No rental for this phone number' });
  });

  it.each([
    ['a javascript: link', 'javascript:alert(1)'],
    ['a relative link', '/genPaymentIntend'],
    ['no link', undefined],
  ])('%s is never shown as a QR code', async (_, paymentUrl) => {
    const station = startStation({ requestPayment: () => Promise.resolve({ status: 0, message: 'ok', paymentUrl }) });
    station.fillRent();
    station.actor.send({ type: 'form.submit' });
    await station.settle();
    expect(station.stage()).toBe('rentFailed');
    expect(station.snapshot().context).toMatchObject({ failure: { kind: 'unusable-link' }, paymentUrl: undefined });
  });

  it('a failed set_purchase fails with the typed failure and pays nothing; form.edit goes back to the form', async () => {
    const station = startStation({
      setPurchase: failsWith(new ApiError({ kind: 'http', status: 400, message: 'phone_number: invalid' })),
    });
    station.fillRent();
    station.actor.send({ type: 'form.submit' });
    await station.settle();
    expect(station.stage()).toBe('rentFailed');
    expect(station.snapshot().context.failure).toEqual({
      kind: 'call-failed',
      failure: { kind: 'http', status: 400, message: 'phone_number: invalid' },
    });
    expect(station.calls.requestPayment).toEqual([]);
    station.actor.send({ type: 'form.edit' });
    expect(station.stage()).toBe('editing');
    expect(station.snapshot().context).toMatchObject({ phone: '050-123-4567', failure: undefined });
  });

  it('a failed pay call that is not an ApiError counts as offline', async () => {
    const station = startStation({ requestPayment: failsWith(new TypeError('Failed to fetch')) });
    station.fillRent();
    station.actor.send({ type: 'form.submit' });
    await station.settle();
    expect(station.snapshot().context.failure).toEqual({ kind: 'call-failed', failure: { kind: 'offline' } });
  });

  it('station.reset after all done gives the next visitor a blank form timed from the new now', async () => {
    const station = startStation({ isWaitingForCard: () => Promise.resolve(false) });
    station.actor.send({ type: 'option.select', option: 'daily' });
    await station.rentUntilQrCode();
    await station.tick();
    expect(station.stage()).toBe('allDone');
    const later = new Date(2031, 2, 10, 15, 5).getTime();
    station.actor.send({ type: 'station.reset', now: later });
    expect(station.snapshot().value).toEqual({ Editing: 'Composing' });
    expect(station.snapshot().context).toMatchObject({
      now: later,
      choice: 'rent',
      phone: '',
      option: 'hourly',
      startTime: '15:05',
      endTime: '16:05',
      paymentUrl: undefined,
    });
  });
});

describe('wheelshareMachine: returning', () => {
  const startReturn = (returnRental: () => Promise<OperatorAnswer>) => {
    const station = startStation({ returnRental });
    station.actor.send({ type: 'choice.select', choice: 'return' });
    station.fillRent('+972 50 123 4567');
    station.actor.send({ type: 'form.submit' });
    return station;
  };

  it('status 0: returned successfully', async () => {
    const station = startReturn(() => Promise.resolve({ status: 0, message: 'Returned' }));
    expect(station.stage()).toBe('returning');
    await station.settle();
    expect(station.stage()).toBe('returned');
    expect(station.calls.returns).toEqual([{ phone: '+972501234567' }]);
    expect(station.calls.setPurchase).toEqual([]);
  });

  it('station.reset after a return gives the next visitor a blank form, as after a rental', async () => {
    const station = startReturn(() => Promise.resolve({ status: 0, message: 'Returned' }));
    await station.settle();
    expect(station.stage()).toBe('returned');
    const later = new Date(2031, 2, 10, 15, 5).getTime();
    station.actor.send({ type: 'station.reset', now: later });
    expect(station.snapshot().value).toEqual({ Editing: 'Composing' });
    expect(station.snapshot().context).toMatchObject({ now: later, choice: 'rent', phone: '' });
  });

  it('another status: the failure with the message; return.retry sends it again', async () => {
    let answer: OperatorAnswer = { status: 1, message: 'No active rental for this phone number' };
    const station = startReturn(() => Promise.resolve(answer));
    await station.settle();
    expect(station.stage()).toBe('returnFailed');
    expect(station.snapshot().context.failure).toEqual({
      kind: 'refused',
      message: 'No active rental for this phone number',
    });
    answer = { status: 0, message: 'Returned' };
    station.actor.send({ type: 'return.retry' });
    await station.settle();
    expect(station.stage()).toBe('returned');
    expect(station.calls.returns).toHaveLength(2);
  });

  it('a failed call: the failure with the typed reason; form.edit goes back', async () => {
    const station = startReturn(failsWith(new ApiError({ kind: 'http', status: 500, message: 'down' })));
    await station.settle();
    expect(station.snapshot().context.failure).toEqual({
      kind: 'call-failed',
      failure: { kind: 'http', status: 500, message: 'down' },
    });
    station.actor.send({ type: 'form.edit' });
    expect(station.stage()).toBe('editing');
    expect(station.snapshot().context.choice).toBe('return');
  });
});

describe('wheelshare selectors: what the station shows (requirements.md §2 /wheelshare, §8)', () => {
  const rentWith = async (fakes: Fakes) => {
    const station = startStation(fakes);
    station.fillRent();
    station.actor.send({ type: 'form.submit' });
    await station.settle();
    return station;
  };

  it('selectForm and selectLanguage: the values the form shows', () => {
    const station = startStation();
    station.actor.send({ type: 'language.change', language: 'he' });
    expect(selectForm(station.snapshot())).toEqual({
      choice: 'rent',
      phone: '',
      option: 'hourly',
      startTime: '10:30',
      endTime: '11:30',
    });
    expect(selectLanguage(station.snapshot())).toBe('he');
  });

  it('selectPaymentUrl: the QR code’s link once the payment is offered', async () => {
    const station = startStation();
    expect(selectPaymentUrl(station.snapshot())).toBeUndefined();
    await station.rentUntilQrCode();
    expect(selectPaymentUrl(station.snapshot())).toBe(PAYMENT_URL);
  });

  it('selectFailureMessage: the operator’s refusal or its server’s message, nothing else', async () => {
    expect(selectFailureMessage(startStation().snapshot())).toBeUndefined();
    const refused = await rentWith({
      requestPayment: () =>
        Promise.resolve({ status: 1, message: 'No rental for this phone number', paymentUrl: undefined }),
    });
    expect(selectFailureMessage(refused.snapshot())).toBe('No rental for this phone number');
    const silent = await rentWith({
      requestPayment: () => Promise.resolve({ status: 1, message: '', paymentUrl: undefined }),
    });
    expect(selectFailureMessage(silent.snapshot())).toBeUndefined();
    const http = await rentWith({
      setPurchase: failsWith(new ApiError({ kind: 'http', status: 400, message: 'phone_number: invalid' })),
    });
    expect(selectFailureMessage(http.snapshot())).toBe('phone_number: invalid');
    const offline = await rentWith({ setPurchase: failsWith(new ApiError({ kind: 'offline' })) });
    expect(selectFailureMessage(offline.snapshot())).toBeUndefined();
    const unusable = await rentWith({
      requestPayment: () => Promise.resolve({ status: 0, message: 'ok', paymentUrl: '/genPaymentIntend' }),
    });
    expect(selectFailureMessage(unusable.snapshot())).toBeUndefined();
  });

  it('selectFailureCause: what went wrong, one word per kind of failure', async () => {
    expect(selectFailureCause(startStation().snapshot())).toBeUndefined();
    const unusable = await rentWith({
      requestPayment: () => Promise.resolve({ status: 0, message: 'ok', paymentUrl: 'javascript:alert(1)' }),
    });
    expect(selectFailureCause(unusable.snapshot())).toBe('unusableLink');
    const refused = await rentWith({
      requestPayment: () => Promise.resolve({ status: 1, message: 'No', paymentUrl: undefined }),
    });
    expect(selectFailureCause(refused.snapshot())).toBe('refused');
    const offline = await rentWith({ setPurchase: failsWith(new ApiError({ kind: 'offline' })) });
    expect(selectFailureCause(offline.snapshot())).toBe('unreachable');
    const timeout = await rentWith({ setPurchase: failsWith(new ApiError({ kind: 'timeout' })) });
    expect(selectFailureCause(timeout.snapshot())).toBe('unreachable');
    const http = await rentWith({ setPurchase: failsWith(new ApiError({ kind: 'http', status: 500 })) });
    expect(selectFailureCause(http.snapshot())).toBe('serviceError');
    const garbled = await rentWith({ setPurchase: failsWith(new ApiError({ kind: 'invalid-answer', detail: 'x' })) });
    expect(selectFailureCause(garbled.snapshot())).toBe('serviceError');
  });

  it('selectNotCharged: a failed rental never reached a payment; a failed return says nothing of money', async () => {
    const refused = await rentWith({
      requestPayment: () => Promise.resolve({ status: 1, message: 'No', paymentUrl: undefined }),
    });
    expect(selectNotCharged(refused.snapshot())).toBe(true);
    const returning = startStation({ returnRental: () => Promise.resolve({ status: 1, message: 'No' }) });
    returning.actor.send({ type: 'choice.select', choice: 'return' });
    returning.fillRent();
    returning.actor.send({ type: 'form.submit' });
    await returning.settle();
    expect(returning.stage()).toBe('returnFailed');
    expect(selectNotCharged(returning.snapshot())).toBe(false);
    expect(selectNotCharged(startStation().snapshot())).toBe(false);
  });

  it('selectPaid and selectRentalReference: the amount once paid; the session’s first 8 characters, upper case', async () => {
    const station = startStation({
      setPurchase: () => Promise.resolve('3f2a9c1e-77b0-4d2e-9a51-0c6d8e4f2b17'),
      isWaitingForCard: () => Promise.resolve(false),
    });
    station.actor.send({ type: 'endTime.change', time: '13:00' });
    expect(selectRentalReference(station.snapshot())).toBeUndefined();
    await station.rentUntilQrCode();
    expect(selectPaid(station.snapshot()), 'not before the card has gone through').toBeUndefined();
    expect(selectRentalReference(station.snapshot())).toBe('3F2A9C1E');
    await station.tick();
    expect(station.stage()).toBe('allDone');
    // 10:30 to 13:00: three started hours at 5.
    expect(selectPaid(station.snapshot())).toEqual({ units: 3, rate: 5, amount: 15 });
    expect(selectRentalReference(station.snapshot())).toBe('3F2A9C1E');
  });

  it('selectReconnecting: while a failed poll waits for the next one', async () => {
    const answers = [false, true];
    const station = startStation({
      isWaitingForCard: (poll) =>
        answers[poll] ? Promise.resolve(true) : Promise.reject(new ApiError({ kind: 'timeout' })),
    });
    await station.rentUntilQrCode();
    expect(selectReconnecting(station.snapshot())).toBe(false);
    await station.tick();
    expect(selectReconnecting(station.snapshot())).toBe(true);
    await station.tick();
    expect(selectReconnecting(station.snapshot())).toBe(false);
  });
});

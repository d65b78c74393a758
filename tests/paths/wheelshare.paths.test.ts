import { ApiError } from '../../machines/shared/api-failure';
import {
  wheelshareMachine,
  type WheelshareContext,
  type WheelshareEvent,
} from '../../machines/wheelshare/wheelshare.machine';
import {
  NoRentalHere,
  type DeferredPayment,
  type OperatorAnswer,
  type SetPurchaseInput,
  type StationCallInput,
} from '../../machines/wheelshare/wheelshare.types';
import { pendingPromise } from '../fixtures/stand-ins';
import {
  describeEdgePaths,
  expectTags,
  samplesOf,
  serializeWith,
  stays,
  to,
  type Oracle,
  type InternalEvent,
} from './edge-coverage';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';

/** The calls never settle by themselves: the walk sends their done/error events. */
const machine = wheelshareMachine.provide({
  actors: {
    setPurchase: pendingPromise<string, SetPurchaseInput>(),
    requestPayment: pendingPromise<DeferredPayment, StationCallInput>(),
    isWaitingForCard: pendingPromise<boolean, StationCallInput>(),
    returnRental: pendingPromise<OperatorAnswer, { phone: string }>(),
  },
  actions: { applyLanguage: () => {}, rememberLanguage: () => {} },
});

const NOW = new Date(2031, 2, 10, 10, 30).getTime();
const callFailed = new ApiError({ kind: 'http', status: 503 });
/** The return's error when this station holds no rental session for the phone (src/api/wheelshare.ts). */
const noRentalHere: Error = new NoRentalHere();

const events = samplesOf([
  { type: 'language.change', language: 'he' },
  { type: 'choice.select', choice: 'rent' },
  { type: 'choice.select', choice: 'return' },
  // blank, implausible and plausible: every branch of the phone guards
  { type: 'phone.change', phone: '' },
  { type: 'phone.change', phone: '12345' },
  { type: 'phone.change', phone: '0501234567' },
  { type: 'phone.blur' },
  { type: 'option.select', option: 'daily' },
  // a cleared time keeps a rent from being submitted
  { type: 'startTime.change', time: '' },
  { type: 'startTime.change', time: '22:00' },
  { type: 'endTime.change', time: '01:00' },
  { type: 'form.submit' },
  { type: 'form.edit' },
  { type: 'rental.cancel' },
  { type: 'polling.retry' },
  { type: 'return.retry' },
  { type: 'station.reset', now: NOW },
  { type: 'xstate.done.actor.setPurchase', output: 'session-1' },
  { type: 'xstate.error.actor.setPurchase', error: callFailed },
  // refused, a web link, and a link that is not one
  {
    type: 'xstate.done.actor.requestPayment',
    output: { status: 1, message: 'No rental for this phone number', paymentUrl: undefined },
  },
  {
    type: 'xstate.done.actor.requestPayment',
    output: { status: 0, message: 'ok', paymentUrl: 'https://pay.example/genPaymentIntend' },
  },
  { type: 'xstate.done.actor.requestPayment', output: { status: 0, message: 'ok', paymentUrl: 'javascript:void 0' } },
  { type: 'xstate.error.actor.requestPayment', error: callFailed },
  { type: 'xstate.after.pollInterval.wheelshare.Renting.AwaitingCard.Waiting' },
  { type: 'xstate.done.actor.isWaitingForCard', output: true },
  { type: 'xstate.done.actor.isWaitingForCard', output: false },
  { type: 'xstate.error.actor.isWaitingForCard', error: new ApiError({ kind: 'timeout' }) },
  { type: 'xstate.done.actor.returnRental', output: { status: 0, message: 'Returned' } },
  { type: 'xstate.done.actor.returnRental', output: { status: 1, message: 'No active rental for this phone number' } },
  { type: 'xstate.error.actor.returnRental', error: callFailed },
  { type: 'xstate.error.actor.returnRental', error: noRentalHere },
]);

/** Every field a guard reads; the phone and times by their kind, so the walk stays small. */
const serializeState = serializeWith((context: WheelshareContext) => ({
  choice: context.choice,
  phone: context.phone,
  times: context.startTime !== '' && context.endTime !== '',
  failures: context.pollFailures,
}));

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as WheelshareContext;

/** The samples the spec takes as a phone: blank disables submit, '12345' is not a number, '0501234567' is. */
const phoneKind = (phone: string) => (phone === '' ? 'blank' : phone === '0501234567' ? 'valid' : 'invalid');

/** requirements.md §9: one or two failed polls are a blip; the third in a row means the connection is lost. */
const POLLS_BEFORE_LOST = 3;

const COMPOSING = { Editing: 'Composing' };
const WAITING = { Renting: { AwaitingCard: 'Waiting' } };
const CHECKING = { Renting: { AwaitingCard: 'Checking' } };

/** Back at the form, with no outcome of the last visit left on it. */
const backToForm = (effect?: (after: AnyMachineSnapshot) => void) =>
  to(COMPOSING, (after) => {
    expect(contextOf(after)).toMatchObject({ paymentUrl: undefined, failure: undefined, pollFailures: 0 });
    effect?.(after);
  });

const failsWith = (state: string, failure: object) =>
  to(state, (after) => expect(contextOf(after).failure).toMatchObject(failure));

/**
 * requirements.md §2/§4 for the wheelshare station: rent (set_purchase, the pay link as a QR code, polling until
 * the card is in) or return; every failure shows its reason and leads back to the form.
 */
const oracle: Oracle = {
  next: (before, event) => {
    const context = contextOf(before);
    const sample = event as WheelshareEvent | InternalEvent;
    const editing = before.matches('Editing');
    const field = (key: keyof WheelshareContext, value: unknown) =>
      stays((after) => expect(contextOf(after)[key]).toBe(editing ? value : context[key]));
    switch (sample.type) {
      case 'language.change':
        return stays((after) => expect(contextOf(after).language).toBe(sample.language));
      case 'choice.select':
        return field('choice', sample.choice);
      case 'option.select':
        return field('option', sample.option);
      case 'startTime.change':
        return field('startTime', sample.time);
      case 'endTime.change':
        return field('endTime', sample.time);
      case 'phone.change': {
        // A corrected (or cleared) number takes the error away.
        const fixed = before.matches({ Editing: 'ShowingPhoneError' }) && phoneKind(sample.phone) !== 'invalid';
        return fixed
          ? to(COMPOSING, (after) => expect(contextOf(after).phone).toBe(sample.phone))
          : field('phone', sample.phone);
      }
      case 'phone.blur':
        return phoneKind(context.phone) === 'invalid' ? to({ Editing: 'ShowingPhoneError' }) : stays();
      case 'form.submit': {
        const phone = phoneKind(context.phone);
        const timesSet = context.startTime !== '' && context.endTime !== '';
        if (phone === 'valid' && context.choice === 'rent')
          return timesSet ? to({ Renting: 'SettingPurchase' }) : stays();
        if (phone === 'valid') return to('Returning');
        return phone === 'invalid' ? to({ Editing: 'ShowingPhoneError' }) : stays();
      }
      case 'xstate.done.actor.setPurchase':
        return to({ Renting: 'RequestingPayment' });
      case 'xstate.error.actor.setPurchase':
      case 'xstate.error.actor.requestPayment':
        return failsWith('RentFailed', { kind: 'call-failed' });
      case 'xstate.done.actor.requestPayment': {
        const { status, message, paymentUrl } = sample.output as DeferredPayment;
        if (status !== 0) return failsWith('RentFailed', { kind: 'refused', message });
        return paymentUrl?.startsWith('https://')
          ? to(WAITING, (after) => expect(contextOf(after).paymentUrl).toBe(paymentUrl))
          : failsWith('RentFailed', { kind: 'unusable-link' });
      }
      case 'xstate.after.pollInterval.wheelshare.Renting.AwaitingCard.Waiting':
        return to(CHECKING);
      case 'xstate.done.actor.isWaitingForCard':
        return sample.output ? to(WAITING, (after) => expect(contextOf(after).pollFailures).toBe(0)) : to('AllDone');
      case 'xstate.error.actor.isWaitingForCard': {
        const failures = context.pollFailures + 1;
        return failures >= POLLS_BEFORE_LOST
          ? to({ Renting: 'PollingLost' })
          : to(WAITING, (after) => expect(contextOf(after).pollFailures).toBe(failures));
      }
      case 'polling.retry':
        return to(CHECKING, (after) => expect(contextOf(after).pollFailures).toBe(0));
      case 'rental.cancel':
        return backToForm();
      case 'form.edit':
        // The visitor's answers stay on the form.
        return backToForm((after) => expect(contextOf(after).phone).toBe(context.phone));
      case 'station.reset':
        return backToForm((after) =>
          expect(contextOf(after)).toMatchObject({ phone: '', choice: 'rent', option: 'hourly', now: sample.now }),
        );
      case 'return.retry':
        return to('Returning');
      case 'xstate.done.actor.returnRental': {
        const { status, message } = sample.output as OperatorAnswer;
        return status === 0 ? to('Returned') : failsWith('ReturnFailed', { kind: 'refused', message });
      }
      case 'xstate.error.actor.returnRental':
        // No rental session at this station for the phone: the app's own words, not an operator's message.
        return sample.error instanceof NoRentalHere
          ? failsWith('ReturnFailed', { kind: 'no-rental' })
          : failsWith('ReturnFailed', { kind: 'call-failed' });
      default:
        throw new Error(`the wheelshare oracle does not know ${sample.type}`);
    }
  },
  contract: (snapshot) => {
    expectTags(snapshot, {
      busy: [{ Renting: 'SettingPurchase' }, { Renting: 'RequestingPayment' }, 'Returning'],
    });
    const { failure, paymentUrl, pollFailures } = contextOf(snapshot);
    // Busy: no second call can start.
    if (snapshot.hasTag('busy'))
      expect(snapshot.can({ type: 'form.submit' }) || snapshot.can({ type: 'return.retry' })).toBe(false);
    if (snapshot.matches('RentFailed') || snapshot.matches('ReturnFailed'))
      expect(failure, 'the reason is shown').toBeDefined();
    if (snapshot.matches('Editing')) expect(failure, 'the form shows no old failure').toBeUndefined();
    if (snapshot.matches({ Renting: 'AwaitingCard' }))
      expect(paymentUrl, 'the QR code has a link').toMatch(/^https:\/\//);
    expect(pollFailures).toBeLessThan(POLLS_BEFORE_LOST);
  },
};

describeEdgePaths({
  oracle,
  machineId: 'wheelshare',
  machine,
  scenarios: [{ label: 'station', input: { machineId: '15', language: 'en', now: NOW }, events, serializeState }],
});

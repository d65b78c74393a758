import { ApiError } from '../../machines/shared/api-failure';
import { wheelshareMachine, type WheelshareContext } from '../../machines/wheelshare/wheelshare.machine';
import type {
  DeferredPayment,
  OperatorAnswer,
  SetPurchaseInput,
  StationCallInput,
} from '../../machines/wheelshare/wheelshare.types';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, type PathScenario } from './edge-coverage';

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
]);

/** Every field a guard reads; the phone and times by their kind, so the walk stays small. */
const serializeState: PathScenario['serializeState'] = (snapshot) => {
  const context = snapshot.context as WheelshareContext;
  return JSON.stringify({
    value: snapshot.value as unknown,
    choice: context.choice,
    phone: context.phone,
    times: context.startTime !== '' && context.endTime !== '',
    failures: context.pollFailures,
  });
};

describeEdgePaths({
  machineId: 'wheelshare',
  machine,
  scenarios: [{ label: 'station', input: { machineId: '15', language: 'en', now: NOW }, events, serializeState }],
});

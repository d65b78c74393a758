import { assign, fromPromise } from 'xstate';
import { setup } from '../shared/chart-setup';
import type { Language } from '../menu/menu.types';
import { ApiError } from '../shared/api-failure';
import { checkPhone, normalisePhone } from '../shared/phone';
import { isTimeOfDay } from '../shared/time-of-day';
import { isWebAddress } from '../shared/web-address';
import { defaultTimes, rentalPeriod, type RentalOption } from './rental-rules';
import {
  NoRentalHere,
  OPERATOR_OK,
  type DeferredPayment,
  type OperatorAnswer,
  type ReturnInput,
  type SetPurchaseInput,
  type StationCallInput,
  type StationChoice,
  type StationFailure,
  type WheelshareInput,
} from './wheelshare.types';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';

/** requirements.md §9: the station asks every second whether the visitor has paid. */
export const POLL_INTERVAL_MS = 1000;
/** This many failed polls in a row mean the connection is lost (one or two are a blip, tried again). */
export const MAX_POLL_FAILURES = 3;

export interface WheelshareContext {
  machineId: string;
  language: Language;
  /** The day the rental times fall on. */
  now: number;
  choice: StationChoice;
  phone: string;
  option: RentalOption;
  /** "HH:MM", as the time pickers give them. */
  startTime: string;
  endTime: string;
  /** The rental's session, once set_purchase answered it: the visitor's later calls carry it. */
  session: string | undefined;
  /** Where the visitor pays (shown as a QR code), once the pay call gave it. */
  paymentUrl: string | undefined;
  failure: StationFailure | undefined;
  /** Failed polls in a row, below MAX_POLL_FAILURES. */
  pollFailures: number;
}

export type WheelshareEvent =
  | { type: 'language.change'; language: Language }
  | { type: 'choice.select'; choice: StationChoice }
  | { type: 'phone.change'; phone: string }
  | { type: 'phone.blur' }
  | { type: 'option.select'; option: RentalOption }
  | { type: 'startTime.change'; time: string }
  | { type: 'endTime.change'; time: string }
  | { type: 'form.submit' }
  /** Back from a failure to the form, with what the visitor had typed. */
  | { type: 'form.edit' }
  /** Leaves the QR code (or the connection-lost message) for the form. */
  | { type: 'rental.cancel' }
  | { type: 'polling.retry' }
  | { type: 'return.retry' }
  /** The visit is over: a blank form for the next visitor, its times from `now`. */
  | { type: 'station.reset'; now: number };

function freshForm(now: number) {
  return {
    now,
    choice: 'rent' as const,
    phone: '',
    option: 'hourly' as const,
    ...defaultTimes(now),
  };
}

const phoneIsValid = (context: WheelshareContext) => checkPhone(context.phone) === 'valid';
const timesAreSet = (context: WheelshareContext) => isTimeOfDay(context.startTime) && isTimeOfDay(context.endTime);

function setPurchaseInput(context: WheelshareContext): SetPurchaseInput {
  const { start, end } = rentalPeriod(context.now, context.startTime, context.endTime);
  return {
    machineId: context.machineId,
    phone: normalisePhone(context.phone),
    rental: { rental_option: context.option, start_time: start.toISOString(), end_time: end.toISOString() },
  };
}

const stationCallInput = ({ context }: { context: WheelshareContext }): StationCallInput => ({
  machineId: context.machineId,
  phone: normalisePhone(context.phone),
  // Set before any of these calls: they follow set_purchase.
  session: context.session ?? '',
});

/** What a failed call threw (xstate leaves onError's event untyped). */
const callError = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * The wheelshare station (requirements.md §2, §4): the visitor rents (the station shows a QR code to pay on
 * their phone, then polls until the operator stops waiting for the card) or returns a wheelchair.
 */
export const wheelshareMachine = setup({
  types: {
    context: {} as WheelshareContext,
    events: {} as WheelshareEvent,
    input: {} as WheelshareInput,
    children: {} as {
      setPurchase: 'setPurchase';
      requestPayment: 'requestPayment';
      isWaitingForCard: 'isWaitingForCard';
      returnRental: 'returnRental';
    },
  },
  actors: {
    /** POST /api/merchants/wheelshare/set_purchase: answers the session_id. */
    setPurchase: fromPromise<string, SetPurchaseInput>(providedAtTheEdge('setPurchase')),
    /** POST /api/merchants/wheelshare/pay?payment_type=deferred: the link the visitor pays with. */
    requestPayment: fromPromise<DeferredPayment, StationCallInput>(providedAtTheEdge('requestPayment')),
    /** GET /api/merchants/wheelshare/is_waiting_for_creditcard */
    isWaitingForCard: fromPromise<boolean, StationCallInput>(providedAtTheEdge('isWaitingForCard')),
    /** POST /api/integration/wheelshare/return */
    returnRental: fromPromise<OperatorAnswer, ReturnInput>(providedAtTheEdge('returnRental')),
  },
  actions: {
    /** Switches the interface language and text direction. */
    applyLanguage: (_, _language: Language) => {},
    /** Keeps the visitor's choice in the language cookie. */
    rememberLanguage: (_, _language: Language) => {},
    chooseLanguage: assign({ language: (_, language: Language) => language }),
    clearOutcome: assign({ session: undefined, paymentUrl: undefined, failure: undefined, pollFailures: 0 }),
    keepSession: assign({ session: (_, session: string) => session }),
    resetForm: assign((_, now: number) => freshForm(now)),
    keepPaymentUrl: assign({ paymentUrl: (_, payment: DeferredPayment) => payment.paymentUrl }),
    refuse: assign({ failure: (_, message: string): StationFailure => ({ kind: 'refused', message }) }),
    refuseLink: assign({ failure: { kind: 'unusable-link' } satisfies StationFailure }),
    refuseUnknownRental: assign({ failure: { kind: 'no-rental' } satisfies StationFailure }),
    failCall: assign({
      failure: (_, error: unknown): StationFailure => ({
        kind: 'call-failed',
        failure: error instanceof ApiError ? error.failure : { kind: 'offline' },
      }),
    }),
    countPollFailure: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }),
    clearPollFailures: assign({ pollFailures: 0 }),
  },
  guards: {
    canRent: ({ context }) => context.choice === 'rent' && phoneIsValid(context) && timesAreSet(context),
    canReturn: ({ context }) => context.choice === 'return' && phoneIsValid(context),
    phoneInvalid: ({ context }) => checkPhone(context.phone) === 'invalid',
    /** The visitor has corrected the number (or cleared it): the error goes. */
    phoneAcceptable: (_, phone: string) => checkPhone(phone) !== 'invalid',
    refused: (_, answer: OperatorAnswer) => answer.status !== OPERATOR_OK,
    noRentalHere: (_, error: unknown) => error instanceof NoRentalHere,
    linkUsable: (_, payment: DeferredPayment) => isWebAddress(payment.paymentUrl),
    stillWaiting: (_, waiting: boolean) => waiting,
    connectionLost: ({ context }) => context.pollFailures + 1 >= MAX_POLL_FAILURES,
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'wheelshare',
  context: ({ input }) => ({
    ...freshForm(input.now),
    machineId: input.machineId,
    language: input.language,
    session: undefined,
    paymentUrl: undefined,
    failure: undefined,
    pollFailures: 0,
  }),
  on: {
    'language.change': {
      actions: [
        { type: 'chooseLanguage', params: ({ event }) => event.language },
        { type: 'applyLanguage', params: ({ event }) => event.language },
        { type: 'rememberLanguage', params: ({ event }) => event.language },
      ],
    },
  },
  initial: 'Editing',
  states: {
    Editing: {
      entry: 'clearOutcome',
      initial: 'Composing',
      on: {
        'choice.select': { actions: assign({ choice: ({ event }) => event.choice }) },
        'phone.change': { actions: assign({ phone: ({ event }) => event.phone }) },
        'option.select': { actions: assign({ option: ({ event }) => event.option }) },
        'startTime.change': { actions: assign({ startTime: ({ event }) => event.time }) },
        'endTime.change': { actions: assign({ endTime: ({ event }) => event.time }) },
        // A blank phone matches none: submit is disabled then (requirements.md §5).
        'form.submit': [
          { guard: 'canRent', target: 'Renting' },
          { guard: 'canReturn', target: 'Returning' },
          { guard: 'phoneInvalid', target: '.ShowingPhoneError' },
        ],
      },
      states: {
        Composing: {
          on: { 'phone.blur': { guard: 'phoneInvalid', target: 'ShowingPhoneError' } },
        },
        ShowingPhoneError: {
          on: {
            'phone.change': {
              guard: { type: 'phoneAcceptable', params: ({ event }) => event.phone },
              target: 'Composing',
              actions: assign({ phone: ({ event }) => event.phone }),
            },
          },
        },
      },
    },
    Renting: {
      initial: 'SettingPurchase',
      states: {
        SettingPurchase: {
          tags: ['busy'],
          invoke: {
            id: 'setPurchase',
            src: 'setPurchase',
            input: ({ context }) => setPurchaseInput(context),
            onDone: {
              target: 'RequestingPayment',
              actions: { type: 'keepSession', params: ({ event }) => event.output },
            },
            onError: {
              target: '#wheelshare.RentFailed',
              actions: { type: 'failCall', params: callError },
            },
          },
        },
        RequestingPayment: {
          tags: ['busy'],
          invoke: {
            id: 'requestPayment',
            src: 'requestPayment',
            input: stationCallInput,
            onDone: [
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: '#wheelshare.RentFailed',
                actions: { type: 'refuse', params: ({ event }) => event.output.message },
              },
              {
                guard: { type: 'linkUsable', params: ({ event }) => event.output },
                target: 'AwaitingCard',
                actions: { type: 'keepPaymentUrl', params: ({ event }) => event.output },
              },
              { target: '#wheelshare.RentFailed', actions: 'refuseLink' },
            ],
            onError: {
              target: '#wheelshare.RentFailed',
              actions: { type: 'failCall', params: callError },
            },
          },
        },
        /** The QR code is up; the station asks every second whether the card has gone through. */
        AwaitingCard: {
          initial: 'Waiting',
          on: { 'rental.cancel': '#wheelshare.Editing' },
          states: {
            Waiting: { after: { pollInterval: 'Checking' } },
            Checking: {
              invoke: {
                id: 'isWaitingForCard',
                src: 'isWaitingForCard',
                input: stationCallInput,
                onDone: [
                  {
                    guard: { type: 'stillWaiting', params: ({ event }) => event.output },
                    target: 'Waiting',
                    actions: 'clearPollFailures',
                  },
                  { target: '#wheelshare.AllDone' },
                ],
                // A blip is tried again on the next tick; several in a row end the spinner.
                onError: [
                  { guard: 'connectionLost', target: '#wheelshare.Renting.PollingLost' },
                  { target: 'Waiting', actions: 'countPollFailure' },
                ],
              },
            },
          },
        },
        PollingLost: {
          on: {
            'polling.retry': { target: 'AwaitingCard.Checking', actions: 'clearPollFailures' },
            'rental.cancel': '#wheelshare.Editing',
          },
        },
      },
    },
    /** Paid: take your wheelchair. */
    AllDone: {
      on: { 'station.reset': { target: 'Editing', actions: { type: 'resetForm', params: ({ event }) => event.now } } },
    },
    RentFailed: {
      on: { 'form.edit': 'Editing' },
    },
    Returning: {
      tags: ['busy'],
      invoke: {
        id: 'returnRental',
        src: 'returnRental',
        input: ({ context }) => ({ phone: normalisePhone(context.phone) }),
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'ReturnFailed',
            actions: { type: 'refuse', params: ({ event }) => event.output.message },
          },
          { target: 'Returned' },
        ],
        onError: [
          {
            guard: { type: 'noRentalHere', params: callError },
            target: 'ReturnFailed',
            actions: 'refuseUnknownRental',
          },
          { target: 'ReturnFailed', actions: { type: 'failCall', params: callError } },
        ],
      },
    },
    Returned: {
      on: { 'station.reset': { target: 'Editing', actions: { type: 'resetForm', params: ({ event }) => event.now } } },
    },
    /** requirements.md §8: the generic contact-support text with the message, a support call and a retry. */
    ReturnFailed: {
      on: { 'return.retry': 'Returning', 'form.edit': 'Editing' },
    },
  },
});

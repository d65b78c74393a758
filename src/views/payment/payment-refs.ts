import type { ActorRefFrom } from 'xstate';
import type { applePayMachine } from '../../../machines/payment/apple-pay.machine';
import type { bitMachine } from '../../../machines/payment/bit.machine';
import type { cardFieldsMachine } from '../../../machines/payment/card-fields.machine';
import type { cardScanMachine } from '../../../machines/payment/card-scan.machine';
import type { googlePayMachine } from '../../../machines/payment/google-pay.machine';
import type { hostedPageMachine } from '../../../machines/payment/hosted-page.machine';
import type { stripeMachine } from '../../../machines/payment/stripe.machine';

export type GooglePayRef = ActorRefFrom<typeof googlePayMachine>;
export type ApplePayRef = ActorRefFrom<typeof applePayMachine>;
export type CardFieldsRef = ActorRefFrom<typeof cardFieldsMachine>;
export type HostedPageRef = ActorRefFrom<typeof hostedPageMachine>;
export type StripeRef = ActorRefFrom<typeof stripeMachine>;
export type CardScanRef = ActorRefFrom<typeof cardScanMachine>;
export type BitRef = ActorRefFrom<typeof bitMachine>;

import type { ActorRefFrom } from 'xstate';
import type { applePayMachine } from '../../../machines/payment/methods/apple-pay/apple-pay.machine';
import type { bitMachine } from '../../../machines/payment/methods/bit/bit.machine';
import type { cardFieldsMachine } from '../../../machines/payment/methods/card-fields/card-fields.machine';
import type { cardScanMachine } from '../../../machines/payment/methods/card-scan/card-scan.machine';
import type { googlePayMachine } from '../../../machines/payment/methods/google-pay/google-pay.machine';
import type { hostedPageMachine } from '../../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { stripeMachine } from '../../../machines/payment/methods/stripe/stripe.machine';

export type GooglePayRef = ActorRefFrom<typeof googlePayMachine>;
export type ApplePayRef = ActorRefFrom<typeof applePayMachine>;
export type CardFieldsRef = ActorRefFrom<typeof cardFieldsMachine>;
export type HostedPageRef = ActorRefFrom<typeof hostedPageMachine>;
export type StripeRef = ActorRefFrom<typeof stripeMachine>;
export type CardScanRef = ActorRefFrom<typeof cardScanMachine>;
export type BitRef = ActorRefFrom<typeof bitMachine>;

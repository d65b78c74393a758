import { paymentMethod } from '../payment-method';
import { googlePayMachine } from './google-pay.machine';
import { isGooglePayConfigured } from './google-pay.request';

/** Google Pay: offered where the machine configures it as Google requires and Google says this browser can pay. */
export const googlePay = paymentMethod({
  method: 'google_pay',
  state: 'GooglePay',
  machine: googlePayMachine,
  input: (order) => ({ order }),
  offered: ({ config, googlePayReady }) => isGooglePayConfigured(config.google_pay) && googlePayReady === true,
  chosenWhen: { type: 'methodIs', params: 'google_pay' },
  explainsFirst: false,
  marks: ['google_pay'],
  endings: { succeeded: true, failed: true, abandoned: true },
  mayEndUnconfirmed: true,
});

import { paymentMethod } from '../payment-method';
import { applePayMachine } from './apple-pay.machine';
import { isApplePayConfigured } from './apple-pay.request';

/** Apple Pay: offered where the machine configures it and this device can pay with it (canMakePayments). */
export const applePay = paymentMethod({
  method: 'apple_pay',
  state: 'ApplePay',
  machine: applePayMachine,
  input: (order) => ({ order }),
  offered: ({ config, applePayAvailable }) => isApplePayConfigured(config.apple_pay) && applePayAvailable,
  chosenWhen: { type: 'methodIs', params: 'apple_pay' },
  explainsFirst: false,
  marks: ['apple_pay'],
  endings: { succeeded: true, failed: true, abandoned: true },
  mayEndUnconfirmed: true,
});

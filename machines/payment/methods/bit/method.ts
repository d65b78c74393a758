import { paymentMethod } from '../payment-method';
import { bitMachine } from './bit.machine';

/** Bit's published terms: a payment to a business is at least 5 NIS, and Bit pays in shekels only. */
export const BIT_MINIMUM_ILS = 5;

/** Bit: the browser leaves for Bit's page; the verdict comes back as `payment.returned` on a new page. */
export const bit = paymentMethod({
  method: 'bit',
  state: 'Bit',
  machine: bitMachine,
  input: (order) => ({ order }),
  offered: ({ config, currency, total }) =>
    config.bit?.enabled === true && currency === 'ILS' && total >= BIT_MINIMUM_ILS,
  chosenWhen: { type: 'methodIs', params: 'bit' },
  explainsFirst: true,
  marks: ['bit'],
  // Its verdict never comes back through its chart.
  endings: { failed: true, abandoned: true },
  // Its return gives no verdict to wait for: the page that comes back asks the operator.
  mayEndUnconfirmed: false,
});

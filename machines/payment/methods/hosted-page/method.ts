import { paymentMethod } from '../payment-method';
import { hostedPageMachine } from './hosted-page.machine';

/** Card entry on Yaad Sarig's (Hyp's) hosted payment page: the machine's card entry when its provider is Yaad Sarig. */
export const hostedPage = paymentMethod({
  method: 'credit_card',
  state: 'HostedPage',
  machine: hostedPageMachine,
  input: (order, { hostedPage: settings }) => ({ order, ...settings }),
  offered: ({ config }) => config.credit_card?.enabled === true && config.credit_card.type === 'YAAD_SARIG',
  chosenWhen: { type: 'cardEntryWith', params: 'YAAD_SARIG' },
  explainsFirst: true,
  marks: 'cardNetworks',
  endings: { succeeded: true, failed: true, abandoned: true },
  mayEndUnconfirmed: true,
});

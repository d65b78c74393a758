import { paymentMethod } from '../payment-method';
import { cardFieldsMachine } from './card-fields.machine';

/** Card entry in Tranzila's hosted fields: the machine's card entry when its provider is Tranzila. */
export const cardFields = paymentMethod({
  method: 'credit_card',
  state: 'CardFields',
  machine: cardFieldsMachine,
  input: (order, { menu }) => ({ order, terminal: menu.frontend_config.credit_card?.terminal ?? '' }),
  offered: ({ config }) => config.credit_card?.enabled === true && config.credit_card.type === 'TRANZILA',
  chosenWhen: { type: 'cardEntryWith', params: 'TRANZILA' },
  explainsFirst: true,
  marks: 'cardNetworks',
  endings: { succeeded: true, failed: true, abandoned: true },
  mayEndUnconfirmed: true,
});

import { paymentMethod } from '../payment-method';
import { cardScanMachine } from './card-scan.machine';

/**
 * Card scan: offered beside the machine's card entry (Tranzila or Yaad Sarig), and withdrawn while the build names no
 * scanner (its provider is not chosen yet).
 */
export const cardScan = paymentMethod({
  method: 'card_scan',
  state: 'CardScan',
  machine: cardScanMachine,
  input: (order, { cardScanOrigin }) => ({ order, scannerOrigin: cardScanOrigin ?? '' }),
  offered: ({ config, cardScanOrigin }) =>
    config.credit_card?.enabled === true && config.credit_card.type !== 'STRIP' && cardScanOrigin !== undefined,
  chosenWhen: { type: 'methodIs', params: 'card_scan' },
  explainsFirst: true,
  marks: 'cardNetworks',
  // requirements.md §4: only card scan's step can be cancelled.
  endings: { failed: true, cancelled: true, abandoned: true },
  // Its frame's word is no verdict: the scanner told the operator.
  mayEndUnconfirmed: true,
});

import type {
  CardProcessorError,
  HandshakeChargeInput,
} from '../../../machines/payment/methods/card-fields/card-fields.machine';
import { PROVIDER_URLS } from '../../config';
import { loadScript, whenElementExists } from '../load-script';

/** Where the view renders each hosted field (the processor puts its own frame inside). */
export const FIELD_CONTAINERS = {
  credit_card_number: 'tranzila-card-number',
  expiry: 'tranzila-expiry',
  cvv: 'tranzila-cvv',
} as const;

interface HostedFields {
  charge(params: object, callback: (error: unknown, response: unknown) => void): void;
}

interface TranzilaGlobal {
  TzlaHostedFields?: { create(options: object): HostedFields };
}

let fields: HostedFields | undefined;

/** The processor's refusal, with its per-field messages (requirements.md §3 "Card processor error"). */
class ChargeRefused extends Error implements CardProcessorError {
  readonly messages: CardProcessorError['messages'];
  constructor(error: unknown) {
    super('the card processor refused the charge');
    this.messages = (error as CardProcessorError | undefined)?.messages ?? [];
  }
}

/** Loads the processor's script and puts its card number, expiry and CVV fields into the form. */
export async function mountCardFields(): Promise<void> {
  await loadScript(PROVIDER_URLS.tranzilaSdk);
  await Promise.all(Object.values(FIELD_CONTAINERS).map((id) => whenElementExists(`#${id}`)));
  const api = (window as TranzilaGlobal).TzlaHostedFields;
  if (!api) throw new Error('the hosted-fields script did not define TzlaHostedFields');
  const field = (id: string, placeholder: string) => ({ selector: `#${id}`, tabindex: 0, placeholder });
  fields = api.create({
    sandbox: import.meta.env.MODE === 'sandbox',
    // Format examples in digits, read alike in every language (the visible labels name the fields).
    fields: {
      credit_card_number: field(FIELD_CONTAINERS.credit_card_number, '1234 1234 1234 1234'),
      expiry: field(FIELD_CONTAINERS.expiry, '•• / ••'),
      cvv: field(FIELD_CONTAINERS.cvv, '•••'),
    },
    // One edge per field, the app's (.hosted-field), which also shows the focus: none inside the frame.
    styles: { input: { border: '0', outline: 'none', 'font-size': '16px' } },
  });
}

/**
 * Charges the card in the hosted fields against the operator's handshake (thtk); resolves with the
 * processor's response (a decline included), rejects with its {messages: [{param, message}]}.
 */
export function chargeCard({ order, terminal, thtk }: HandshakeChargeInput, language: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (!fields) {
      reject(new Error('the card fields are not mounted'));
      return;
    }
    fields.charge(
      {
        terminal_name: terminal,
        thtk,
        amount: order.total.toFixed(2),
        currency_code: order.currency,
        response_language: language === 'he' ? 'hebrew' : 'english',
      },
      (error, response) => (error ? reject(new ChargeRefused(error)) : resolve(response)),
    );
  });
}

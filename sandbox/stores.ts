import type { OrderTotals, PricedLine } from '../machines/shared/pricing';

/** What POST /api/menu/set_purchase recorded; payment routes look it up by its session_id. */
export interface Purchase {
  session_id: string;
  machine_id: string;
  /** The visitor's session uuid that came with the set_purchase call, if any. */
  session_uuid: string | undefined;
  currency: string;
  lines: PricedLine[];
  totals: OrderTotals;
  created_at: string;
  /** The Stripe payment intents POST /payment/pre/stripe made for this purchase, oldest first. */
  payment_intents: PaymentIntent[];
  /**
   * The app's origin that asked for the purchase's hosted payment page (GET /payment/pay/pay_ajax): where
   * the operator's return page (the Hyp terminal's) sends the payer on to. Recorded from the calling page,
   * never from a parameter of the return.
   */
  hosted_page_app_origin?: string | undefined;
  /** The Tranzila handshakes made for this purchase (standins/tranzila.ts), oldest first: each allows one charge. */
  tranzila_handshakes: TranzilaHandshake[];
}

export interface TranzilaHandshake {
  thtk: string;
  /** The terminal (Tranzila's supplier) it is for. */
  supplier: string;
  /** The sum it allows, in major units. */
  sum: number;
  /** Epoch milliseconds after which Tranzila refuses it. */
  expires_at: number;
  /** A charge spent it: it allows no other. */
  used: boolean;
}

export interface PaymentIntent {
  id: string;
  client_secret: string;
  /** Minor units, as Stripe counts them. */
  amount: number;
  /** Lowercase, as Stripe writes it. */
  currency: string;
  /**
   * `processing` once a confirmation left it so (Stripe still settles it: the payment is not known yet);
   * `succeeded` once a confirmation charged it: Stripe confirms a succeeded intent no more;
   * `canceled` once the operator cancelled it (a newer attempt superseded it): Stripe confirms it no more.
   */
  status?: 'processing' | 'succeeded' | 'canceled' | undefined;
}

/** Purchases by session_id. */
export type PurchaseStore = Map<string, Purchase>;

/** Each way the sandbox can take money. */
export type ChargeMethod = 'google_pay' | 'apple_pay' | 'tranzila' | 'yaad_sarig' | 'stripe' | 'bit' | 'card_scan';

export interface Charge {
  id: string;
  machine_id: string;
  /** The merchant's order the provider was given (set_purchase's session_id): every provider keeps one. */
  session_id: string;
  method: ChargeMethod;
  /** The provider's attempt it was made on: a handshake's thtk, a page's token, an intent, a Bit request. */
  reference: string;
  amount: number;
  currency: string;
  status: 'approved' | 'declined';
  /** The provider's words for a declined transaction, as its query answers them (Tranzila's and Hyp's response text, Stripe's decline message). */
  decline_message?: string | undefined;
  created_at: string;
  /** When the merchant refunded it (an approved charge only). */
  refunded_at?: string | undefined;
}

export type NewCharge = Omit<Charge, 'id' | 'created_at' | 'refunded_at'>;

/**
 * The providers' ledger: every transaction a provider stand-in charged or declined, as each provider
 * keeps its own. The operator reads it only as a provider's query API answers (a transaction by its id,
 * or the transactions of its order), never as its own records.
 */
export interface ChargeStore {
  /** Records a transaction under the provider's own id, or a number of the ledger's. */
  recordCharge(charge: NewCharge, id?: string): Charge;
  /** A transaction by its id, as the provider's query answers it. */
  find(id: string): Charge | undefined;
  /** The transactions of the merchant's order (the purchase), as the providers' searches answer them. */
  ofOrder(sessionId: string): readonly Charge[];
  /** Refunds an approved transaction at its provider (once; a second refund changes nothing). */
  refund(id: string): void;
  list(): readonly Charge[];
  clear(): void;
}

export function createChargeStore(now: () => Date = () => new Date()): ChargeStore {
  const charges: Charge[] = [];
  return {
    recordCharge(charge, id) {
      // Numbered rather than random, so transaction numbers on screenshots are the same every run.
      const recorded = {
        ...charge,
        id: id ?? `SBX-${String(charges.length + 1).padStart(6, '0')}`,
        created_at: now().toISOString(),
      };
      charges.push(recorded);
      return recorded;
    },
    find: (id) => charges.find((charge) => charge.id === id),
    ofOrder: (sessionId) => charges.filter((charge) => charge.session_id === sessionId),
    refund(id) {
      const charge = charges.find((each) => each.id === id);
      if (charge?.status === 'approved') charge.refunded_at ??= now().toISOString();
    },
    list: () => [...charges],
    clear: () => {
      charges.length = 0;
    },
  };
}

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
  /** The Stripe payment intent POST /payment/pre/stripe made for this purchase. */
  payment_intent?: PaymentIntent | undefined;
  /**
   * The app's origin that asked for the purchase's hosted payment page (GET /payment/pay/pay_ajax): where
   * the operator's return page (the Hyp terminal's) sends the payer on to. Recorded from the calling page,
   * never from a parameter of the return.
   */
  hosted_page_app_origin?: string | undefined;
  /** The Tranzila handshake the operator made for this purchase (standins/tranzila.ts); a new one replaces it. */
  tranzila_handshake?: TranzilaHandshake | undefined;
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
  /** Set once a confirmation left it `processing`: Stripe still settles it, so the payment is not known yet. */
  status?: 'processing' | undefined;
}

/** Purchases by session_id. */
export type PurchaseStore = Map<string, Purchase>;

/** Each way the sandbox can take money. */
export type ChargeMethod = 'google_pay' | 'apple_pay' | 'tranzila' | 'yaad_sarig' | 'stripe' | 'bit' | 'card_scan';

export interface Charge {
  id: string;
  machine_id: string;
  session_id: string;
  method: ChargeMethod;
  amount: number;
  currency: string;
  status: 'approved' | 'declined';
  created_at: string;
}

export type NewCharge = Omit<Charge, 'id' | 'created_at'>;

/** Every charge attempt; tests count them to prove a payment is never sent twice. */
export interface ChargeStore {
  recordCharge(charge: NewCharge): Charge;
  /** The approved charge of a purchase, if it is paid. */
  paidCharge(sessionId: string): Charge | undefined;
  list(): readonly Charge[];
  clear(): void;
}

export function createChargeStore(now: () => Date = () => new Date()): ChargeStore {
  const charges: Charge[] = [];
  return {
    recordCharge(charge) {
      // Numbered rather than random, so transaction numbers on screenshots are the same every run.
      const recorded = {
        ...charge,
        id: `SBX-${String(charges.length + 1).padStart(6, '0')}`,
        created_at: now().toISOString(),
      };
      charges.push(recorded);
      return recorded;
    },
    paidCharge: (sessionId) =>
      charges.find((charge) => charge.session_id === sessionId && charge.status === 'approved'),
    list: () => [...charges],
    clear: () => {
      charges.length = 0;
    },
  };
}

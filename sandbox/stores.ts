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
  /** What the machine delivers once it is paid (set_purchase's machines); a payment link has nothing to deliver. */
  delivery?: DeliveryPlan | undefined;
}

/** An item to deliver or delivered: a product of the purchase and how many of it. */
export interface ItemCount {
  productId: string;
  count: number;
}

/**
 * What the machine delivers once the purchase is paid: a vend (a vending machine) or a start (the hourly
 * vacuum), and the items ordered.
 */
export interface DeliveryPlan {
  kind: 'vend' | 'start';
  ordered: ItemCount[];
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
  /**
   * What a charge on it asks of the card: `manual`, a J5 (Tranzila's txn_type verify with verify_mode 5,
   * captured later with force); `automatic`, a sale (debit).
   */
  capture_method: CaptureMethod;
}

export interface PaymentIntent {
  id: string;
  client_secret: string;
  /** Minor units, as Stripe counts them. */
  amount: number;
  /** Lowercase, as Stripe writes it. */
  currency: string;
  /** Stripe's `capture_method`: `manual` authorizes the card on confirmation and captures later (a hold). */
  capture_method: CaptureMethod;
  /**
   * `processing` once a confirmation left it so (Stripe still settles it: the payment is not known yet);
   * `succeeded` once a confirmation charged it, `requires_capture` once it authorized a manual-capture
   * intent (the funds held for the merchant): Stripe confirms either no more;
   * `canceled` once the operator cancelled it (a newer attempt superseded it): Stripe confirms it no more.
   */
  status?: 'processing' | 'succeeded' | 'requires_capture' | 'canceled' | undefined;
}

/** Purchases by session_id. */
export type PurchaseStore = Map<string, Purchase>;

/**
 * How a provider takes an approved payment: `automatic`, a sale (the money taken when approved);
 * `manual`, an authorization (a hold on the payer's funds) that the merchant captures or releases later.
 */
export type CaptureMethod = 'automatic' | 'manual';

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
  /**
   * `automatic`: a sale, the money taken when approved. `manual`: an authorization (a hold on the payer's
   * funds, Stripe's `capture_method=manual`, an Israeli J5): nothing is taken until the merchant captures
   * it, and releasing it takes nothing.
   */
  capture_method: CaptureMethod;
  /** A hold's captured sum (at most its amount; the rest was released), once captured. */
  captured_amount?: number | undefined;
  /** When the merchant released a hold it had not captured (a void): nothing was taken. */
  released_at?: string | undefined;
  /** The merchant's refunds of what was taken, oldest first. */
  refunds: Refund[];
}

/** A return of money the merchant started at the provider: pending until the provider settles it. */
export interface Refund {
  /** The provider's reference for the refund (Stripe's re_…, Hyp's new Id, Bit's refund), which the payer can quote. */
  id: string;
  amount: number;
  status: 'pending' | 'succeeded';
  created_at: string;
}

export type NewCharge = Omit<Charge, 'id' | 'created_at' | 'capture_method' | 'refunds'> &
  Partial<Pick<Charge, 'capture_method'>>;

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
  /** Captures an approved hold not yet captured or released: `amount` at most its amount, the rest released. */
  capture(id: string, amount: number): Charge | undefined;
  /** Releases an approved hold not yet captured (a void): nothing is taken. */
  release(id: string): Charge | undefined;
  /**
   * Refunds what was taken (a sale, or a captured hold): `amount` by default all of it that is not refunded
   * yet. Answers the refund, pending until the provider settles it; none when nothing is left to refund.
   */
  refund(id: string, amount?: number): Refund | undefined;
  list(): readonly Charge[];
  clear(): void;
}

/** What a charge took: a sale's amount, a captured hold's captured sum, nothing of a hold not captured. */
export const takenBy = (charge: Charge): number =>
  charge.status !== 'approved'
    ? 0
    : charge.capture_method === 'automatic'
      ? charge.amount
      : (charge.captured_amount ?? 0);

/** A hold the merchant may still capture or release. */
const isOpenHold = (charge: Charge | undefined): charge is Charge =>
  charge?.status === 'approved' &&
  charge.capture_method === 'manual' &&
  charge.captured_amount === undefined &&
  charge.released_at === undefined;

/** Sums of money in major units, to the cent, without binary fractions piling up. */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * refundSettleMs: how long the simulated provider takes to settle a refund it accepted (pending until then).
 */
export function createChargeStore(now: () => Date = () => new Date(), refundSettleMs = 4000): ChargeStore {
  const charges: Charge[] = [];
  /** Refunds settle as time passes; the provider's query answers what they are now. */
  const settled = (charge: Charge) => {
    for (const refund of charge.refunds)
      if (now().getTime() - Date.parse(refund.created_at) >= refundSettleMs) refund.status = 'succeeded';
    return charge;
  };
  const find = (id: string) => {
    const charge = charges.find((each) => each.id === id);
    return charge && settled(charge);
  };
  return {
    recordCharge({ capture_method = 'automatic', ...charge }, id) {
      // Numbered rather than random, so transaction numbers on screenshots are the same every run.
      const recorded = {
        ...charge,
        capture_method,
        refunds: [],
        id: id ?? `SBX-${String(charges.length + 1).padStart(6, '0')}`,
        created_at: now().toISOString(),
      };
      charges.push(recorded);
      return recorded;
    },
    find,
    ofOrder: (sessionId) => charges.filter((charge) => charge.session_id === sessionId).map(settled),
    capture(id, amount) {
      const charge = find(id);
      // Written so that a sum that is no number (NaN) is refused too.
      if (!isOpenHold(charge) || !(cents(amount) > 0 && cents(amount) <= cents(charge.amount))) return undefined;
      charge.captured_amount = cents(amount) / 100;
      return charge;
    },
    release(id) {
      const charge = find(id);
      if (!isOpenHold(charge)) return undefined;
      charge.released_at = now().toISOString();
      return charge;
    },
    refund(id, amount) {
      const charge = find(id);
      if (!charge) return undefined;
      const left = cents(takenBy(charge)) - charge.refunds.reduce((sum, each) => sum + cents(each.amount), 0);
      const asked = amount === undefined ? left : cents(amount);
      if (!(asked > 0 && asked <= left)) return undefined;
      const refund: Refund = {
        id: `RF-${charge.id}-${charge.refunds.length + 1}`,
        amount: asked / 100,
        status: 'pending',
        created_at: now().toISOString(),
      };
      charge.refunds.push(refund);
      return refund;
    },
    list: () => charges.map(settled),
    clear: () => {
      charges.length = 0;
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { orderTotals, type PricedLine } from '../../machines/shared/pricing';
import type { Catalogue, CatalogueMachine } from '../catalogue';
import type { Cashier } from '../cashier';
import type { MemberStore } from '../members';
import type { LinkBookings } from '../link-bookings';
import type { RentalStore } from '../rentals';
import type { PaymentRecords } from '../payment-records';
import type { BitProcessor, CardScanner } from '../standins/processors';
import type { NotifyOperator } from '../standins/notify';
import type { PurchaseLives } from '../operator/purchase-lives';
import type { ChargeStore, Purchase, PurchaseStore } from '../stores';
import type { HypTerminal } from '../standins/hyp-terminal';
import type { MachineControllers, MachineFault } from '../standins/machine-controller';
import type { VisitorSessions } from '../visitor-sessions';

/** What every /v4/api handler can read with c.get(). */
export interface SandboxEnv {
  Variables: {
    /** requirements.md §7: the app sends its session uuid on every call, in a header and in the query. */
    sessionUuid: string | undefined;
  };
}

/** What the route modules share. */
export interface SandboxState {
  catalogue: Catalogue;
  /** The session uuids the menu handed out (visitor-sessions.ts). */
  visitors: VisitorSessions;
  purchases: PurchaseStore;
  /** The providers' ledger: every attempt a provider stand-in charged or declined. */
  charges: ChargeStore;
  cashier: Cashier;
  /** The operator's own records of outcomes: notified, found by asking a provider, or of its own calls. */
  payments: PaymentRecords;
  /** The operator's chart of each purchase's life (sandbox/operator/): every route asks it. */
  lives: PurchaseLives;
  /** How a provider stand-in sends its server-to-server notification to the operator's /v4/api/notify/*. */
  notifyOperator: NotifyOperator;
  /** The members of each machine's loyalty promotion (api/promotion.ts). */
  members: MemberStore;
  /** Wheelshare rentals by phone (api/wheelshare.ts). */
  rentals: RentalStore;
  /** The purchase each signed payment link booked, until the link expires (link-bookings.ts). */
  links: LinkBookings;
  /** The Bit processor's transactions (standins/bit.ts), which its notifications share with the operator. */
  bit: BitProcessor;
  /** The card scanner's scans (standins/card-scan.ts), which its notifications share with the operator. */
  cardScanner: CardScanner;
  /** The merchant's Hyp terminal (standins/hyp-terminal.ts): its one return page and the page addresses it issued. */
  hyp: HypTerminal;
  /** The machines' controllers (standins/machine-controller.ts): woken before a booking, told to deliver once paid. */
  machines: MachineControllers;
  /** How long the operator waits for a woken machine (operator/delivery.ts). */
  machineAnswerLimitMs: number;
  /** The machine fault armed for the next purchase on a machine (faults.ts). */
  takeMachineFault: (machineId: string) => MachineFault | undefined;
  /** Where the providers' stand-ins are served: another origin than the app's. */
  providersOrigin: string;
  /** The app's origins: the merchant's sites, as the providers know them. */
  appOrigins: string[];
  /** Whether the operator's API is served on an origin of its own rather than on the app's. */
  apiOnItsOwnOrigin: boolean;
}

/** Ends the request with `{"message": message}` (the app's client reads that field). */
export function fail(status: ContentfulStatusCode, message: string): never {
  throw new HTTPException(status, { message });
}

/** The request body as JSON; 400 when it is not JSON. */
export async function jsonBody(c: Context): Promise<unknown> {
  return c.req.json().catch(() => fail(400, 'the body is not JSON'));
}

/** The value as the schema reads it; 400 naming the first field that is wrong. */
export function parseOrFail<Schema extends v.GenericSchema>(schema: Schema, value: unknown): v.InferOutput<Schema> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const path = v.getDotPath(issue);
  return fail(400, path ? `${path}: ${issue.message}` : issue.message);
}

/** The machine named by the machine_id query parameter; 400 without one, 404 for an unknown id. */
export function requestedMachine(c: Context, catalogue: Catalogue): CatalogueMachine {
  const id = c.req.query('machine_id');
  if (!id) fail(400, 'machine_id is required');
  return catalogue.get(id) ?? fail(404, 'machine not found');
}

/** The session uuid the call carries; 400 without one (the contract's calls that require it). */
export function requiredSession(sessionId: string | null | undefined): string {
  return sessionId || fail(400, 'the session uuid is required');
}

/** The purchase set_purchase recorded under this session_id; 400 for a missing or unknown one. */
export function purchaseOf(purchases: PurchaseStore, sessionId: string | null | undefined): Purchase {
  requiredSession(sessionId);
  return purchases.get(sessionId ?? '') ?? fail(400, 'unknown session: call set_purchase first');
}

/**
 * The session uuid the call carries if the operator recognises it (one its menu handed out, or a purchase's
 * session id); an unknown one counts as none, as on a call that carries no session (the contract's
 * "answer without it").
 */
export function recognisedSession(
  c: Context<SandboxEnv>,
  { visitors, purchases }: Pick<SandboxState, 'visitors' | 'purchases'>,
): string | undefined {
  const session = c.get('sessionUuid');
  return session && (visitors.knows(session) || purchases.has(session)) ? session : undefined;
}

/**
 * Records a purchase of these lines under a new session_id, the visitor's recognised session uuid with it.
 * 400 below the machine's `minimum_amount`: a few cents' purchase is what card testing books.
 */
export function recordPurchase(
  c: Context<SandboxEnv>,
  state: Pick<SandboxState, 'catalogue' | 'visitors' | 'purchases'>,
  { machineId, currency, lines }: { machineId: string; currency: string; lines: PricedLine[] },
): Purchase {
  const totals = orderTotals(lines);
  const minimum = state.catalogue.get(machineId)?.menu.minimum_amount ?? 0;
  if (totals.total < minimum) fail(400, `the total ${totals.total} is below this machine's minimum amount ${minimum}`);
  const purchase: Purchase = {
    session_id: randomUUID(),
    machine_id: machineId,
    session_uuid: recognisedSession(c, state),
    currency,
    lines,
    totals,
    created_at: new Date().toISOString(),
    payment_intents: [],
    tranzila_handshakes: [],
  };
  state.purchases.set(purchase.session_id, purchase);
  return purchase;
}

/**
 * What set_purchase and book_link answer: the purchase's id and the operator's own pricing of it, line by
 * line, which the app shows and every wallet sheet asks for (the amount shown is the amount charged).
 */
export function bookedPurchaseAnswer(purchase: Purchase) {
  return {
    session_id: purchase.session_id,
    currency: purchase.currency,
    lines: purchase.lines.map((line) => ({
      product_id: line.product.id,
      name: line.product.name,
      count: line.count,
      unit_price: line.unitPrice,
      unit_fee: line.unitFee,
      line_total: line.lineTotal,
    })),
    ...purchase.totals,
  };
}

/** The first purchase that matches; 404 naming `what` otherwise. */
export function purchaseWhere(purchases: PurchaseStore, what: string, matches: (purchase: Purchase) => boolean) {
  return [...purchases.values()].find(matches) ?? fail(404, `unknown ${what}`);
}

/** A payment call's purchase: the session uuid's, on the machine machine_id names. */
export function requestedPurchase(c: Context<SandboxEnv>, state: SandboxState) {
  const machine = requestedMachine(c, state.catalogue);
  const purchase = purchaseOf(state.purchases, c.get('sessionUuid'));
  if (purchase.machine_id !== machine.id) fail(400, `this session's purchase is for machine ${purchase.machine_id}`);
  return { machine, purchase };
}

/** An amount in major units (a number or a numeric string, at most 2 decimals) equal to `sum`. */
export function isAmountOf(sum: number, amount: unknown): boolean {
  const text = typeof amount === 'number' ? String(amount) : amount;
  return typeof text === 'string' && /^\d+(\.\d{1,2})?$/.test(text) && Number(text) === sum;
}

/** An amount equal to the purchase total (see isAmountOf). */
export const isTotalOf = (purchase: Purchase, amount: unknown): boolean => isAmountOf(purchase.totals.total, amount);

/** 400 unless the amount is the purchase total (see isTotalOf). */
export function requireTotal(purchase: Purchase, amount: unknown): void {
  if (!isTotalOf(purchase, amount)) fail(400, `amount must be the purchase total ${purchase.totals.total}`);
}

/** The purchase total as payment pages show it: "₪5.00". */
export function totalText(catalogue: Catalogue, purchase: Purchase): string {
  const symbol = catalogue.get(purchase.machine_id)?.menu.currency_symbol ?? '';
  return `${symbol}${purchase.totals.total.toFixed(2)}`;
}

/** Who the stand-in payment pages and sheets say is being paid. */
export const MERCHANT_NAME = 'Sandbox Vending';

/** This server's origin as the browser sees it (the Host the request came to). */
export const ownOrigin = (c: Context) => new URL(c.req.url).origin;

/**
 * The app's origin, where an answer sends the visitor to the app's pages, as the operator's backend knows
 * the merchant's site: the calling page's (Origin) when it is one of the app's; else this server's, unless
 * the API has an origin of its own, where the visitor has no page: then the app's first.
 */
export function appOriginOf(c: Context, state: Pick<SandboxState, 'appOrigins' | 'apiOnItsOwnOrigin'>): string {
  const origin = c.req.header('origin');
  if (origin && state.appOrigins.includes(origin)) return origin;
  return (state.apiOnItsOwnOrigin && state.appOrigins[0]) || ownOrigin(c);
}

/** A return address or a reporting target the providers accept: on one of the merchant's (the app's) origins. */
export function merchantAddress(state: Pick<SandboxState, 'appOrigins'>, address: string | undefined): URL {
  const url = URL.parse(address ?? '');
  if (!url || !state.appOrigins.includes(url.origin))
    fail(400, `not one of the merchant's sites (${state.appOrigins.join(', ')}): ${address ?? 'none given'}`);
  return url;
}

import { Hono, type Context } from 'hono';
import { currencyCode } from '../../machines/shared/currency';
import { checkLinkAmount } from '../../machines/custom-payment/payment-link';
import { priceLine } from '../../machines/shared/pricing';
import { checkPhone } from '../../machines/shared/phone';
import * as v from 'valibot';
import type { CatalogueMachine } from '../catalogue';
import { isSignedLink, signLink } from '../payment-links';
import type { Rental } from '../rentals';
import type { Purchase } from '../stores';
import {
  appOriginOf,
  bookedPurchaseAnswer,
  fail,
  jsonBody,
  parseOrFail,
  purchaseOf,
  recordPurchase,
  requestedMachine,
  type SandboxEnv,
  type SandboxState,
} from './shared';

/** What a payment link is for when the query names nothing. */
const DEFAULT_INFO = 'Payment';

/**
 * The query of /customPaymentIframe (requirements.md §2), in the order the link writes it; unset values are left out.
 */
type LinkQuery = Record<string, string | undefined>;

/** The payment page's address, signed by the operator, so that the page can book it again (book_link). */
function paymentPageUrl(c: Context, state: SandboxState, machine: CatalogueMachine, query: LinkQuery): string {
  const url = new URL('/customPaymentIframe', appOriginOf(c, state));
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  url.search = signLink(machine.paymentLinkKey, params).toString();
  return url.href;
}

/** 403 unless the merchant signed these link parameters (sandbox/payment-links.ts). */
function requireSignedLink(machine: CatalogueMachine, params: URLSearchParams): void {
  if (!isSignedLink(machine.paymentLinkKey, params))
    fail(403, 'the payment link is not signed by the merchant (its signature is missing or does not match)');
}

/**
 * A wheelshare rental whose station is waiting for the visitor's card, with its purchase; machine_id,
 * if given, must be its station.
 */
function rentalAwaitingCard(
  state: SandboxState,
  phone: string | undefined,
  machineId: string | undefined,
): { rental: Rental; purchase: Purchase } | undefined {
  const rental = phone ? state.rentals.byPhone(phone) : undefined;
  if (rental?.status !== 'awaiting_card' || (machineId && machineId !== rental.machine_id)) return undefined;
  const purchase = state.purchases.get(rental.session_id);
  return purchase ? { rental, purchase } : undefined;
}

/** Books a payment link's amount on the machine's first product: one item, no fee. */
function bookLink(
  state: SandboxState,
  c: Context<SandboxEnv>,
  machine: CatalogueMachine,
  amount: number,
  currency: string,
) {
  const [product] = machine.menu.products;
  if (!product) fail(400, `machine ${machine.id} has no product to book the payment on`);
  const lines = [priceLine({ ...product, convenience_fee_value: 0 }, 1, amount)];
  return recordPurchase(c, state.purchases, { machineId: machine.id, currency, lines }).session_id;
}

/** A link's values, as checked before anything is booked; `names` says which parameter holds each. */
interface LinkValues {
  amount: number;
  currency: string;
  phone: string | undefined;
  deferred: 'true' | 'false';
}

/** The link's amount, currency, phone and deferred flag; 400 naming the first that is wrong. */
function linkValues(
  machine: CatalogueMachine,
  read: (name: string) => string | undefined,
  names: { amount: string; phone: string; deferred: string },
): LinkValues {
  const optional = (name: string) => read(name)?.trim() || undefined;
  const amount = checkLinkAmount(read(names.amount));
  if (!amount.ok)
    fail(400, `${names.amount}: must be above 0 with at most 2 decimals and 10 digits (${amount.problem})`);
  const currencyText = optional('currency');
  const currency = currencyText === undefined ? machine.menu.currency : currencyCode(currencyText);
  if (currency === undefined) fail(400, 'currency: must be a 3-letter ISO 4217 code');
  const phone = optional(names.phone);
  if (phone !== undefined && checkPhone(phone) !== 'valid') fail(400, `${names.phone}: not a plausible phone number`);
  const deferred = optional(names.deferred) ?? 'false';
  if (deferred !== 'true' && deferred !== 'false') fail(400, `${names.deferred}: must be true or false`);
  return { amount: amount.value, currency, phone, deferred };
}

/** The machine a link is for, which must take payments now. */
function activeMachine(c: Context, state: SandboxState): CatalogueMachine {
  const machine = requestedMachine(c, state.catalogue);
  if (!machine.menu.is_active) fail(409, 'machine not active');
  return machine;
}

/** The session uuid every call adds to its query (requirements.md §7) is the client's, not part of the signed link. */
function linkParams(c: Context): URLSearchParams {
  const params = new URL(c.req.url).searchParams;
  params.delete('session_uuid');
  return params;
}

const bookSchema = v.object({ query: v.pipe(v.string(), v.nonEmpty()) });

/**
 * GET /api/merchants/custom/get_iframe (requirements.md §7), mounted at /v4/api/merchants/custom: the payment page
 * (/customPaymentIframe) for the query's payment and the visitor uuid of the purchase behind it.
 * - A phone whose wheelshare rental awaits its card gets that rental's page (the station's pay call
 *   links here); its purchase already exists and the operator priced it.
 * - Otherwise a link the merchant signed (its amount is in its address: sandbox/payment-links.ts) makes
 *   a new purchase of that amount; info, currency, success_url, failure_url, phone_number and deferred
 *   go into the page's address, which the operator signs in turn. Return addresses pass through AS
 *   GIVEN: judging their scheme is the app's job (design.md §10), and the browser tests rely on that.
 *
 * POST /api/merchants/custom/book_link?machine_id=… {query}: the payment page opened without the visitor
 * uuid /genPaymentIntend kept (another browser, storage cleared) books its own signed address: the
 * rental it names, or a new purchase of its amount. Answers {session_id}, like set_purchase.
 */
export function customPaymentRoutes(state: SandboxState) {
  return new Hono<SandboxEnv>()
    .get('/get_iframe', (c) => {
      const awaiting = rentalAwaitingCard(state, c.req.query('phone_number'), c.req.query('machine_id'));
      if (awaiting) {
        const { rental, purchase } = awaiting;
        const station = state.catalogue.get(rental.machine_id) ?? fail(404, 'machine not found');
        const iframeUrl = paymentPageUrl(c, state, station, {
          totalPrice: rental.amount.toFixed(2),
          currency: purchase.currency,
          info: `Wheelchair rental (${rental.option})`,
          machineId: rental.machine_id,
          isDeferredPayment: 'true',
          phoneNumber: rental.phone,
          // No failure address: a failed payment stays on the page, where the visitor can try again.
          successReturnUrl: new URL('/wheelshare/afterPayment', appOriginOf(c, state)).href,
        });
        return c.json({ iframe_url: iframeUrl, payment: { visitor_uuid: rental.session_id } });
      }

      const machine = activeMachine(c, state);
      requireSignedLink(machine, linkParams(c));
      const read = (name: string) => c.req.query(name);
      const link = linkValues(machine, read, { amount: 'amount', phone: 'phone_number', deferred: 'deferred' });
      const sessionId = bookLink(state, c, machine, link.amount, link.currency);
      const iframeUrl = paymentPageUrl(c, state, machine, {
        totalPrice: link.amount.toFixed(2),
        currency: link.currency,
        info: read('info')?.trim() || DEFAULT_INFO,
        machineId: machine.id,
        isDeferredPayment: link.deferred,
        phoneNumber: link.phone,
        successReturnUrl: read('success_url'),
        failuresReturnUrl: read('failure_url'),
      });
      return c.json({ iframe_url: iframeUrl, payment: { visitor_uuid: sessionId } });
    })
    .post('/book_link', async (c) => {
      const machine = activeMachine(c, state);
      const params = new URLSearchParams(parseOrFail(bookSchema, await jsonBody(c)).query);
      requireSignedLink(machine, params);
      if (params.get('machineId') !== machine.id) fail(400, `machineId: the link is not for machine ${machine.id}`);
      const read = (name: string) => params.get(name) ?? undefined;
      const link = linkValues(machine, read, {
        amount: 'totalPrice',
        phone: 'phoneNumber',
        deferred: 'isDeferredPayment',
      });
      const awaiting = link.deferred === 'true' ? rentalAwaitingCard(state, link.phone, machine.id) : undefined;
      const sessionId = awaiting?.purchase.session_id ?? bookLink(state, c, machine, link.amount, link.currency);
      return c.json(bookedPurchaseAnswer(purchaseOf(state.purchases, sessionId)));
    });
}

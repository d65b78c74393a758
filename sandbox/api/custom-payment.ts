import { Hono, type Context } from 'hono';
import { currencyCode } from '../../machines/shared/currency';
import { checkLinkAmount } from '../../machines/custom-payment/payment-link';
import { priceLine } from '../../machines/shared/pricing';
import { checkPhone } from '../../machines/shared/phone';
import * as v from 'valibot';
import type { CatalogueMachine } from '../catalogue';
import { issueLink } from '../link-bookings';
import {
  EXPIRES_PARAM,
  isSignedLink,
  linkExpiry,
  MAX_LINK_LIFETIME_S,
  SIGNATURE_PARAM,
  type ExpiryProblem,
} from '../payment-links';
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

/**
 * The payment page's address for a purchase the link booked, signed by the operator with the link's
 * expiry and recorded as that purchase's, so that the page books it again (book_link) and nothing else.
 */
function paymentPageUrl(
  c: Context,
  state: SandboxState,
  machine: CatalogueMachine,
  sessionId: string,
  query: LinkQuery,
): string {
  const url = new URL('/customPaymentIframe', appOriginOf(c, state));
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  url.search = issueLink(state.links, machine.paymentLinkKey, params, sessionId).toString();
  return url.href;
}

export const LINK_EXPIRED = 'this payment link has expired: ask whoever sent it for a new one';
export const LINK_PAID = 'this payment link has already been paid';

const EXPIRY_PROBLEMS: Record<Exclude<ExpiryProblem, 'expired'>, string> = {
  missing: `${EXPIRES_PARAM} is required: a signed payment link says when it expires (seconds since the epoch)`,
  malformed: `${EXPIRES_PARAM}: must be one whole number of seconds since the epoch`,
  'too-far': `${EXPIRES_PARAM}: a payment link may live at most ${MAX_LINK_LIFETIME_S / 86_400} days`,
};

/** A link the operator accepts now: the merchant's signature, and the expiry it signed. */
interface LiveLink {
  signature: string;
  expiresAt: number;
}

/**
 * 403 unless the merchant signed these link parameters (sandbox/payment-links.ts); then 400 without a
 * usable expiry and 410 once it has passed. The signature is checked first: an edited expiry is a 403.
 */
function requireLiveLink(machine: CatalogueMachine, params: URLSearchParams): LiveLink {
  if (!isSignedLink(machine.paymentLinkKey, params))
    fail(403, 'the payment link is not signed by the merchant (its signature is missing or does not match)');
  const expiry = linkExpiry(params);
  if (!expiry.ok)
    fail(
      expiry.problem === 'expired' ? 410 : 400,
      expiry.problem === 'expired' ? LINK_EXPIRED : EXPIRY_PROBLEMS[expiry.problem],
    );
  return { signature: params.get(SIGNATURE_PARAM) ?? '', expiresAt: expiry.expiresAt };
}

/**
 * The purchase this link booked before, or one it books now: a link books one purchase, so it is paid
 * at most once (409 once its purchase is paid, as the operator's chart says). A purchase whose payment
 * was voided is booked afresh, as the operator asks of any voided purchase.
 */
function purchaseOfLink(state: SandboxState, link: LiveLink, book: () => string): string {
  const booked = state.links.sessionOf(link.signature);
  const life = booked === undefined ? undefined : state.lives.of(booked).getSnapshot();
  if (life?.matches('Paid')) fail(409, LINK_PAID);
  if (booked !== undefined && !life?.matches('Voided')) return booked;
  const sessionId = book();
  state.links.record(link.signature, sessionId, link.expiresAt);
  return sessionId;
}

/**
 * Books a payment link's amount on the machine's first product: one item, no fee, named by the link's
 * description (the line the operator answers and the receipt show), not by the product it is booked on.
 */
function bookLink(
  state: SandboxState,
  c: Context<SandboxEnv>,
  machine: CatalogueMachine,
  { amount, currency, description }: { amount: number; currency: string; description: string },
) {
  const [product] = machine.menu.products;
  if (!product) fail(400, `machine ${machine.id} has no product to book the payment on`);
  const lines = [priceLine({ ...product, name: description, convenience_fee_value: 0 }, 1, amount)];
  return recordPurchase(c, state, { machineId: machine.id, currency, lines }).session_id;
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
 * The query is a link the merchant signed, with its expiry (sandbox/payment-links.ts): its amount is in
 * its address. Its first opening books a purchase of that amount; every later one answers the same
 * purchase (409 once it is paid). A link the operator issued for a purchase it booked itself (the
 * wheelshare station's pay call) answers that purchase. info, currency, success_url, failure_url,
 * phone_number and deferred go into the page's address, which the operator signs in turn, with the
 * link's expiry. Return addresses pass through AS GIVEN: judging their scheme is the app's job
 * (design.md §10), and the browser tests rely on that.
 *
 * POST /api/merchants/custom/book_link?machine_id=… {query}: the payment page opened without the visitor
 * uuid /genPaymentIntend kept (another browser, storage cleared) books its own signed address, with the
 * same rules: the purchase it names, or a new one of its amount. Answers {session_id}, like set_purchase.
 */
export function customPaymentRoutes(state: SandboxState) {
  return new Hono<SandboxEnv>()
    .get('/get_iframe', (c) => {
      const machine = activeMachine(c, state);
      const link = requireLiveLink(machine, linkParams(c));
      const read = (name: string) => c.req.query(name);
      const values = linkValues(machine, read, { amount: 'amount', phone: 'phone_number', deferred: 'deferred' });
      const info = read('info')?.trim() || DEFAULT_INFO;
      const sessionId = purchaseOfLink(state, link, () =>
        bookLink(state, c, machine, { ...values, description: info }),
      );
      const iframeUrl = paymentPageUrl(c, state, machine, sessionId, {
        totalPrice: values.amount.toFixed(2),
        currency: values.currency,
        info,
        machineId: machine.id,
        isDeferredPayment: values.deferred,
        phoneNumber: values.phone,
        successReturnUrl: read('success_url'),
        failuresReturnUrl: read('failure_url'),
        [EXPIRES_PARAM]: String(link.expiresAt),
      });
      return c.json({ iframe_url: iframeUrl, payment: { visitor_uuid: sessionId } });
    })
    .post('/book_link', async (c) => {
      const machine = activeMachine(c, state);
      const params = new URLSearchParams(parseOrFail(bookSchema, await jsonBody(c)).query);
      const link = requireLiveLink(machine, params);
      if (params.get('machineId') !== machine.id) fail(400, `machineId: the link is not for machine ${machine.id}`);
      const read = (name: string) => params.get(name) ?? undefined;
      const values = linkValues(machine, read, {
        amount: 'totalPrice',
        phone: 'phoneNumber',
        deferred: 'isDeferredPayment',
      });
      const description = read('info')?.trim() || DEFAULT_INFO;
      const sessionId = purchaseOfLink(state, link, () => bookLink(state, c, machine, { ...values, description }));
      return c.json(bookedPurchaseAnswer(purchaseOf(state.purchases, sessionId)));
    });
}

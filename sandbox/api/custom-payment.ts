import { Hono, type Context } from 'hono';
import { currencyCode } from '../../machines/custom-payment/currency';
import { checkLinkAmount } from '../../machines/custom-payment/payment-link';
import { priceLine } from '../../machines/purchase/pricing';
import { checkPhone } from '../../machines/shared/phone';
import type { CatalogueMachine } from '../catalogue';
import type { Rental } from '../rentals';
import type { Purchase } from '../stores';
import { appOriginOf, fail, recordPurchase, requestedMachine, type SandboxEnv, type SandboxState } from './shared';

/** What a payment link is for when the query names nothing. */
const DEFAULT_INFO = 'Payment';

/** The query of /customPaymentIframe (spec §2), in the order the link writes it; unset values are left out. */
type LinkQuery = Record<string, string | undefined>;

function paymentPageUrl(c: Context, state: SandboxState, query: LinkQuery): string {
  const url = new URL('/customPaymentIframe', appOriginOf(c, state));
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

/**
 * A wheelshare rental whose station is waiting for the visitor's card, with its purchase; machine_id,
 * if given, must be its station.
 */
function rentalAwaitingCard(c: Context, state: SandboxState): { rental: Rental; purchase: Purchase } | undefined {
  const phone = c.req.query('phone_number');
  const rental = phone ? state.rentals.byPhone(phone) : undefined;
  const machineId = c.req.query('machine_id');
  if (rental?.status !== 'awaiting_card' || (machineId && machineId !== rental.machine_id)) return undefined;
  const purchase = state.purchases.get(rental.session_id);
  return purchase ? { rental, purchase } : undefined;
}

/** The optional query value, or undefined when it is missing or blank. */
const optional = (c: Context, name: string) => c.req.query(name)?.trim() || undefined;

/** Books a payment link's amount on the machine's first product: one item, no fee (as set_purchase prices it). */
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

/**
 * GET /api/merchants/custom/get_iframe (spec §7), mounted at /v4/api/merchants/custom: the payment page
 * (/customPaymentIframe) for the query's payment and the visitor uuid of the purchase behind it.
 * - A phone whose wheelshare rental awaits its card gets that rental's page (the station's pay call
 *   links here); its purchase already exists.
 * - Otherwise machine_id and amount make a new purchase; info, currency, success_url, failure_url,
 *   phone_number and deferred go into the page's address. Return addresses pass through AS GIVEN:
 *   judging their scheme is the app's job (DESIGN §10), and the browser tests rely on that.
 */
export function customPaymentRoutes(state: SandboxState) {
  return new Hono<SandboxEnv>().get('/get_iframe', (c) => {
    const awaiting = rentalAwaitingCard(c, state);
    if (awaiting) {
      const { rental, purchase } = awaiting;
      const iframeUrl = paymentPageUrl(c, state, {
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

    const machine = requestedMachine(c, state.catalogue);
    if (!machine.menu.is_active) fail(409, 'machine not active');
    const amount = checkLinkAmount(c.req.query('amount'));
    if (!amount.ok) fail(400, `amount: must be above 0 with at most 2 decimals and 10 digits (${amount.problem})`);
    const currencyText = optional(c, 'currency');
    const currency = currencyText === undefined ? machine.menu.currency : currencyCode(currencyText);
    if (currency === undefined) fail(400, 'currency: must be a 3-letter ISO 4217 code');
    const phone = optional(c, 'phone_number');
    if (phone !== undefined && checkPhone(phone) !== 'valid') fail(400, 'phone_number: not a plausible phone number');
    const deferred = optional(c, 'deferred') ?? 'false';
    if (deferred !== 'true' && deferred !== 'false') fail(400, 'deferred: must be true or false');

    const sessionId = bookLink(state, c, machine, amount.value, currency);
    const iframeUrl = paymentPageUrl(c, state, {
      totalPrice: amount.value.toFixed(2),
      currency,
      info: optional(c, 'info') ?? DEFAULT_INFO,
      machineId: machine.id,
      isDeferredPayment: deferred,
      phoneNumber: phone,
      successReturnUrl: c.req.query('success_url'),
      failuresReturnUrl: c.req.query('failure_url'),
    });
    return c.json({ iframe_url: iframeUrl, payment: { visitor_uuid: sessionId } });
  });
}

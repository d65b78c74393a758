import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { priceLine } from '../../machines/shared/pricing';
import { checkPhone, normalisePhone } from '../../machines/shared/phone';
import { RENTAL_OPTIONS, rentalPrice, type RentalOption } from '../../machines/wheelshare/rental-rules';
import type { CatalogueMachine } from '../catalogue';
import { issueLink } from '../link-bookings';
import { EXPIRES_PARAM, expiresIn } from '../payment-links';
import type { Rental, RentalStore } from '../rentals';
import { paymentStatusOf } from './payment-status';
import {
  appOriginOf,
  fail,
  jsonBody,
  parseOrFail,
  recordPurchase,
  requestedMachine,
  requiredSession,
  type SandboxEnv,
  type SandboxState,
} from './shared';

/** The catalogue products a rental station sells (machine 15): one per rental option. */
export const RENTAL_PRODUCTS: Readonly<Record<RentalOption, number>> = { hourly: 1501, daily: 1502 };

const rentalSchema = v.pipe(
  v.object(
    {
      rental_option: v.picklist(RENTAL_OPTIONS, 'must be hourly or daily'),
      start_time: v.pipe(v.string('must be a string'), v.isoTimestamp('must be an ISO 8601 time')),
      end_time: v.pipe(v.string('must be a string'), v.isoTimestamp('must be an ISO 8601 time')),
    },
    (issue) => (issue.input === undefined ? 'is required' : 'the body must be {rental_option, start_time, end_time}'),
  ),
  v.forward(
    v.check(({ start_time, end_time }) => Date.parse(end_time) > Date.parse(start_time), 'must be after start_time'),
    ['end_time'],
  ),
);

/** The phone_number query parameter, normalised; 400 when it is missing or not a plausible number. */
function requestedPhone(c: Context): string {
  const phone = c.req.query('phone_number') ?? '';
  const check = checkPhone(phone);
  if (check === 'blank') fail(400, 'phone_number is required');
  if (check === 'invalid') fail(400, 'phone_number: not a plausible phone number');
  return normalisePhone(phone);
}

function rentalProduct(machine: CatalogueMachine, option: RentalOption) {
  const id = RENTAL_PRODUCTS[option];
  return (
    machine.menu.products.find((product) => String(product.id) === String(id)) ??
    fail(400, `rental_option: machine ${machine.id} has no ${option} rental (product ${id})`)
  );
}

const NO_RENTAL = { status: 1, msg: 'No rental for this phone number' } as const;
const NO_ACTIVE_RENTAL = { status: 1, msg: 'No active rental for this phone number' } as const;

/** How long the station's payment link works: the visitor scans it at the station, then pays at once. */
export const RENTAL_LINK_LIFETIME_S = 15 * 60;

/**
 * The phone's rental, only for the visitor who made it: a phone number is no secret, so the visitor's
 * later calls carry the session_id set_purchase answered (the session uuid every call sends,
 * requirements.md §7; checked first, 400 without one). A session that is not the phone's rental's
 * finds no rental, as an unknown phone does, so a stranger learns nothing about the number.
 */
function visitorsRental(rentals: RentalStore, session: string, phone: string): Rental | undefined {
  const rental = rentals.byPhone(phone);
  return rental?.session_id === session ? rental : undefined;
}

/**
 * The wheelshare station's calls (requirements.md §7), mounted at /v4/api. A rental is keyed by the visitor's
 * phone: set_purchase records it with a purchase to pay and answers its session_id; with that session
 * (visitorsRental), pay hands out the link the visitor pays with on their phone (/genPaymentIntend, a
 * payment link the operator signs with a short expiry, booked to the rental's purchase),
 * is_waiting_for_creditcard says true until that purchase has an approved charge, and return closes a
 * paid rental.
 */
export function wheelshareRoutes(state: SandboxState) {
  const { catalogue, purchases, rentals } = state;
  const isPaid = (rental: Rental) => {
    const purchase = purchases.get(rental.session_id);
    return purchase !== undefined && paymentStatusOf(state, purchase).status === 'paid';
  };

  return new Hono<SandboxEnv>()
    .post('/merchants/wheelshare/set_purchase', async (c) => {
      const machine = requestedMachine(c, catalogue);
      if (!machine.menu.is_active) fail(409, 'machine not active');
      const phone = requestedPhone(c);
      const rental = parseOrFail(rentalSchema, await jsonBody(c));
      const minutes = (Date.parse(rental.end_time) - Date.parse(rental.start_time)) / 60_000;
      // The station's own price rule, so its estimate is what the visitor is charged.
      const { units } = rentalPrice(rental.rental_option, minutes);
      const lines = [priceLine(rentalProduct(machine, rental.rental_option), units)];
      const purchase = recordPurchase(c, state, { machineId: machine.id, currency: machine.menu.currency, lines });
      rentals.add({
        phone,
        machine_id: machine.id,
        session_id: purchase.session_id,
        option: rental.rental_option,
        start_time: rental.start_time,
        end_time: rental.end_time,
        amount: purchase.totals.total,
        status: 'created',
      });
      return c.json({ session_id: purchase.session_id });
    })
    .post('/merchants/wheelshare/pay', (c) => {
      const session = requiredSession(c.get('sessionUuid'));
      if (c.req.query('payment_type') !== 'deferred') fail(400, 'payment_type must be deferred');
      const machine = requestedMachine(c, catalogue);
      const phone = requestedPhone(c);
      const rental = visitorsRental(rentals, session, phone);
      if (!rental || rental.machine_id !== machine.id || rental.status === 'returned') return c.json(NO_RENTAL);
      rentals.setStatus(phone, 'awaiting_card');
      const url = new URL('/genPaymentIntend', appOriginOf(c, state));
      const link = new URLSearchParams({
        machine_id: machine.id,
        amount: rental.amount.toFixed(2),
        currency: machine.menu.currency,
        info: `Wheelchair rental (${rental.option})`,
        phone_number: phone,
        deferred: 'true',
        // No failure address: a failed payment stays on the page, where the visitor can try again.
        success_url: new URL('/wheelshare/afterPayment', appOriginOf(c, state)).href,
        [EXPIRES_PARAM]: expiresIn(RENTAL_LINK_LIFETIME_S),
      });
      url.search = issueLink(state.links, machine.paymentLinkKey, link, rental.session_id).toString();
      return c.json({ status: 0, msg: 'ok', data: { payment_url: url.href } });
    })
    .get('/merchants/wheelshare/is_waiting_for_creditcard', (c) => {
      const session = requiredSession(c.get('sessionUuid'));
      const machine = requestedMachine(c, catalogue);
      const rental = visitorsRental(rentals, session, requestedPhone(c));
      const waiting = rental?.machine_id === machine.id && rental.status === 'awaiting_card' && !isPaid(rental);
      return c.json({ status: waiting });
    })
    .post('/integration/wheelshare/return', (c) => {
      const session = requiredSession(c.get('sessionUuid'));
      const phone = requestedPhone(c);
      const rental = visitorsRental(rentals, session, phone);
      if (!rental || rental.status === 'returned' || !isPaid(rental)) return c.json(NO_ACTIVE_RENTAL);
      rentals.setStatus(phone, 'returned');
      return c.json({ status: 0, msg: 'Returned' });
    });
}

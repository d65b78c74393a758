import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { priceLine, type PricedLine } from '../../machines/shared/pricing';
import { checkAmount } from '../../machines/shared/amount';
import { MINUTES_PER_DAY } from '../../machines/shared/time-of-day';
import { chargeableLine } from '../../machines/vacuum/hourly';
import type { CatalogueMachine } from '../catalogue';
import { planOf, wakeMachine } from '../operator/delivery';
import { isMachineFault, MACHINE_FAULT_HEADER } from '../standins/machine-controller';
import {
  bookedPurchaseAnswer,
  fail,
  jsonBody,
  recordPurchase,
  requestedMachine,
  type SandboxEnv,
  type SandboxState,
} from './shared';

const purchaseSchema = v.pipe(
  v.array(
    v.object({
      product_id: v.union([v.number(), v.pipe(v.string(), v.nonEmpty())], 'must be a number or a string'),
      count: v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(99, 'must be at most 99'),
      ),
      custom_price: v.optional(v.number('must be a number')),
      minutes: v.optional(
        v.pipe(
          v.number('must be a number'),
          v.integer('must be a whole number'),
          v.minValue(1, 'must be at least 1'),
          v.maxValue(MINUTES_PER_DAY, `must be at most ${MINUTES_PER_DAY}`),
        ),
      ),
    }),
    'must be an array of {product_id, count, custom_price?, minutes?}',
  ),
  v.nonEmpty('must name at least one product'),
);

type PurchaseLine = v.InferOutput<typeof purchaseSchema>[number];

/**
 * Checks the lines against the machine's menu and prices them: the operator decides every amount
 * (design.md §10). The browser names products and counts; a typed amount only on a price-input machine
 * (requirements.md §2 PRICE_INPUT), and a span of minutes only on a machine that bills by the hour (/vacuum),
 * which the menu's hourly price turns into the charge.
 */
function priceLines(machine: CatalogueMachine, lines: readonly PurchaseLine[]): PricedLine[] {
  const { menu } = machine;
  if (lines.length > 1 && !menu.allow_multiple_products) fail(400, 'this machine sells one product per purchase');
  const priceInput = menu.product_view === 'PRICE_INPUT';
  const hourly = machine.billing === 'hourly';
  return lines.map((line, index) => {
    const at = `line ${index}: product ${line.product_id}`;
    const product = menu.products.find((candidate) => String(candidate.id) === String(line.product_id));
    if (!product) fail(400, `${at} is not on this machine`);
    if (!product.available) fail(400, `${at} is not available`);
    if (lines.findIndex((other) => String(other.product_id) === String(line.product_id)) !== index)
      fail(400, `${at} appears more than once`);
    if (line.custom_price !== undefined && !priceInput)
      fail(400, `${at}: custom_price is taken only on a price-input machine; the operator prices this product`);
    if (line.minutes !== undefined && !hourly)
      fail(400, `${at}: minutes is taken only on a machine billed by the hour`);
    if (priceInput) {
      if (line.custom_price === undefined) fail(400, `${at}: custom_price is required on a price-input machine`);
      // requirements.md §5/§9 as the visitor typed it; exponent forms (1e-7, 1e+21) are not amounts.
      if (!checkAmount(String(line.custom_price)).ok)
        fail(400, `${at}: custom_price must be above 0 with at most 2 decimals and 10 digits`);
      return priceLine(product, line.count, line.custom_price);
    }
    if (line.minutes === undefined) return priceLine(product, line.count);
    if (line.count !== 1) fail(400, `${at}: a span of minutes prices a single item (count 1)`);
    return chargeableLine(product, line.minutes) ?? fail(400, `${at}: ${line.minutes} minutes cost nothing to charge`);
  });
}

/** Whether two codes are the same, in a time that tells nothing of how much of them matched. */
function sameCode(given: string, issued: string): boolean {
  const digest = (code: string) => createHash('sha256').update(code).digest();
  return timingSafeEqual(digest(given), digest(issued));
}

/**
 * Whether the page asking for the menu is this machine's (contract: menu/get): it carries the code of the
 * machine's own QR sticker, or it is a payment link's page naming the machine (whose signature book_link and
 * get_iframe check). Anything else, a missing code included, is answered as an unknown machine.
 */
function isMachinesPage(c: Context<SandboxEnv>, machine: CatalogueMachine): boolean {
  const code = c.req.query('qr');
  if (code !== undefined) return sameCode(code, machine.qrCode);
  const link = c.req.query('payment_link');
  return link !== undefined && new URLSearchParams(link).get('machineId')?.trim() === machine.id;
}

/** GET /api/menu/get and POST /api/menu/set_purchase (requirements.md §7). */
export function menuRoutes(state: SandboxState) {
  const { catalogue, visitors } = state;
  return (
    new Hono<SandboxEnv>()
      // Every answer hands out a fresh session uuid: it is the visitor's credential, never shared.
      .get('/get', (c) => {
        const machine = requestedMachine(c, catalogue);
        if (!isMachinesPage(c, machine)) fail(404, 'machine not found');
        return c.json({ ...machine.raw, session_uuid: visitors.issue() });
      })
      .post('/set_purchase', async (c) => {
        const machine = requestedMachine(c, catalogue);
        if (!machine.menu.is_active) fail(409, 'machine not active');
        const parsed = v.safeParse(purchaseSchema, await jsonBody(c));
        if (!parsed.success) {
          const [issue] = parsed.issues;
          // "0.count" + "must be at least 1" -> "line 0: count must be at least 1"
          const [index, ...field] = v.getDotPath(issue)?.split('.') ?? [];
          fail(400, index === undefined ? issue.message : `line ${index}: ${[...field, issue.message].join(' ')}`);
        }
        const lines = priceLines(machine, parsed.output);
        const header = c.req.header(MACHINE_FAULT_HEADER);
        if (header !== undefined && !isMachineFault(header))
          fail(400, `${MACHINE_FAULT_HEADER} is not a machine fault`);
        const fault = header ?? state.takeMachineFault(machine.id);
        const purchase = recordPurchase(c, state, { machineId: machine.id, currency: machine.menu.currency, lines });
        // The machine answers before anything is booked with a provider; without an answer the purchase is
        // forgotten and the visitor told, before any money moves.
        try {
          await wakeMachine(state.machines, purchase.session_id, fault, state.machineAnswerLimitMs);
        } catch (error) {
          state.purchases.delete(purchase.session_id);
          throw error;
        }
        purchase.delivery = planOf(machine, lines);
        return c.json(bookedPurchaseAnswer(purchase));
      })
  );
}

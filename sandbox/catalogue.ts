import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { Menu } from '../machines/menu/menu.types';
import { menuSchema, toMenu } from '../src/api/menu';

/** The catalogue file cannot be used; the message names the file and what is wrong in it. */
export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/** One demo machine. */
export interface CatalogueMachine {
  id: string;
  /** How the operator prices its products: per item, or per hour of use (the /vacuum flow). */
  billing: 'per_item' | 'hourly';
  /** The merchant's key that signs its payment links (sandbox/payment-links.ts). */
  paymentLinkKey: string;
  /** The code the machine's QR sticker carries: menu/get opens its page only with it (contract: menu/get `qr`). */
  qrCode: string;
  /** The menu exactly as the file has it: GET /api/menu/get answers this, unchanged. */
  raw: Readonly<Record<string, unknown>>;
  /** The same menu as the app reads it (defaults filled, amounts as numbers): used for pricing. */
  menu: Menu;
}

/** Machines by machine_id. */
export type Catalogue = ReadonlyMap<string, CatalogueMachine>;

/**
 * What only the operator's server knows, never part of a menu answer: the key the merchant signs payment
 * links with, which machines bill by the hour (their set_purchase lines carry a span, not a price), and the
 * code each machine's QR sticker carries, by machine_id: long enough that nobody guesses another's.
 */
const operatorSchema = v.object({
  payment_link_key: v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters')),
  hourly_machines: v.optional(v.array(v.string()), []),
  qr_codes: v.record(v.string(), v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
});

// Menus are checked with the app's own schema, so the sandbox can never serve a menu the app would reject.
const catalogueSchema = v.object({ operator: operatorSchema, machines: v.record(v.string(), menuSchema) });

/** Reads `{"machines": {"<machine_id>": <menu>}}`; throws a CatalogueError on anything invalid. */
export function loadCatalogue(path: string): Catalogue {
  const fail = (detail: string) => new CatalogueError(`sandbox catalogue ${path}: ${detail}`);

  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw fail(error instanceof SyntaxError ? `invalid JSON: ${reason}` : `cannot read: ${reason}`);
  }

  const result = v.safeParse(catalogueSchema, json);
  if (!result.success) {
    const [issue] = result.issues;
    throw fail(`${v.getDotPath(issue) ?? '(top level)'}: ${issue.message}`);
  }

  const raw = (json as { machines: Record<string, Record<string, unknown>> }).machines;
  const machines = new Map<string, CatalogueMachine>();
  for (const [id, answer] of Object.entries(result.output.machines)) {
    // set_purchase finds products by id, so an id must name one product only.
    const ids = answer.products.map((product) => String(product.id));
    const duplicate = ids.findIndex((productId, index) => ids.indexOf(productId) !== index);
    if (duplicate >= 0) throw fail(`machines.${id}.products.${duplicate}.id: duplicate product id ${ids[duplicate]}`);
    // A menu without product_view is a valid case the app logs; the sandbox stays quiet about it.
    const { payment_link_key: paymentLinkKey, hourly_machines: hourly, qr_codes: qrCodes } = result.output.operator;
    const billing = hourly.includes(id) ? 'hourly' : 'per_item';
    // Every machine's page needs its code (menu/get refuses one without), so a machine without one is an error.
    const qrCode = qrCodes[id];
    if (qrCode === undefined) throw fail(`operator.qr_codes: machine ${id} has no QR code`);
    machines.set(id, { id, billing, paymentLinkKey, qrCode, raw: raw[id] ?? {}, menu: toMenu(answer, () => {}) });
  }
  return machines;
}

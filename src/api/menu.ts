import * as v from 'valibot';
import {
  CARD_PROVIDERS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PRODUCT_VIEWS,
  type EarlyMenu,
  type Language,
  type Menu,
  type MachineProof,
} from '../../machines/menu/menu.types';
import { isCardNetwork } from '../../machines/menu/payment-marks';
import { MENU_PATH, menuQuery } from './address';
import { readsAnswer, type Answer } from './answer-fit';
import type { ApiClient } from './client';
import { fetchJson } from './client';

const id = v.union([v.number(), v.pipe(v.string(), v.nonEmpty())]);
/** Backends send money as numbers or decimal strings; the app always works with numbers. */
const amount = v.union([v.pipe(v.number(), v.minValue(0)), v.pipe(v.string(), v.decimal(), v.transform(Number))]);
/** What a promotion the schema cannot read becomes, so toMenu can tell it from none. */
const MALFORMED = 'malformed' as const;
const text = (fallback: string) => v.optional(v.nullable(v.string()), fallback);

const productSchema = v.object({
  id,
  global_id: v.optional(v.nullable(id)),
  name: v.pipe(v.string(), v.nonEmpty()),
  description: v.pipe(
    text(''),
    v.transform((value) => value ?? ''),
  ),
  price: amount,
  image_url: v.pipe(
    text(''),
    v.transform((value) => value ?? ''),
  ),
  available: v.optional(v.boolean(), true),
  is_most_popular: v.optional(v.boolean(), false),
  convenience_fee_type: v.optional(v.picklist(['flat', 'percent']), 'flat'),
  convenience_fee_value: v.optional(amount, 0),
});

const frontendConfigSchema = v.object({
  credit_card: v.optional(
    v.object({
      enabled: v.boolean(),
      type: v.picklist(CARD_PROVIDERS),
      terminal: v.optional(v.string(), ''),
    }),
  ),
  apple_pay: v.optional(
    v.object({
      supportedNetworks: v.array(v.string()),
      merchantCapabilities: v.array(v.string()),
      environment: v.string(),
      merchantIdentifier: v.string(),
      displayName: v.optional(v.string()),
    }),
  ),
  google_pay: v.optional(
    v.object({
      allowedPaymentMethods: v.array(v.unknown()),
      merchantInfo: v.record(v.string(), v.unknown()),
      environment: v.string(),
    }),
  ),
  bit: v.optional(v.object({ enabled: v.boolean(), type: v.optional(v.string(), '') })),
  stripe: v.optional(v.object({ publishableKey: v.string() })),
  // Networks the app has no mark for (a machine may list 'ISRACARD') are dropped; absent means the default.
  card_networks: v.optional(
    v.pipe(
      v.array(v.string()),
      v.transform((names) => names.map((name) => name.toUpperCase()).filter(isCardNetwork)),
    ),
  ),
});

/**
 * requirements.md §3 "promotion count and savings amount": the vacuum's loyalty offer (machines/menu/menu.types.ts
 * Promotion).
 */
const promotionSchema = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(1)),
  amount,
});

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** One cent: the smallest amount there is, and a machine's minimum when its menu names none. */
export const SMALLEST_AMOUNT = 0.01;

/** The answer of GET /api/menu/get, checked field by field. */
export const menuSchema = readsAnswer<Answer<'getMenu'>>()(
  v.object({
    products: v.array(productSchema),
    /** requirements.md §8: a menu without product_view is logged only; the list view is the safe default. */
    product_view: v.optional(v.picklist(PRODUCT_VIEWS)),
    currency: v.optional(v.pipe(v.string(), v.nonEmpty()), 'ILS'),
    currency_symbol: v.optional(v.string(), '₪'),
    is_active: v.boolean(),
    session_uuid: v.optional(v.nullable(v.string())),
    available_languages: v.pipe(
      v.optional(v.array(v.string()), [...LANGUAGES]),
      // Unknown codes (a machine may list 'ru') are dropped; en is always offered as the fallback.
      v.transform((codes) => {
        const known = codes.map((code) => code.toLowerCase()).filter(isLanguage);
        return known.includes(DEFAULT_LANGUAGE) ? known : [DEFAULT_LANGUAGE, ...known];
      }),
    ),
    technician_phone_number: v.optional(v.nullable(v.string())),
    // The machine's identity (toMenu): blank counts as absent.
    display_name: v.optional(v.pipe(v.string(), v.trim())),
    printed_number: v.optional(v.pipe(v.string(), v.trim())),
    location: v.optional(v.pipe(v.string(), v.trim())),
    // A malformed promotion offers none rather than losing the whole menu (toMenu logs it).
    promotion: v.optional(
      v.union([
        v.null(),
        promotionSchema,
        v.pipe(
          v.unknown(),
          v.transform((): typeof MALFORMED => MALFORMED),
        ),
      ]),
    ),
    allow_multiple_products: v.optional(v.boolean(), false),
    /** The smallest total the operator books on this machine; without one, the smallest amount there is. */
    minimum_amount: v.optional(v.pipe(v.number(), v.minValue(SMALLEST_AMOUNT)), SMALLEST_AMOUNT),
    frontend_config: v.optional(frontendConfigSchema, {}),
  }),
);

export type MenuAnswer = v.InferOutput<typeof menuSchema>;

/** Normalises a validated answer into the menu the machines work with. */
export function toMenu(answer: MenuAnswer, log: (message: string) => void = console.warn): Menu {
  if (answer.product_view === undefined) log('menu has no product_view; showing the list view');
  if (!answer.session_uuid) log('menu has no session_uuid');
  if (answer.promotion === MALFORMED) log('menu has a malformed promotion; the offer is not shown');
  const { display_name: name, printed_number: number, location, ...settings } = answer;
  return {
    ...settings,
    // A name without its printed number (or the reverse) cannot be checked against the sticker: none is shown.
    identity: name && number ? { name, number, location: location || undefined } : undefined,
    promotion: answer.promotion === MALFORMED || answer.promotion === null ? undefined : answer.promotion,
    product_view: answer.product_view ?? 'LIST',
    session_uuid: answer.session_uuid ?? undefined,
    technician_phone_number: answer.technician_phone_number ?? undefined,
    products: answer.products.map((product) => ({ ...product, global_id: product.global_id ?? undefined })),
  };
}

/**
 * Apple Pay shows "Pay <merchant>" and its session needs the name (applePaySettings), but requirements.md §3's
 * apple_pay config has no field for it: a menu that names none takes the build's (VITE_MERCHANT_NAME).
 */
export function withMerchantName(menu: Menu, merchantName: string): Menu {
  const applePay = menu.frontend_config.apple_pay;
  const name = merchantName.trim();
  if (!applePay || applePay.displayName?.trim() || !name) return menu;
  return { ...menu, frontend_config: { ...menu.frontend_config, apple_pay: { ...applePay, displayName: name } } };
}

/** GET /api/menu/get; the answer of the early request, when it is exactly this request. */
export async function getMenu(
  client: ApiClient,
  machineId: string,
  proof: MachineProof,
  early?: EarlyMenu,
): Promise<Menu> {
  const answer = await fetchJson(client, menuSchema, MENU_PATH, {
    searchParams: menuQuery(machineId, proof),
    ...(early && { fetch: answeringFirst(early, client.fetch) }),
  });
  const menu = toMenu(answer);
  if (menu.session_uuid) client.setSessionUuid(menu.session_uuid);
  return menu;
}

/**
 * A fetch that gives the early request's answer to the request with its address, the first time, and sends
 * everything else (the client's retries above all) itself. The answer then goes through the client's own
 * steps as if it had sent the request: its timeout, status check, retries, JSON parsing and validation.
 */
function answeringFirst(early: EarlyMenu, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const answer = input instanceof Request && input.url === early.url ? early.claim() : undefined;
    return answer ?? fetch(input, init);
  };
}

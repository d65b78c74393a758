/** The menu of one machine, as the app uses it after validation (requirements.md §3). */

export const PRODUCT_VIEWS = ['LIST', 'GRID', 'SINGLE', 'QUANTITY', 'PRICE_INPUT'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

export type Language = 'en' | 'he' | 'fr' | 'es';
/**
 * requirements.md §1.5. A typed list rather than `as const`: Stryker mutates nothing inside a type
 * assertion, and the app reads this list at run time (the languages offered, i18next's supported ones).
 */
export const LANGUAGES: readonly Language[] = ['en', 'he', 'fr', 'es'];
export const DEFAULT_LANGUAGE: Language = 'en';

export const CARD_PROVIDERS = ['TRANZILA', 'YAAD_SARIG', 'STRIP'] as const;
export type CardProvider = (typeof CARD_PROVIDERS)[number];

/** The card networks whose marks the app carries, spelt as Google Pay's allowedCardNetworks spells them. */
export const CARD_NETWORKS = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

export type FeeType = 'flat' | 'percent';
export type ProductId = number | string;

export interface Product {
  id: ProductId;
  global_id?: ProductId | undefined;
  name: string;
  description: string;
  price: number;
  image_url: string;
  available: boolean;
  is_most_popular: boolean;
  convenience_fee_type: FeeType;
  convenience_fee_value: number;
}

export interface FrontendConfig {
  credit_card?: { enabled: boolean; type: CardProvider; terminal: string } | undefined;
  apple_pay?:
    | {
        supportedNetworks: string[];
        merchantCapabilities: string[];
        environment: string;
        merchantIdentifier: string;
        /** The merchant's name, as Apple Pay shows it ("Pay <displayName>") and merchant validation names it. */
        displayName?: string | undefined;
      }
    | undefined;
  google_pay?:
    | {
        allowedPaymentMethods: unknown[];
        merchantInfo: Record<string, unknown>;
        environment: string;
      }
    | undefined;
  bit?: { enabled: boolean; type: string } | undefined;
  stripe?: { publishableKey: string } | undefined;
  /** The card networks the machine accepts (their marks show); absent: Visa, Mastercard and Amex. */
  card_networks?: CardNetwork[] | undefined;
}

/**
 * The vacuum's loyalty promotion, as the menu offers it (requirements.md §2 'Every tenth vacuuming is on us', §3
 * "promotion count and savings amount", §9 "count 1 and amount 3"): the offer's text names `count` free
 * vacuumings and the `amount` they save, in the menu's currency. A menu without one offers nothing.
 */
export interface Promotion {
  /** How many free vacuumings the offer names (a whole number, at least 1). */
  count: number;
  /** What they save, in major units of the menu's currency. */
  amount: number;
}

/**
 * The machine as its sticker names it (contract: Menu `display_name`, `printed_number`, `location`), shown at the
 * top of its page and on the receipt so the visitor can check the page is the machine's in front of them.
 */
export interface MachineIdentity {
  /** "Lobby snacks". */
  name: string;
  /** The number printed beside the QR code: "VM-1001". */
  number: string;
  /** "Building A, ground floor", where the operator has a label. */
  location?: string | undefined;
}

/**
 * What tells the operator the page is the machine's (contract: menu/get `qr`, `payment_link`): the code of the
 * QR sticker the visitor scanned (undefined when the address carries none: the operator refuses it), or a
 * payment link's query.
 */
export type MachineProof = { qr: string | undefined } | { paymentLink: string };

export interface Menu {
  /** Undefined for an older operator's menu that does not name the machine: the page then shows no header. */
  identity?: MachineIdentity | undefined;
  products: Product[];
  product_view: ProductView;
  currency: string;
  currency_symbol: string;
  is_active: boolean;
  session_uuid?: string | undefined;
  available_languages: Language[];
  technician_phone_number?: string | undefined;
  /** The loyalty offer /vacuum shows; undefined (absent, null or malformed in the answer) offers none. */
  promotion?: Promotion | undefined;
  allow_multiple_products: boolean;
  /**
   * The smallest total the operator books on this machine (a typed amount, a span of the vacuum): below it
   * the visitor sees "Minimum amount is …" and cannot continue.
   */
  minimum_amount: number;
  frontend_config: FrontendConfig;
}

/**
 * The menu request index.html's early script sent before the app's code ran, as the /pay route hands it to
 * the page's chart: its answer goes to the first menu call that makes exactly that request, once.
 */
export interface EarlyMenu {
  /** The address it asked. */
  readonly url: string;
  /** Its answer, the first time; undefined after (a retry, or the page mounted again, asks afresh). */
  claim(): Promise<Response> | undefined;
}

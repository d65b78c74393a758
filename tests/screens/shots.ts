/**
 * The screens `npm run screenshots` takes (tests/screens/screens.spec.ts), each in en and he, and the
 * states they show. The explorer (visualizations/index.html) lists a state's screens from the
 * manifest written after the run (./write-manifest.ts).
 */
import { fileURLToPath } from 'node:url';

export const LANGS = ['en', 'he'] as const;
export type ShotLang = (typeof LANGS)[number];

export interface ShownState {
  machine: string;
  /** The state node id. */
  state: string;
}

export interface Shot extends ShownState {
  /** What sets it apart from other screens of the state, e.g. the product view. */
  caption: string;
  /** Other machines' states on the same screen (a payment method's own state inside the purchase's). */
  also?: ShownState[];
  /** Several screens of one state need a variant in their file name. */
  variant?: string;
}

export const SCREENS_DIR = fileURLToPath(new URL('../../visualizations/screens/', import.meta.url));

/** `purchase/SELECT_PRODUCT--list.en.png`: the state's path below its machine, the variant, the language. */
export function shotFile(shot: Shot, lang: ShotLang): string {
  const path = shot.state.startsWith(`${shot.machine}.`) ? shot.state.slice(shot.machine.length + 1) : shot.state;
  return `${shot.machine}/${path}${shot.variant ? `--${shot.variant}` : ''}.${lang}.png`;
}

const shot = (machine: string, path: string, caption: string, extra: Partial<Shot> = {}): Shot => ({
  machine,
  state: `${machine}.${path}`,
  caption,
  ...extra,
});

const productView = (view: string, machineId: number, variant: string, extra: Partial<Shot> = {}): Shot =>
  shot('purchase', 'SELECT_PRODUCT', `${view} (machine ${machineId})`, { variant, ...extra });

export const SHOTS = {
  loadingMenu: shot('payPage', 'menu.LoadingMenu', 'the menu call in flight (machine 1001)'),
  machineNotFound: shot('payPage', 'menu.MachineNotFound', 'an unknown machine id'),
  machineNotActive: shot('payPage', 'menu.MachineNotActive', 'an inactive machine (1007)'),
  menuUnavailable: shot('payPage', 'menu.MenuUnavailable', 'the menu call failed (HTTP 500)'),
  splashColour: shot('splash', 'ShowingColourLogo', 'first slide'),
  splashWhite: shot('splash', 'ShowingWhiteLogo', 'second slide'),
  list: productView('LIST', 1001, 'list', { also: [{ machine: 'payPage', state: 'payPage.menu.Ready' }] }),
  gridMulti: productView('GRID, several products', 1002, 'grid-multi'),
  gridSingle: productView('GRID, one product', 1003, 'grid-single'),
  single: productView('SINGLE', 1004, 'single'),
  quantity: productView('QUANTITY', 1005, 'quantity'),
  priceInput: productView('PRICE_INPUT', 1006, 'price-input', {
    also: [{ machine: 'amountEntry', state: 'amountEntry.Zero.Idle' }],
  }),
  submitting: shot('purchase', 'SubmittingPurchase', 'set_purchase in flight (machine 1001)'),
  choosingMethod: shot('purchase', 'SELECT_PAYMENT_METHOD.ChoosingMethod', 'machine 1001'),
  explainingCard: shot('purchase', 'SELECT_PAYMENT_METHOD.ExplainingMethod', 'credit card', { variant: 'credit-card' }),
  explainingBit: shot('purchase', 'SELECT_PAYMENT_METHOD.ExplainingMethod', 'Bit', { variant: 'bit' }),
  googlePay: shot('purchase', 'INIT_METHOD_PENDING.GooglePay', 'the Google Pay button', {
    also: [{ machine: 'googlePay', state: 'googlePay.Idle.AwaitingTap' }],
  }),
  googlePaySheet: shot('googlePay', 'Processing.RequestingPayment', 'the Google Pay sheet (sandbox)'),
  cardFields: shot('purchase', 'INIT_METHOD_PENDING.CardFields', 'the card fields (Tranzila)', {
    also: [{ machine: 'cardFields', state: 'cardFields.Idle.EnteringCard' }],
  }),
  success: shot('purchase', 'PAYMENT_SUCCESS.Summary', 'paid with Google Pay'),
  latestPurchase: shot('purchase', 'PAYMENT_SUCCESS.LatestPurchase', 'the latest purchase shown'),
  failure: shot('purchase', 'PAYMENT_FAILURE', 'declined in the Google Pay sheet'),
  amountBelowMinimum: shot('amountEntry', 'Zero.BelowMinimum', 'Continue with nothing typed'),
  amountPositive: shot('amountEntry', 'Positive', '12.5 typed'),
  debugVars: shot('debugVars', 'Editing.Drafting', '/debug_vars'),
} satisfies Record<string, Shot>;

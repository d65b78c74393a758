/**
 * The screens `npm run screenshots` takes (tests/screens/screens.spec.ts), each in en, he, fr and es
 * and at two phone widths, and the states they show. The explorer (visualizations/index.html) lists a state's screens from the
 * manifest written after the run (./write-manifest.ts).
 */
import { fileURLToPath } from 'node:url';
import { PAGES_WITHOUT_CHART } from '../../scripts/visualize/inputs';

export const LANGS = ['en', 'he', 'fr', 'es'] as const;
export type ShotLang = (typeof LANGS)[number];

/**
 * The phones pictured: today's common width (390×844) and the narrowest in use (320×568, the first
 * iPhone SE and small Androids), where fr and es, 20–40 % longer than en, wrap first.
 */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
] as const;
export type ShotViewport = (typeof VIEWPORTS)[number];

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

/**
 * `purchase/SELECT_PRODUCT--list.en.390.png`: the state's path below its machine, the variant, the
 * language, the viewport's width.
 */
export function shotFile(shot: Shot, lang: ShotLang, width: number): string {
  const path = shot.state.startsWith(`${shot.machine}.`) ? shot.state.slice(shot.machine.length + 1) : shot.state;
  return `${shot.machine}/${path}${shot.variant ? `--${shot.variant}` : ''}.${lang}.${String(width)}.png`;
}

const shot = (machine: string, path: string, caption: string, extra: Partial<Shot> = {}): Shot => ({
  machine,
  state: `${machine}.${path}`,
  caption,
  ...extra,
});

/** A page no chart drives (the welcome page, the information pages): the explorer lists these apart. */
const pageShot = (page: string, caption: string): Shot => shot(PAGES_WITHOUT_CHART, page, caption);

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
    also: [{ machine: 'amountEntry', state: 'amountEntry.Short.Idle' }],
  }),
  submitting: shot('purchase', 'SubmittingPurchase', 'set_purchase in flight (machine 1001)'),
  choosingMethod: shot('purchase', 'SELECT_PAYMENT_METHOD.ChoosingMethod', 'machine 1001'),
  choosingMethodSafari: shot('purchase', 'SELECT_PAYMENT_METHOD.ChoosingMethod', 'machine 1001 in Safari (Apple Pay)', {
    variant: 'safari',
  }),
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
  amountBelowMinimum: shot('amountEntry', 'Short.BelowMinimum', 'Continue with nothing typed'),
  amountPositive: shot('amountEntry', 'Payable', '12.5 typed'),
  debugVars: shot('debugVars', 'Editing.Drafting', '/debug_vars'),
  paymentLink: productView('the payment link (/customPaymentIframe)', 1001, 'payment-link'),
  hostedPageLoading: shot(
    'hostedPage',
    'Processing.Framed.LoadingPage',
    'the loader before the page (Yaad Sarig, 1002)',
  ),
  hostedPage: shot('purchase', 'INIT_METHOD_PENDING.HostedPage', 'the hosted page (Yaad Sarig, 1002)', {
    also: [{ machine: 'hostedPage', state: 'hostedPage.Processing.Framed.ShowingPage' }],
  }),
  stripe: shot('purchase', 'INIT_METHOD_PENDING.Stripe', 'the Stripe card element (1004)', {
    also: [{ machine: 'stripe', state: 'stripe.Idle.EnteringCard' }],
  }),
  cardScan: shot('purchase', 'INIT_METHOD_PENDING.CardScan', 'the card scanner (sandbox)', {
    also: [{ machine: 'cardScan', state: 'cardScan.Processing.Scanning' }],
  }),
  bit: shot('purchase', 'INIT_METHOD_PENDING.Bit', 'on the way to Bit', {
    also: [{ machine: 'bit', state: 'bit.Processing.Redirecting' }],
  }),
  applePay: shot('purchase', 'INIT_METHOD_PENDING.ApplePay', 'the Apple Pay button (Safari)', {
    also: [{ machine: 'applePay', state: 'applePay.Idle' }],
  }),
  applePaySheet: shot('applePay', 'Processing.AwaitingAuthorization', 'the Apple Pay sheet (sandbox)'),
  vacuumProducts: shot('vacuum', 'ChoosingProduct', 'the grid (machine 1008)'),
  loyaltyOffered: shot('vacuum', 'LoyaltyOffer.Offered', 'the loyalty offer'),
  loyaltySigningUp: shot('vacuum', 'LoyaltyOffer.SigningUp', 'the sign-up form'),
  loyaltyInvalidContact: shot('vacuum', 'LoyaltyOffer.SigningUp', 'neither a mobile number nor an e-mail', {
    variant: 'invalid-contact',
  }),
  loyaltyJoined: shot('vacuum', 'LoyaltyOffer.Joined', 'joined the promotion'),
  vacuumTime: shot('vacuum', 'ChoosingTime', 'the time drawer, 10:00 to 11:30'),
  stationForm: shot('wheelshare', 'Editing.Composing', 'the rental form'),
  stationPhoneError: shot('wheelshare', 'Editing.ShowingPhoneError', 'an implausible phone number'),
  stationQr: shot('wheelshare', 'Renting.AwaitingCard', 'the QR code to pay on the phone'),
  stationDone: shot('wheelshare', 'AllDone', 'paid on the phone'),
  stationReturned: shot('wheelshare', 'Returned', 'a paid rental returned'),
  stationReturnFailed: shot('wheelshare', 'ReturnFailed', 'no rental for this phone number'),
  stationConnectionLost: shot('wheelshare', 'Renting.PollingLost', 'three polls failed in a row'),
  stationAfterPayment: pageShot('wheelshareAfterPayment', '/wheelshare/afterPayment: the phone, once paid'),
  welcome: pageShot('welcome', '/: the welcome page'),
  accessibility: pageShot('accessibility', '/accessibility'),
  refundPolicy: pageShot('refundAndCancellation', '/refund-and-cancellation'),
  contact: pageShot('contact', '/contact'),
  testLinks: shot('testLinks', 'Editing', '/test: the form for signed test links'),
  paymentLinkInvalid: pageShot('paymentLinkInvalid', '/customPaymentIframe with values that cannot be paid'),
  intentRejected: shot('paymentIntent', 'LinkRejected', 'an unknown machine (HTTP 404)'),
  intentFailed: shot('paymentIntent', 'Failed', 'get_iframe failed (HTTP 500)'),
  intentRefused: shot('paymentIntent', 'Refused', 'the answer names javascript:alert(1) as the page'),
  machineNotResponding: shot('purchase', 'MachineNotResponding', 'the machine did not answer before any payment'),
  dispensing: shot('delivery', 'Following', 'paid with Google Pay, the machine vends (1001)', {
    also: [{ machine: 'purchase', state: 'purchase.PAYMENT_SUCCESS.Summary' }],
  }),
  delivered: shot('delivery', 'Delivered', 'the Cola came out'),
  holdReleased: shot('delivery', 'GivenBack', 'the vend failed: the card hold released', { variant: 'released' }),
  refundPending: shot('delivery', 'GivingBack', 'the vend failed: the Google Pay sale refunded, on its way'),
  refunded: shot('delivery', 'GivenBack', 'the vend failed: the refund settled', { variant: 'refunded' }),
  partlyDelivered: shot('delivery', 'GivenBack', 'two tokens held, one came out: the other’s share released', {
    variant: 'partial',
  }),
  deliveryUnconfirmed: shot('delivery', 'Unconfirmed', 'no word from the machine in time'),
  vacuumStarting: shot('delivery', 'Following', 'the vacuum paid, starting (1008)', { variant: 'vacuum' }),
  vacuumStarted: shot('delivery', 'Delivered', 'the vacuum started', { variant: 'vacuum' }),
} satisfies Record<string, Shot>;

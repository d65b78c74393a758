/**
 * The visitor's words for the charts' events, for the QA test plan (`npm run paths:plan`, see
 * path-plan.ts): what the visitor does, or what the page's calls answer. A type missing here falls back
 * to words derived from the type (`method.select` → "method select").
 */
import type { EventObject } from 'xstate';

/** Events the visitor (or the page) sends, by type. */
export const EVENT_WORDS: Readonly<Record<string, string>> = {
  'amount.backspace': 'Tap backspace on the amount keypad',
  'amount.confirm': 'Confirm the amount',
  'amount.confirmed': 'Confirm the amount',
  'amount.decimalPoint': 'Tap the decimal point on the keypad',
  'amount.digit': 'Tap a digit on the amount keypad',
  'applePay.authorized': 'Authorise the payment in the Apple Pay sheet',
  'applePay.cancelled': 'Cancel the Apple Pay sheet',
  'applePay.refused': 'Apple Pay refuses to open its sheet',
  'applePay.sheetClosed': 'The Apple Pay sheet closes',
  'applePay.validateMerchant': 'Apple Pay asks to validate the merchant',
  'baseHost.change': 'Type a base host in the debug settings',
  'baseHost.reset': 'Reset the base host in the debug settings',
  'baseHost.save': 'Save the debug settings',
  'choice.select': 'Pick a choice',
  'contact.change': 'Type the contact details',
  'drawer.close': 'Close the payment drawer',
  'endTime.change': 'Change the end time',
  'form.edit': 'Edit the form again',
  'form.submit': 'Submit the form',
  'frame.loaded': 'The payment page loads in the frame',
  'frame.providerPage': "The frame shows the provider's page",
  'history.hide': 'Close the purchase history',
  'history.show': 'Open the purchase history',
  'hours.confirmed': 'Confirm the hours',
  'intent.retry': 'Tap "Try again" on the payment link',
  'language.change': 'Switch the language',
  'links.sign': 'Tap "Get signed links" on /test',
  'loyalty.continue': 'Continue from the loyalty offer',
  'loyalty.join': 'Join the loyalty club',
  'loyalty.skip': 'Skip the loyalty offer',
  'menu.retry': 'Tap "Try again" to reload the menu',
  'method.continue': 'Continue with the chosen payment method',
  'method.select': 'Choose a payment method',
  'option.select': 'Pick an option',
  'payment.recheck': 'Tap "Check again" for the payment',
  'payment.returned': 'Come back to the page from the payment provider',
  'payment.start': 'Tap "Pay"',
  'phone.blur': 'Leave the phone number field',
  'phone.change': 'Type a phone number',
  'polling.retry': 'Tap "Try again" while waiting for the card',
  'popup.cancel': 'Cancel the popup',
  'popup.continue': 'Continue in the popup',
  'product.select': 'Choose a product',
  'purchase.continue': 'Continue the purchase',
  'purchase.restart': 'Start a new purchase',
  'purchase.retry': 'Tap "Try again" on the purchase',
  'quantity.decrement': 'Tap "−" to lower the quantity',
  'quantity.increment': 'Tap "+" to raise the quantity',
  'rental.cancel': 'Cancel the rental',
  'return.retry': 'Tap "Try again" to return the wheelchair',
  'scan.approved': 'The card scan is approved',
  'scan.cancelled': 'Cancel the card scan',
  'scan.declined': 'The card scan is declined',
  'selection.continue': 'Continue with the selection',
  'signup.submit': 'Submit the sign-up form',
  'splash.over': 'The splash screen ends',
  'startTime.change': 'Change the start time',
  'station.reset': 'Reset the station',
  'stripe.cardReady': 'The Stripe card field is ready',
  'time.close': 'Close the time picker',
  'time.confirm': 'Confirm the time',
  'time.end': 'The booked time runs out',
  'time.start': 'Start the time',
};

/** What the invoked actors (calls, payment flows) are, by invoke id. */
export const ACTOR_WORDS: Readonly<Record<string, string>> = {
  applePay: 'the Apple Pay flow',
  bit: 'the Bit flow',
  bookPaymentLink: 'the call booking the payment link',
  cardFields: 'the card entry flow',
  cardScan: 'the card scan flow',
  chargeCard: 'the card charge call',
  checkGooglePay: 'the Google Pay availability check',
  checkReturnedPayment: 'the check of the returned payment',
  confirmCardPayment: 'the Stripe card confirmation',
  confirmCharge: 'the charge confirmation call',
  createHandshake: 'the card fields handshake call',
  createPaymentIntent: 'the payment intent call',
  createPaymentMethod: 'the Stripe payment method call',
  fetchIntent: 'the payment link call',
  fetchMenu: 'the menu call',
  fetchPaymentPage: 'the payment page call',
  googlePay: 'the Google Pay flow',
  hostedPage: 'the hosted payment page flow',
  initBitPayment: 'the operator, for the Bit payment,',
  isWaitingForCard: 'the station, asked whether it waits for the card,',
  joinPromotion: 'the loyalty sign-up call',
  loadGooglePay: 'the Google Pay script',
  loadStripe: 'the Stripe script',
  mountCardFields: 'the card fields',
  payWithWallet: 'the wallet payment call',
  prepareApplePay: 'Apple Pay, being prepared,',
  readSplashSeen: 'the splash-seen flag',
  redirectToBit: 'the redirect to Bit',
  requestGooglePayment: 'the Google Pay sheet',
  requestPayment: 'the payment request call',
  returnRental: 'the return call',
  setPurchase: 'the purchase call',
  signLinks: 'the sandbox, asked to sign the links,',
  splash: 'the splash screen',
  stripe: 'the Stripe flow',
  validateMerchant: 'the merchant validation call',
  verifyHostedPayment: 'the hosted payment verification call',
};

const MAX_PAYLOAD = 100;

function formatValue(value: unknown): string {
  if (value instanceof Error) return `${value.name}(${value.message})`;
  // JSON.stringify gives undefined for these.
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return String(value);
  return JSON.stringify(value);
}

/** The payload of an event in short (`key: value, ...`), long values cut. */
export function payloadSummary(event: EventObject): string {
  const { type: _type, ...payload } = event as EventObject & Record<string, unknown>;
  const text = Object.entries(payload)
    .map(([key, value]) => `${key}: ${formatValue(value)}`)
    .join(', ');
  return text.length > MAX_PAYLOAD ? `${text.slice(0, MAX_PAYLOAD - 1)}…` : text;
}

/** `method.select` → "method select", `initBitPayment` → "init bit payment". */
export function wordsOf(type: string): string {
  return type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .toLowerCase()
    .trim();
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function actorWords(id: string): string {
  return ACTOR_WORDS[id] ?? wordsOf(id);
}

/** The event in the visitor's words, with its payload in short. */
export function phraseEvent(event: EventObject): string {
  const { type } = event;
  const payload = payloadSummary(event);
  const withPayload = (words: string) => (payload ? `${words} (${payload})` : words);
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done?.[1]) {
    const { output } = event as EventObject & { output?: unknown };
    const answer = output === undefined ? '' : ` (${cut(formatValue(output))})`;
    return `${capitalise(actorWords(done[1]))} answers${answer}`;
  }
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error?.[1]) {
    const { error: reason } = event as EventObject & { error?: unknown };
    const why = reason === undefined ? '' : ` (${cut(formatValue(reason))})`;
    return `${capitalise(actorWords(error[1]))} fails${why}`;
  }
  const after = /^xstate\.after\.([^.]+)/.exec(type);
  if (after?.[1]) return `Wait (the timer ${/^\d+$/.test(after[1]) ? `of ${after[1]} ms` : after[1]} fires)`;
  const known = EVENT_WORDS[type];
  return withPayload(known ?? capitalise(wordsOf(type)));
}

function cut(text: string): string {
  return text.length > MAX_PAYLOAD ? `${text.slice(0, MAX_PAYLOAD - 1)}…` : text;
}

/**
 * Every statechart the designers' documentation shows (`npm run visualize`), in the order the
 * explorer lists them. Each entry uses its machine's own `id` (the key in coverage.json and the
 * name of its files in visualizations/).
 */
import type { AnyStateMachine } from 'xstate';
import { amountEntryMachine } from '../machines/amount-entry/amount-entry.machine';
import { paymentIntentMachine } from '../machines/custom-payment/payment-intent.machine';
import { debugVarsMachine } from '../machines/debug-vars/debug-vars.machine';
import { deliveryMachine } from '../machines/delivery/delivery.machine';
import { testLinksMachine } from '../machines/info/test-links.machine';
import { payPageMachine } from '../machines/pay-page/pay-page.machine';
import { applePayMachine } from '../machines/payment/methods/apple-pay/apple-pay.machine';
import { bitMachine } from '../machines/payment/methods/bit/bit.machine';
import { cardFieldsMachine } from '../machines/payment/methods/card-fields/card-fields.machine';
import { cardScanMachine } from '../machines/payment/methods/card-scan/card-scan.machine';
import { googlePayMachine } from '../machines/payment/methods/google-pay/google-pay.machine';
import { hostedPageMachine } from '../machines/payment/methods/hosted-page/hosted-page.machine';
import { stripeMachine } from '../machines/payment/methods/stripe/stripe.machine';
import { purchaseMachine } from '../machines/purchase/purchase.machine';
import { splashMachine } from '../machines/splash/splash.machine';
import { vacuumMachine } from '../machines/vacuum/vacuum.machine';
import { wheelshareMachine } from '../machines/wheelshare/wheelshare.machine';
import { purchaseLifeMachine } from '../sandbox/operator/purchase-life.machine';

export interface ChartEntry {
  /** The machine's own id. */
  id: string;
  title: string;
  description: string;
  machine: AnyStateMachine;
}

const chart = (machine: AnyStateMachine, title: string, description: string): ChartEntry => ({
  id: machine.id,
  title,
  description,
  machine,
});

export const charts: readonly ChartEntry[] = [
  chart(
    payPageMachine,
    'The /pay page',
    'The splash beside the menu call; the menu decides between machine not found, not active, unavailable (retry) and the purchase.',
  ),
  chart(
    splashMachine,
    'Splash',
    'The colour logo, then the white logo (1.25 s each, from the frame that shows it), unless the splash cookie is set.',
  ),
  chart(
    purchaseMachine,
    'Purchase',
    'The stages of a purchase: select a product, submit it, choose a payment method in the drawer, pay, then success or failure.',
  ),
  chart(
    deliveryMachine,
    'Delivery',
    'After the payment: the operator is asked until its machine has reported; the items to take, or what did not come out released or refunded.',
  ),
  chart(
    amountEntryMachine,
    'Amount entry',
    "The price-input keypad: the amount typed so far is short of the machine's minimum or payable; confirming a short one shows the minimum-amount hint with the machine's figure.",
  ),
  chart(
    vacuumMachine,
    'Vacuum (hourly)',
    'An hourly product, the loyalty offer, then the start and end times before payment.',
  ),
  chart(googlePayMachine, 'Google Pay', 'The Google Pay button, its payment sheet, then the operator’s wallet call.'),
  chart(
    applePayMachine,
    'Apple Pay',
    'One Apple Pay session at a time: merchant validation, the sheet, the wallet call.',
  ),
  chart(
    cardFieldsMachine,
    'Card entry (Tranzila fields)',
    'The processor’s hosted card fields: submit, charge, then the operator’s confirmation.',
  ),
  chart(
    hostedPageMachine,
    'Hosted payment page (Yaad Sarig)',
    'The provider’s payment page in a frame; its redirect tells success from failure.',
  ),
  chart(stripeMachine, 'Stripe card element', 'Validation, a payment intent from the operator, then confirmation.'),
  chart(
    cardScanMachine,
    'Card scan',
    'The operator opens the scan; the scanner page charges the card; its verdict goes to the operator.',
  ),
  chart(bitMachine, 'Bit', 'The browser leaves for Bit’s page; the verdict comes back to /pay.'),
  chart(
    wheelshareMachine,
    'Wheelshare station',
    'Rent (a QR code to pay on the phone, then waiting for the card) or return a wheelchair.',
  ),
  chart(
    paymentIntentMachine,
    'Payment link (payment intent)',
    'Asks the operator for the payment page of a link and sends the browser there.',
  ),
  chart(debugVarsMachine, 'Debug settings', 'The base host form of /debug_vars: draft, save (checked) or reset.'),
  chart(
    testLinksMachine,
    'Payment link test (/test)',
    'The form of /test: the sandbox signs its links when asked (a production build only says the back office signs them).',
  ),
  chart(
    purchaseLifeMachine,
    'A purchase’s life at the operator',
    'The operator’s side (the sandbox’s reference): one attempt open at a time, paid by the first approval a provider confirms, any later one given back, none opened once paid; then the machine delivers, and what it did not deliver is released (a hold) or refunded (a sale).',
  ),
];

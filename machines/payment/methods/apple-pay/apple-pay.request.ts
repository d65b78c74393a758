import type { FrontendConfig } from '../../../menu/menu.types';
import { formatWalletAmount } from '../google-pay/google-pay.request';
import type { PaymentOrder } from '../../payment.types';

/** requirements.md §9: Apple Pay JS session version 1. */
export const APPLE_PAY_VERSION = 1;

/**
 * The networks a version 1 session accepts: Safari refuses the session (TypeError "… is not a valid
 * payment network.") for any other, such as jcb (version 2) or maestro (version 4)
 * (developer.apple.com/documentation/applepayontheweb/supported-networks).
 */
const VERSION_1_NETWORKS: ReadonlySet<string> = new Set([
  'amex',
  'chinaUnionPay',
  'discover',
  'interac',
  'masterCard',
  'privateLabel',
  'visa',
]);

/**
 * ApplePayMerchantCapability (developer.apple.com/documentation/applepayontheweb/applepaymerchantcapability):
 * supports3DS is required; Safari refuses an empty list or an unknown value with a TypeError.
 */
const MERCHANT_CAPABILITIES: ReadonlySet<string> = new Set([
  'supports3DS',
  'supportsEMV',
  'supportsCredit',
  'supportsDebit',
]);

type ApplePayConfig = NonNullable<FrontendConfig['apple_pay']>;

/** What a session's request takes from the menu's apple_pay config. */
export interface ApplePaySettings {
  /** The total's label: Apple shows "Pay <label>", which must be the merchant's name. */
  merchantName: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
}

/**
 * The menu's apple_pay config as a version 1 session can use it: the networks and capabilities Apple
 * knows (others are dropped), the merchant's name (displayName). A config that leaves no network,
 * lacks supports3DS or names no merchant gives none, and Apple Pay is not offered.
 */
export function applePaySettings(config: ApplePayConfig | undefined): ApplePaySettings | undefined {
  if (!config) return undefined;
  const merchantName = config.displayName?.trim() ?? '';
  const supportedNetworks = config.supportedNetworks.filter((network) => VERSION_1_NETWORKS.has(network));
  const merchantCapabilities = config.merchantCapabilities.filter((capability) =>
    MERCHANT_CAPABILITIES.has(capability),
  );
  if (!merchantName || supportedNetworks.length === 0 || !merchantCapabilities.includes('supports3DS'))
    return undefined;
  return { merchantName, supportedNetworks, merchantCapabilities };
}

/** Whether the menu gives Apple Pay a request Safari accepts (like isGooglePayConfigured for Google). */
export const isApplePayConfigured = (config: ApplePayConfig | undefined) => applePaySettings(config) !== undefined;

/** The ApplePayPaymentRequest for the order, from the menu's apple_pay config. */
export function applePaymentRequest(order: PaymentOrder) {
  const settings = applePaySettings(order.config.apple_pay);
  return {
    countryCode: order.countryCode,
    currencyCode: order.currency,
    // Never offered without settings; Safari would refuse these empty ones.
    supportedNetworks: settings?.supportedNetworks ?? [],
    merchantCapabilities: settings?.merchantCapabilities ?? [],
    total: { label: settings?.merchantName ?? '', amount: formatWalletAmount(order.total) },
  };
}

export type ApplePaymentRequest = ReturnType<typeof applePaymentRequest>;

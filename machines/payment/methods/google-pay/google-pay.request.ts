import type { FrontendConfig } from '../../../menu/menu.types';
import type { PaymentOrder } from '../../payment.types';

export const formatWalletAmount = (amount: number) => amount.toFixed(2);

type GooglePayConfig = NonNullable<FrontendConfig['google_pay']>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isFilledList = (value: unknown) => Array.isArray(value) && value.length > 0;

/**
 * A CARD method Google can tokenize: its auth methods and networks, and the tokenizationSpecification
 * (PAYMENT_GATEWAY or DIRECT) that loadPaymentData requires
 * (developers.google.com/pay/api/web/reference/request-objects#PaymentMethod).
 */
function isTokenizableCard(method: unknown): boolean {
  if (!isRecord(method) || method.type !== 'CARD' || !isRecord(method.parameters)) return false;
  const { allowedAuthMethods, allowedCardNetworks } = method.parameters;
  const tokenization = method.tokenizationSpecification;
  return (
    isFilledList(allowedAuthMethods) &&
    isFilledList(allowedCardNetworks) &&
    isRecord(tokenization) &&
    (tokenization.type === 'PAYMENT_GATEWAY' || tokenization.type === 'DIRECT') &&
    isRecord(tokenization.parameters)
  );
}

/**
 * Whether a machine's menu gives Google Pay what Google requires: an environment it knows, tokenizable
 * card methods, and in PRODUCTION the merchantId Google's console issued (MerchantInfo.merchantId is
 * required there). Anything less is not offered: there is no fallback request, and never a silent TEST.
 */
export function isGooglePayConfigured(config: GooglePayConfig | undefined): config is GooglePayConfig {
  if (!config || (config.environment !== 'TEST' && config.environment !== 'PRODUCTION')) return false;
  if (!isFilledList(config.allowedPaymentMethods) || !config.allowedPaymentMethods.every(isTokenizableCard))
    return false;
  const { merchantId } = config.merchantInfo;
  return config.environment === 'TEST' || (typeof merchantId === 'string' && merchantId !== '');
}

/**
 * The PaymentDataRequest of requirements.md §9 (API 2.0, price status FINAL, amounts with 2 decimals) from the menu's
 * config.
 */
export function googlePaymentRequest(order: PaymentOrder) {
  const config = order.config.google_pay;
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: config?.allowedPaymentMethods ?? [],
    merchantInfo: config?.merchantInfo ?? {},
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPrice: formatWalletAmount(order.total),
      currencyCode: order.currency,
      countryCode: order.countryCode,
    },
  };
}

export type GooglePaymentRequest = ReturnType<typeof googlePaymentRequest>;

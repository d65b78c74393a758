import type { PaymentOrder } from './payment.types';

/** Spec §9: card networks offered to Google Pay. */
export const GOOGLE_PAY_CARD_NETWORKS = ['MASTERCARD', 'VISA', 'AMEX', 'DISCOVER'] as const;

export const formatWalletAmount = (amount: number) => amount.toFixed(2);

/** The PaymentDataRequest of spec §9: API 2.0, price status FINAL, amounts with 2 decimals. */
export function googlePaymentRequest(order: PaymentOrder) {
  const config = order.config.google_pay;
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: config?.allowedPaymentMethods.length
      ? config.allowedPaymentMethods
      : [
          {
            type: 'CARD',
            parameters: {
              allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
              allowedCardNetworks: [...GOOGLE_PAY_CARD_NETWORKS],
            },
          },
        ],
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

import { isApplePayConfigured } from '../payment/methods/apple-pay/apple-pay.request';
import { isGooglePayConfigured } from '../payment/methods/google-pay/google-pay.request';
import { CARD_NETWORKS, type CardNetwork, type FrontendConfig } from './menu.types';

/** What a machine accepts when its menu names no networks (contract/operator-api.yaml card_networks). */
export const DEFAULT_CARD_NETWORKS: readonly CardNetwork[] = ['VISA', 'MASTERCARD', 'AMEX'];

export const isCardNetwork = (name: string): name is CardNetwork => (CARD_NETWORKS as readonly string[]).includes(name);

/** A payment's mark: a wallet, Bit, or a card network. */
export type PaymentMark = 'google_pay' | 'apple_pay' | 'bit' | CardNetwork;

/** The card networks the machine accepts. */
export const cardNetworks = (config: FrontendConfig): readonly CardNetwork[] =>
  config.card_networks ?? DEFAULT_CARD_NETWORKS;

/**
 * The footer's marks: what the machine offers, Apple Pay only where the phone can pay with it (`applePayUsable`,
 * src/payments/apple-pay/availability.ts). Apple asks for its mark first among the mobile payment marks.
 */
export function acceptedMarks(config: FrontendConfig, applePayUsable: boolean): PaymentMark[] {
  const cards = config.credit_card?.enabled === true || Boolean(config.stripe?.publishableKey);
  const offered: [PaymentMark[], boolean][] = [
    [['apple_pay'], isApplePayConfigured(config.apple_pay) && applePayUsable],
    [['google_pay'], isGooglePayConfigured(config.google_pay)],
    [['bit'], config.bit?.enabled === true],
    [[...cardNetworks(config)], cards],
  ];
  return offered.flatMap(([marks, shown]) => (shown ? marks : []));
}

/**
 * requirements.md §3 frontend_config.google_pay and Google's request objects
 * (developers.google.com/pay/api/web/reference/request-objects): Google Pay is offered only when every
 * payment method is a CARD Google can tokenize (auth methods, networks, a PAYMENT_GATEWAY or DIRECT
 * tokenization with parameters), the environment is TEST or PRODUCTION, and PRODUCTION has a merchantId.
 */
import { describe, expect, it } from 'vitest';
import { isGooglePayConfigured } from '../../machines/payment/methods/google-pay/google-pay.request';

const card = {
  type: 'CARD',
  parameters: { allowedAuthMethods: ['PAN_ONLY'], allowedCardNetworks: ['VISA'] },
  tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'example' } },
};
const config = (methods: unknown[], environment = 'TEST', merchantInfo: Record<string, unknown> = {}) => ({
  allowedPaymentMethods: methods,
  merchantInfo,
  environment,
});

describe('Google Pay is configured', () => {
  it('with tokenizable cards in TEST, or in PRODUCTION with a merchantId', () => {
    expect(isGooglePayConfigured(config([card]))).toBe(true);
    expect(
      isGooglePayConfigured(
        config([{ ...card, tokenizationSpecification: { type: 'DIRECT', parameters: { protocolVersion: 'ECv2' } } }]),
      ),
    ).toBe(true);
    expect(isGooglePayConfigured(config([card], 'PRODUCTION', { merchantId: 'BCR2' }))).toBe(true);
  });

  it('not without a config, in another environment, or in PRODUCTION without a merchantId', () => {
    expect(isGooglePayConfigured(undefined)).toBe(false);
    expect(isGooglePayConfigured(config([card], 'SANDBOX'))).toBe(false);
    expect(isGooglePayConfigured(config([card], 'SANDBOX', { merchantId: 'BCR2' }))).toBe(false);
    expect(isGooglePayConfigured(config([card], 'PRODUCTION'))).toBe(false);
    expect(isGooglePayConfigured(config([card], 'PRODUCTION', { merchantId: '' }))).toBe(false);
    expect(isGooglePayConfigured(config([card], 'PRODUCTION', { merchantId: 7 }))).toBe(false);
  });

  it('not when any payment method is not a tokenizable card', () => {
    const { parameters, tokenizationSpecification } = card;
    for (const method of [
      null,
      'CARD',
      { ...card, type: 'PAYPAL' },
      { ...card, parameters: undefined },
      { ...card, parameters: { ...parameters, allowedAuthMethods: [] } },
      { ...card, parameters: { ...parameters, allowedCardNetworks: [] } },
      { ...card, parameters: { ...parameters, allowedCardNetworks: 'VISA' } },
      { ...card, tokenizationSpecification: undefined },
      { ...card, tokenizationSpecification: { ...tokenizationSpecification, type: 'OTHER' } },
      { ...card, tokenizationSpecification: { type: 'PAYMENT_GATEWAY' } },
    ]) {
      expect(isGooglePayConfigured(config([method])), JSON.stringify(method)).toBe(false);
      expect(isGooglePayConfigured(config([card, method])), JSON.stringify(method)).toBe(false);
    }
    expect(isGooglePayConfigured(config([]))).toBe(false);
  });
});

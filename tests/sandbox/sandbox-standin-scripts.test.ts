import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../sandbox/app';
import { catalogue } from './sandbox-payments-harness';

describe('stand-in scripts', () => {
  const app = createSandboxApp({ catalogue });
  const scripts = [
    '/sandbox/sdk/google-pay.js',
    '/sandbox/sdk/apple-pay.js',
    '/sandbox/sdk/apple-pay-sdk.js',
    '/sandbox/sdk/tranzila-hosted-fields.js',
    '/sandbox/sdk/stripe.js',
    '/sandbox/pages/forms.js',
    '/sandbox/pages/card-scan.js',
  ];

  it.each(scripts)('serves %s as text/javascript that parses', async (path) => {
    const response = await app.providers.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = await response.text();
    expect(() => new Script(source)).not.toThrow(); // it compiles
  });

  it('defines ApplePaySession only for the cookie sandbox_apple_pay=1, as only Safari has it', async () => {
    const plain = await app.providers.request('/sandbox/sdk/apple-pay.js');
    expect(await plain.text()).not.toContain('window.ApplePaySession =');
    expect(plain.headers.get('cache-control')).toBe('no-store');
    const safari = await app.providers.request('/sandbox/sdk/apple-pay.js', {
      headers: { cookie: 'sandbox_apple_pay=1' },
    });
    expect(await safari.text()).toContain('window.ApplePaySession = ApplePaySession;');
  });

  it.each([
    ['google-pay.js', 'window.google.payments = { api: { PaymentsClient } };'],
    ['tranzila-hosted-fields.js', 'window.TzlaHostedFields = { create };'],
    ['stripe.js', 'window.Stripe = Stripe;'],
  ])('%s installs its global', async (file, line) => {
    expect(await (await app.providers.request(`/sandbox/sdk/${file}`)).text()).toContain(line);
  });
});

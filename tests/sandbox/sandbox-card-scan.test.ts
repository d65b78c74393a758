import { describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { newPurchase } from '../fixtures/sandbox-calls';
import { catalogue, FUTURE, read, postJson } from './sandbox-payments-harness';

describe('card scan: /sandbox/card-scan', () => {
  const scan = (app: SandboxApp, session: string, number: string, amount = '5') =>
    postJson(app, '/sandbox/card-scan/charge', { session_id: session, amount, number, expiry: FUTURE }).then(read);

  it('shows the simulated camera with scan and cancel buttons, posting to this origin', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const page = await app.providers.request(
      `/sandbox/card-scan?session_id=${session}&amount=5&origin=http%3A%2F%2Flocalhost`,
    );
    const text = await page.text();
    expect(text).toContain('data-target-origin="http://localhost"');
    expect(text).toContain('Scanning…');
    expect(text).toMatch(/<button[^>]*data-number="4580458045804580"[^>]*>\s*Simulate scan: Visa 4580…\s*<\/button>/);
    expect(text).toContain('Simulate scan: declined card 4000000000000002');
    expect(text).toMatch(/<button[^>]*>Cancel<\/button>/);
  });

  it('answers 400 for another origin or a wrong amount', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    const other = encodeURIComponent('https://evil.example');
    expect(
      (await app.providers.request(`/sandbox/card-scan?session_id=${session}&amount=5&origin=${other}`)).status,
    ).toBe(400);
    expect((await app.providers.request(`/sandbox/card-scan?session_id=${session}&amount=7`)).status).toBe(400);
  });

  it('charges a scanned card by the card rules, once', async () => {
    const app = createSandboxApp({ catalogue });
    const session = await newPurchase(app);
    expect(await scan(app, session, TEST_CARDS.declined)).toEqual({
      status: 'declined',
      transaction_id: 'SBX-000001',
      message: 'Your card was declined.',
    });
    expect(await scan(app, session, TEST_CARDS.approved)).toEqual({ status: 'approved', transaction_id: 'SBX-000002' });
    expect(await scan(app, session, TEST_CARDS.approved)).toEqual({
      status: 'declined',
      message: 'This purchase is already paid.',
    });
    expect(app.charges.list().map((charge) => [charge.method, charge.status])).toEqual([
      ['card_scan', 'declined'],
      ['card_scan', 'approved'],
    ]);
  });
});

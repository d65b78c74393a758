import { Hono } from 'hono';
import type { SandboxEnv } from '../api/shared';

/** The card the stand-in's Google account holds: its sheet offers it and its PaymentData describes it. */
export const GOOGLE_PAY_CARD = {
  description: 'Visa •••• 1111',
  info: { cardNetwork: 'VISA', cardDetails: '1111' },
} as const;

/**
 * GET /sandbox/google-pay/card: what Google's sheet shows, from Google's side. The real sheet is not the
 * page's own (Chrome opens Google Pay as a payment handler, pay.js frames it from pay.google.com) and shows
 * the payer's cards from their account, so it appears only once Google has answered, never within the tap.
 */
export function googlePayRoutes() {
  return (
    new Hono<SandboxEnv>()
      .get('/card', (c) => c.json(GOOGLE_PAY_CARD))
      /**
       * GET /sandbox/google-pay/ready: Google's isReadyToPay answer for this browser (reference/client#isReadyToPay),
       * yes in the sandbox; a test answers no, fails it or holds it to stand for a browser Google Pay does not serve.
       */
      .get('/ready', (c) => c.json({ result: true }))
  );
}

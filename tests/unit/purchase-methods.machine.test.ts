import { describe, it, expect, vi } from 'vitest';
import { SimulatedClock, waitFor } from 'xstate';
import { selectApplePayUnavailable, selectOfferedMethods } from '../../machines/purchase/purchase.selectors';
import { googlePayOnlyConfig, listMenu, makeMenu } from '../fixtures/menus';
import { startPurchase, continueToMethods, startMethod } from './purchase-harness';

describe('purchaseMachine', () => {
  describe('the phone’s likely wallet: checked before the list opens, then preselected', () => {
    const APPLE_PAY_HERE = { applePaySupported: true, applePayAvailable: true };
    const ready = (answer: boolean) => () => Promise.resolve(answer);

    it('Google Pay ready and no Apple Pay: Google Pay offered and preselected', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: ready(true) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).toContain('google_pay');
      expect(purchase.snapshot().context.method).toBe('google_pay');
      expect(purchase.snapshot().can({ type: 'method.continue' })).toBe(true);
    });

    it('Apple Pay can pay here: Apple Pay preselected, Google Pay still offered', async () => {
      const purchase = startPurchase(listMenu, { ...APPLE_PAY_HERE, checkGooglePay: ready(true) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).toEqual(expect.arrayContaining(['google_pay', 'apple_pay']));
      expect(purchase.snapshot().context.method).toBe('apple_pay');
    });

    it('Apple Pay can pay here and Google Pay is not ready: Apple Pay preselected, Google Pay not offered', async () => {
      const purchase = startPurchase(listMenu, { ...APPLE_PAY_HERE, checkGooglePay: ready(false) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('google_pay');
      expect(purchase.snapshot().context.method).toBe('apple_pay');
    });

    it('an Apple device without a usable card: Google Pay preselected, the spec’s Apple Pay message', async () => {
      const purchase = startPurchase(listMenu, {
        applePaySupported: true,
        applePayAvailable: false,
        checkGooglePay: ready(true),
      });
      await continueToMethods(purchase);
      expect(purchase.snapshot().context.method).toBe('google_pay');
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('apple_pay');
      expect(selectApplePayUnavailable(purchase.snapshot())).toBe(true);
    });

    it('a browser without Apple Pay (Android, Chrome): Apple Pay neither offered nor announced', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: ready(true) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('apple_pay');
      expect(selectApplePayUnavailable(purchase.snapshot())).toBe(false);
    });

    it('isReadyToPay false: Google Pay not offered, nothing preselected, Continue dimmed', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: ready(false) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('google_pay');
      expect(purchase.snapshot().context.method).toBeUndefined();
      expect(purchase.snapshot().can({ type: 'method.continue' })).toBe(false);
      purchase.actor.send({ type: 'method.select', method: 'google_pay' });
      expect(purchase.snapshot().context.method, 'not selectable either').toBeUndefined();
    });

    it('Google’s check fails (pay.js does not load): as not ready', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: () => Promise.reject(new Error('pay.js 404')) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('google_pay');
      expect(purchase.snapshot().context.method).toBeUndefined();
    });

    it('Google does not answer: after 4 s the list opens without Google Pay; until then the drawer stays shut', async () => {
      const clock = new SimulatedClock();
      const purchase = startPurchase(listMenu, { checkGooglePay: () => new Promise<boolean>(() => {}), clock });
      purchase.actor.send({ type: 'purchase.continue' });
      await waitFor(purchase.actor, (s) => s.matches({ SELECT_PAYMENT_METHOD: 'CheckingWallets' }));
      expect(purchase.snapshot().hasTag('busy')).toBe(true);
      expect(purchase.snapshot().hasTag('drawerOpen')).toBe(false);
      clock.increment(3999);
      expect(purchase.snapshot().matches({ SELECT_PAYMENT_METHOD: 'CheckingWallets' })).toBe(true);
      clock.increment(1);
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
      expect(purchase.snapshot().hasTag('drawerOpen')).toBe(true);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('google_pay');
    });

    it('the visitor can change the preselection, and Continue starts the one chosen', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: ready(true) });
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.select', method: 'card_scan' });
      purchase.actor.send({ type: 'method.continue' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' });
      expect(purchase.snapshot().context.method).toBe('card_scan');
    });

    it('Google is asked once per page: a cancelled step comes back to the choice without asking again', async () => {
      const checkGooglePay = vi.fn(ready(true));
      const purchase = startPurchase(listMenu, { checkGooglePay });
      await continueToMethods(purchase);
      startMethod(purchase, 'card_scan');
      purchase.finishPayment('cardScan', { outcome: 'cancelled' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
      expect(purchase.snapshot().context.method, 'the visitor’s choice is kept').toBe('card_scan');
      expect(checkGooglePay).toHaveBeenCalledTimes(1);
    });
  });

  describe('SELECT_PAYMENT_METHOD', () => {
    it('method.select accepts only offered methods', async () => {
      const purchase = startPurchase(listMenu, {
        applePayAvailable: false,
        checkGooglePay: () => Promise.resolve(false),
      });
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.select', method: 'apple_pay' });
      expect(purchase.snapshot().context.method).toBeUndefined();
      purchase.actor.send({ type: 'method.select', method: 'bit' });
      expect(purchase.snapshot().context.method).toBe('bit');
      purchase.actor.send({ type: 'method.select', method: 'apple_pay' });
      expect(purchase.snapshot().context.method).toBe('bit');
    });

    it('Apple Pay is accepted when the browser supports it', async () => {
      const purchase = startPurchase(listMenu, { applePayAvailable: true });
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.select', method: 'apple_pay' });
      expect(purchase.snapshot().context.method).toBe('apple_pay');
    });

    it('card fields and Bit are refused when not configured (STRIP card, Bit disabled, no Stripe key)', async () => {
      const purchase = startPurchase(makeMenu({ frontend_config: googlePayOnlyConfig }));
      await continueToMethods(purchase);
      // Google Pay, ready here, is preselected; each refused method leaves it chosen.
      expect(purchase.snapshot().context.method).toBe('google_pay');
      for (const method of ['credit_card', 'card_scan', 'bit', 'stripe', 'apple_pay'] as const) {
        purchase.actor.send({ type: 'method.select', method });
        expect(purchase.snapshot().context.method).toBe('google_pay');
      }
    });

    it('method.continue without a method does nothing', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: () => Promise.resolve(false) });
      await continueToMethods(purchase);
      expect(purchase.snapshot().context.method).toBeUndefined();
      purchase.actor.send({ type: 'method.continue' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
    });

    for (const method of ['credit_card', 'card_scan', 'bit'] as const) {
      it(`${method}: the popup explains first and starts nothing; cancel goes back to the choice`, async () => {
        const purchase = startPurchase(listMenu);
        await continueToMethods(purchase);
        purchase.actor.send({ type: 'method.select', method });
        purchase.actor.send({ type: 'method.continue' });
        expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' });
        expect(Object.keys(purchase.snapshot().children)).toEqual([]);
        purchase.actor.send({ type: 'popup.cancel' });
        expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
        expect(purchase.snapshot().context.method).toBe(method);
        expect(Object.values(purchase.logs).flatMap((log) => log.inputs)).toEqual([]);
      });
    }

    it('the popup does not react to method events', async () => {
      const purchase = startPurchase(listMenu);
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.select', method: 'credit_card' });
      purchase.actor.send({ type: 'method.continue' });
      purchase.actor.send({ type: 'method.select', method: 'google_pay' });
      expect(purchase.snapshot().context.method).toBe('credit_card');
    });
  });
});

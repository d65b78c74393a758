import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  hostedPageMachine,
  hostedPageOrigin,
  isOnOrigin,
  isReturnPage,
  type HostedPageInput,
  type PayStatus,
  type ReturnedPayment,
} from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { AttemptInput, PayResponse } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { HOSTED_PAGE } from '../fixtures/purchases';
import { singleLineOrder } from '../fixtures/orders';

const PAGE_URL = `${HOSTED_PAGE.pageOrigin}/p/?action=pay&Masof=4500&Amount=12.50&signature=abc`;
const RETURN_URL = HOSTED_PAGE.returnUrl;
/** Hyp's redirect back, in Hyp's order. */
const APPROVED_RETURN = `${RETURN_URL}?Id=tx-300&CCode=0&Amount=12.5&ACode=0012345&Order=o-1&Fild1=&Sign=f00`;

const never = <T>() => new Promise<T>(() => {});
const APPROVED: PayResponse = { status: 0, msg: 'Payment approved.', transactionId: 'tx-300' };

function startHostedPage({
  fetchPaymentPage = () => Promise.resolve(PAGE_URL),
  verify = () => Promise.resolve(APPROVED),
  clock,
}: {
  /** The actor's clock, where a test moves time on (the page's 10 minutes). */
  clock?: SimulatedClock;
  fetchPaymentPage?: (input: AttemptInput) => Promise<string>;
  verify?: (input: AttemptInput & { returned: ReturnedPayment }) => Promise<PayResponse>;
} = {}) {
  const statuses: PayStatus[] = [];
  const fetchPage = vi.fn(fetchPaymentPage);
  const verifyPayment = vi.fn(verify);
  const input: HostedPageInput = { order: singleLineOrder, ...HOSTED_PAGE };
  const actor = createActor(
    hostedPageMachine.provide({
      actors: {
        fetchPaymentPage: fromPromise(({ input }) => fetchPage(input)),
        verifyHostedPayment: fromPromise(({ input }) => verifyPayment(input)),
      },
      actions: { storePayStatus: (_, status: PayStatus) => statuses.push(status) },
    }),
    clock ? { input, clock } : { input },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const pageFetched = () => waitFor(actor, (s) => !s.matches('Idle'));
  const frameLoaded = (url: string) => actor.send({ type: 'frame.loaded', url });
  const providerPage = () => actor.send({ type: 'frame.providerPage' });
  /** The frame shows the provider's form (a page of its origin, which this origin cannot read). */
  const toShowingPage = async () => {
    await pageFetched();
    providerPage();
    expect(snapshot().value).toEqual({ Processing: { Framed: 'ShowingPage' } });
  };
  const settled = () => waitFor(actor, (s) => s.status === 'done');
  return {
    actor,
    snapshot,
    statuses,
    fetchPage,
    verifyPayment,
    pageFetched,
    frameLoaded,
    providerPage,
    toShowingPage,
    settled,
  };
}

describe('hostedPageMachine', () => {
  describe('fetching the page (pay_ajax)', () => {
    it('starts loading the page address for the order, naming no return page (the Hyp terminal has one)', () => {
      const page = startHostedPage({ fetchPaymentPage: () => never() });
      expect(page.snapshot().value).toBe('Idle');
      expect(page.snapshot().hasTag('loading')).toBe(true);
      expect(page.fetchPage).toHaveBeenCalledWith({
        order: singleLineOrder,
        attemptKey: expect.any(String) as unknown,
      });
      expect(page.statuses).toEqual([]);
    });

    it('an address on the provider’s origin goes to Processing with the pay status pending (requirements.md §4)', async () => {
      const page = startHostedPage();
      await page.pageFetched();
      expect(page.snapshot().value).toEqual({ Processing: { Framed: 'LoadingPage' } });
      expect(page.snapshot().hasTag('processing')).toBe(true);
      expect(page.snapshot().hasTag('loading')).toBe(true);
      expect(page.snapshot().context.pageUrl).toBe(PAGE_URL);
      expect(page.statuses).toEqual(['pending']);
    });

    it.each([
      ['another host', 'https://evil.test/p/?action=pay'],
      ['http on the provider’s host', PAGE_URL.replace('https:', 'http:')],
      ['another port', PAGE_URL.replace('pay.hyp.test', 'pay.hyp.test:8443')],
      ['the app’s own origin', `${new URL(RETURN_URL).origin}/fake-form`],
    ])('an address on %s is refused before it is framed (unexpectedFrameUrl)', async (_, url) => {
      const page = startHostedPage({ fetchPaymentPage: () => Promise.resolve(url) });
      await page.pageFetched();
      expect(page.snapshot().value).toBe('Failed');
      expect(page.snapshot().context.pageUrl).toBe('');
      expect(page.snapshot().output).toEqual({ outcome: 'failed', reason: 'unexpectedFrameUrl' });
      expect(page.statuses).toEqual([]);
    });

    it('a failed fetch fails with the operator message, or the generic failure', async () => {
      const withMessage = startHostedPage({
        fetchPaymentPage: () =>
          Promise.reject(new ApiError({ kind: 'http', status: 500, message: 'Terminal not configured' })),
      });
      await withMessage.pageFetched();
      expect(withMessage.snapshot().value).toBe('Failed');
      expect(withMessage.snapshot().output).toEqual({
        outcome: 'failed',
        message: 'Terminal not configured',
        code: 500,
      });
      expect(withMessage.statuses).toEqual([]);

      const timeout = startHostedPage({ fetchPaymentPage: () => Promise.reject(new ApiError({ kind: 'timeout' })) });
      await timeout.pageFetched();
      expect(timeout.snapshot().output).toEqual({ outcome: 'failed', reason: 'paymentFailed' });
    });
  });

  describe('the frame', () => {
    it('the provider’s page (unreadable, another origin) shows the page', async () => {
      const page = startHostedPage();
      await page.toShowingPage();
      expect(page.snapshot().hasTag('loading')).toBe(false);
      expect(page.snapshot().hasTag('processing')).toBe(true);
      expect(page.statuses).toEqual(['pending']);
    });

    it('more of the provider’s pages (3-D Secure, its error page, its form again) keep waiting, never fail', async () => {
      const page = startHostedPage();
      await page.toShowingPage();
      page.providerPage();
      page.providerPage();
      expect(page.snapshot().value).toEqual({ Processing: { Framed: 'ShowingPage' } });
      expect(page.verifyPayment).not.toHaveBeenCalled();
    });

    it('Hyp serves the page 10 minutes: at 10 minutes the payment fails as pageExpired, pay status failed, nothing verified', async () => {
      const clock = new SimulatedClock();
      const page = startHostedPage({ clock });
      await page.toShowingPage();
      clock.increment(10 * 60 * 1000 - 1);
      expect(page.snapshot().value).toEqual({ Processing: { Framed: 'ShowingPage' } });
      clock.increment(1);
      expect(page.snapshot().value).toBe('Failed');
      expect(page.snapshot().output).toEqual({ outcome: 'failed', reason: 'pageExpired' });
      expect(page.statuses).toEqual(['pending', 'failed']);
      expect(page.verifyPayment).not.toHaveBeenCalled();
    });

    it('the page’s 10 minutes end nothing once Hyp has sent the payer back: the operator’s answer does', async () => {
      let answer = (_: PayResponse) => {};
      const clock = new SimulatedClock();
      const page = startHostedPage({ clock, verify: () => new Promise((resolve) => (answer = resolve)) });
      await page.toShowingPage();
      page.frameLoaded(APPROVED_RETURN);
      clock.increment(60 * 60 * 1000);
      expect(page.snapshot().value).toEqual({ Processing: 'Verifying' });
      answer(APPROVED);
      await page.settled();
      expect(page.snapshot().value).toBe('Success');
    });

    it('the return page: the operator verifies every returned parameter, in order; status 0 succeeds', async () => {
      const page = startHostedPage({ verify: () => never() });
      await page.toShowingPage();
      page.frameLoaded(APPROVED_RETURN);
      expect(page.snapshot().value).toEqual({ Processing: 'Verifying' });
      expect(page.snapshot().hasTag('loading')).toBe(true);
      expect(page.verifyPayment).toHaveBeenCalledWith({
        order: singleLineOrder,
        returned: expect.anything() as unknown,
        // One attempt: the page's address and its verification carry the same Idempotency-Key.
        attemptKey: page.fetchPage.mock.calls[0]?.[0].attemptKey,
      });
      const returned = page.verifyPayment.mock.calls[0]?.[0].returned ?? {};
      expect(Object.entries(returned)).toEqual([
        ['Id', 'tx-300'],
        ['CCode', '0'],
        ['Amount', '12.5'],
        ['ACode', '0012345'],
        ['Order', 'o-1'],
        ['Fild1', ''],
        ['Sign', 'f00'],
      ]);
    });

    it('a verified payment succeeds with the operator’s transaction id', async () => {
      const page = startHostedPage();
      await page.toShowingPage();
      page.frameLoaded(APPROVED_RETURN);
      await page.settled();
      expect(page.snapshot().value).toBe('Success');
      expect(page.snapshot().output).toEqual({
        outcome: 'succeeded',
        transactionId: 'tx-300',
        message: 'Payment approved.',
      });
      expect(page.statuses).toEqual(['pending']);
    });

    it('what the operator does not verify (a decline, a forgery) fails with its message and status', async () => {
      const page = startHostedPage({
        verify: () => Promise.resolve({ status: 1, msg: 'Card declined (Hyp CCode 4).', transactionId: 'tx-301' }),
      });
      await page.toShowingPage();
      page.frameLoaded(`${RETURN_URL}?Id=tx-301&CCode=4&Sign=f00`);
      await page.settled();
      expect(page.snapshot().value).toBe('Failed');
      expect(page.snapshot().output).toEqual({
        outcome: 'failed',
        transactionId: 'tx-301',
        message: 'Card declined (Hyp CCode 4).',
        code: 1,
      });
    });

    it('a verify call without an answer fails as unconfirmed (the charge may have gone through)', async () => {
      const page = startHostedPage({ verify: () => Promise.reject(new ApiError({ kind: 'timeout' })) });
      await page.toShowingPage();
      page.frameLoaded(APPROVED_RETURN);
      await page.settled();
      expect(page.snapshot().output).toEqual({ outcome: 'failed', reason: 'unconfirmed' });
    });

    it('the return page counts even as the very first load', async () => {
      const page = startHostedPage();
      await page.pageFetched();
      page.frameLoaded(APPROVED_RETURN);
      await page.settled();
      expect(page.snapshot().output).toMatchObject({ outcome: 'succeeded', transactionId: 'tx-300' });
    });

    it.each([
      ['about:blank (a page that failed to load)', 'about:blank'],
      ['another page of the app', `${new URL(RETURN_URL).origin}/pay?machine_id=1002`],
      ['the return page’s path on another origin', `https://evil.test${new URL(RETURN_URL).pathname}?CCode=0`],
    ])(
      'a readable address that is not the return page, %s, fails as unexpectedFrameUrl (requirements.md §8)',
      async (_, url) => {
        const page = startHostedPage();
        await page.toShowingPage();
        page.frameLoaded(url);
        expect(page.snapshot().value).toBe('Failed');
        expect(page.snapshot().output).toEqual({ outcome: 'failed', reason: 'unexpectedFrameUrl' });
        expect(page.statuses).toEqual(['pending', 'failed']);
        expect(page.verifyPayment).not.toHaveBeenCalled();
      },
    );

    it('frame events before the address is known, or while verifying, are not handled', async () => {
      const idle = startHostedPage({ fetchPaymentPage: () => never() });
      idle.frameLoaded(APPROVED_RETURN);
      idle.providerPage();
      expect(idle.snapshot().value).toBe('Idle');

      const verifying = startHostedPage({ verify: () => never() });
      await verifying.toShowingPage();
      verifying.frameLoaded(APPROVED_RETURN);
      verifying.frameLoaded('about:blank');
      verifying.providerPage();
      expect(verifying.snapshot().value).toEqual({ Processing: 'Verifying' });
      expect(verifying.verifyPayment).toHaveBeenCalledTimes(1);
    });
  });

  describe('hostedPageOrigin, isOnOrigin and isReturnPage', () => {
    it('takes an https origin; http only where the build allows it (the sandbox)', () => {
      expect(hostedPageOrigin('https://pay.hyp.co.il', false)).toBe('https://pay.hyp.co.il');
      expect(hostedPageOrigin('https://pay.hyp.co.il/p/', false)).toBe('https://pay.hyp.co.il');
      expect(hostedPageOrigin('http://localhost:4411', false)).toBe('');
      expect(hostedPageOrigin('http://localhost:4411', true)).toBe('http://localhost:4411');
      expect(hostedPageOrigin('', true)).toBe('');
      expect(hostedPageOrigin(undefined, true)).toBe('');
      expect(hostedPageOrigin('javascript:alert(1)', true)).toBe('');
    });

    it('the return page is its origin and path, with any query', () => {
      expect(isReturnPage(`${RETURN_URL}?CCode=0`, RETURN_URL)).toBe(true);
      expect(isReturnPage(RETURN_URL, RETURN_URL)).toBe(true);
      expect(isReturnPage(`${RETURN_URL}/more`, RETURN_URL)).toBe(false);
      expect(isReturnPage('about:blank', RETURN_URL)).toBe(false);
      // A return address that is no web address matches no page (and does not throw).
      expect(isReturnPage(`${RETURN_URL}?CCode=0`, 'about:blank')).toBe(false);
    });

    it('the page pay_ajax names must be a web page on the provider origin (requirements.md §8: else unexpected address)', () => {
      expect(isOnOrigin('https://pay.hyp.co.il/p/?action=pay', 'https://pay.hyp.co.il')).toBe(true);
      expect(isOnOrigin('https://pay.hyp.co.il.evil.example/p/', 'https://pay.hyp.co.il')).toBe(false);
      expect(isOnOrigin('javascript:alert(1)', 'https://pay.hyp.co.il')).toBe(false);
      expect(isOnOrigin('https://pay.hyp.co.il/p/', '')).toBe(false);
    });
  });

  describe('closing the drawer abandons', () => {
    it('while the address loads', () => {
      const page = startHostedPage({ fetchPaymentPage: () => never() });
      page.actor.send({ type: 'drawer.close' });
      expect(page.snapshot().value).toBe('Abandoned');
      expect(page.snapshot().output).toEqual({ outcome: 'abandoned' });
    });

    it('while the frame loads or shows the page', async () => {
      const loading = startHostedPage();
      await loading.pageFetched();
      loading.actor.send({ type: 'drawer.close' });
      expect(loading.snapshot().output).toEqual({ outcome: 'abandoned' });

      const showing = startHostedPage();
      await showing.toShowingPage();
      showing.actor.send({ type: 'drawer.close' });
      expect(showing.snapshot().value).toBe('Abandoned');
      expect(showing.snapshot().output).toEqual({ outcome: 'abandoned' });
    });
  });

  it('does not abandon while the operator verifies what Hyp sent back: the provider may have charged, so its answer ends the payment', async () => {
    let answer: (response: PayResponse) => void = () => {};
    const verifying = startHostedPage({ verify: () => new Promise<PayResponse>((resolve) => (answer = resolve)) });
    await verifying.toShowingPage();
    verifying.frameLoaded(APPROVED_RETURN);
    verifying.actor.send({ type: 'drawer.close' });
    expect(verifying.snapshot().value).toEqual({ Processing: 'Verifying' });
    expect(verifying.snapshot().status).toBe('active');

    answer({ status: 0, msg: 'Payment approved.', transactionId: 'tx-300' });
    await vi.waitFor(() => expect(verifying.snapshot().value).toBe('Success'));
    expect(verifying.snapshot().output).toMatchObject({ outcome: 'succeeded', transactionId: 'tx-300' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  hostedPageMachine,
  isSuccessUrl,
  type HostedPageInput,
  type PayStatus,
} from '../../machines/payment/hosted-page.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';

const PAGE_URL = 'https://pay.yaad.test/p/form?Masof=4500&Amount=12.50';
const SUCCESS_URL = 'https://success.pay-app.test/done';

const never = <T>() => new Promise<T>(() => {});

function startHostedPage(
  fetchPaymentPage: (input: { order: PaymentOrder }) => Promise<string> = () => Promise.resolve(PAGE_URL),
) {
  const statuses: PayStatus[] = [];
  const fetchPage = vi.fn(fetchPaymentPage);
  const input: HostedPageInput = { order: singleLineOrder, successUrl: SUCCESS_URL };
  const actor = createActor(
    hostedPageMachine.provide({
      actors: { fetchPaymentPage: fromPromise<string, { order: PaymentOrder }>(({ input }) => fetchPage(input)) },
      actions: { storePayStatus: (_, status: PayStatus) => statuses.push(status) },
    }),
    { input },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const pageFetched = () => waitFor(actor, (s) => !s.matches('Idle'));
  const frameLoaded = (url: string) => actor.send({ type: 'frame.loaded', url });
  /** The frame shows the provider's form (the first load at the page's address). */
  const toShowingPage = async () => {
    await pageFetched();
    frameLoaded(PAGE_URL);
    expect(snapshot().value).toEqual({ Processing: 'ShowingPage' });
  };
  return { actor, snapshot, statuses, fetchPage, pageFetched, frameLoaded, toShowingPage };
}

describe('hostedPageMachine', () => {
  describe('fetching the page (pay_ajax)', () => {
    it('starts loading the page address for the order', () => {
      const page = startHostedPage(() => never());
      expect(page.snapshot().value).toBe('Idle');
      expect(page.snapshot().hasTag('loading')).toBe(true);
      expect(page.fetchPage).toHaveBeenCalledWith({ order: singleLineOrder });
      expect(page.statuses).toEqual([]);
    });

    it('the address goes to Processing with the pay status pending (spec §4)', async () => {
      const page = startHostedPage();
      await page.pageFetched();
      expect(page.snapshot().value).toEqual({ Processing: 'LoadingPage' });
      expect(page.snapshot().hasTag('processing')).toBe(true);
      expect(page.snapshot().hasTag('loading')).toBe(true);
      expect(page.snapshot().context.pageUrl).toBe(PAGE_URL);
      expect(page.statuses).toEqual(['pending']);
    });

    it('a failed fetch fails with the operator message, or the generic failure', async () => {
      const withMessage = startHostedPage(() =>
        Promise.reject(new ApiError({ kind: 'http', status: 500, message: 'Terminal not configured' })),
      );
      await withMessage.pageFetched();
      expect(withMessage.snapshot().value).toBe('Failed');
      expect(withMessage.snapshot().output).toEqual({
        outcome: 'failed',
        message: 'Terminal not configured',
        code: 500,
      });
      expect(withMessage.statuses).toEqual([]);

      const timeout = startHostedPage(() => Promise.reject(new ApiError({ kind: 'timeout' })));
      await timeout.pageFetched();
      expect(timeout.snapshot().output).toEqual({ outcome: 'failed', reason: 'paymentFailed' });
    });
  });

  describe('the frame (spec §4 hosted iframe)', () => {
    it('first loading at its original address shows the page', async () => {
      const page = startHostedPage();
      await page.toShowingPage();
      expect(page.snapshot().hasTag('loading')).toBe(false);
      expect(page.snapshot().hasTag('processing')).toBe(true);
      expect(page.statuses).toEqual(['pending']);
    });

    it('the original address is the same origin and path; the query may differ', async () => {
      const page = startHostedPage();
      await page.pageFetched();
      page.frameLoaded('https://pay.yaad.test/p/form?Masof=4500&step=2#top');
      expect(page.snapshot().value).toEqual({ Processing: 'ShowingPage' });
    });

    it('loading the original address again is a failed payment', async () => {
      const page = startHostedPage();
      await page.toShowingPage();
      page.frameLoaded('https://pay.yaad.test/p/form?Masof=4500&error=1');
      expect(page.snapshot().value).toBe('Failed');
      expect(page.snapshot().output).toEqual({ outcome: 'failed', reason: 'paymentFailed' });
    });

    it('a redirect to the success URL succeeds with the transaction_id of its query', async () => {
      const page = startHostedPage();
      await page.toShowingPage();
      page.frameLoaded(`${SUCCESS_URL}?transaction_id=tx-300&CCode=0`);
      expect(page.snapshot().value).toBe('Success');
      expect(page.snapshot().output).toEqual({ outcome: 'succeeded', transactionId: 'tx-300' });
      expect(page.statuses).toEqual(['pending']);
    });

    it('a success URL without transaction_id succeeds without an id', async () => {
      const page = startHostedPage();
      await page.toShowingPage();
      page.frameLoaded(SUCCESS_URL);
      expect(page.snapshot().output).toEqual({ outcome: 'succeeded', transactionId: undefined });
    });

    it('the success URL counts even as the very first load', async () => {
      const page = startHostedPage();
      await page.pageFetched();
      page.frameLoaded(`${SUCCESS_URL}?transaction_id=tx-301`);
      expect(page.snapshot().output).toEqual({ outcome: 'succeeded', transactionId: 'tx-301' });
    });

    it.each([
      ['another host', 'https://evil.test/p/form'],
      ['another path on the page host', 'https://pay.yaad.test/p/other'],
      ['another scheme', 'http://pay.yaad.test/p/form'],
    ])('%s fails as unexpectedFrameUrl with the pay status failed (spec §8)', async (_, url) => {
      const page = startHostedPage();
      await page.toShowingPage();
      page.frameLoaded(url);
      expect(page.snapshot().value).toBe('Failed');
      expect(page.snapshot().output).toEqual({ outcome: 'failed', reason: 'unexpectedFrameUrl' });
      expect(page.statuses).toEqual(['pending', 'failed']);
    });

    it('an unexpected address as the first load fails the same way', async () => {
      const page = startHostedPage();
      await page.pageFetched();
      page.frameLoaded('https://evil.test/');
      expect(page.snapshot().output).toEqual({ outcome: 'failed', reason: 'unexpectedFrameUrl' });
      expect(page.statuses).toEqual(['pending', 'failed']);
    });

    it('frame.loaded before the address is known is not handled', () => {
      const page = startHostedPage(() => never());
      page.frameLoaded(`${SUCCESS_URL}?transaction_id=tx-302`);
      expect(page.snapshot().value).toBe('Idle');
    });
  });

  describe('isSuccessUrl', () => {
    it('is a prefix match on the configured success URL', () => {
      expect(isSuccessUrl(`${SUCCESS_URL}?transaction_id=1`, SUCCESS_URL)).toBe(true);
      expect(isSuccessUrl(SUCCESS_URL, SUCCESS_URL)).toBe(true);
      expect(isSuccessUrl('https://pay.yaad.test/done', SUCCESS_URL)).toBe(false);
    });
  });

  describe('closing the drawer abandons', () => {
    it('while the address loads', () => {
      const page = startHostedPage(() => never());
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
});

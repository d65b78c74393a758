import { isSameLink } from '../../machines/custom-payment/payment-link';
import type { PaymentIntent } from '../../machines/custom-payment/payment-intent.machine';
import { localStore } from './local-store';

/** requirements.md §3 `visitor_uuid`, and the payment page it was given for. */
const KEYS = { visitorUuid: 'visitor_uuid', forUrl: 'visitor_uuid_for' } as const;

/** The visitor uuid /genPaymentIntend received, kept for the one payment page it belongs to. */
export const paymentIntentStorage = {
  remember({ visitorUuid, iframeUrl }: PaymentIntent): void {
    localStore.setItem(KEYS.visitorUuid, visitorUuid);
    localStore.setItem(KEYS.forUrl, iframeUrl);
  },
  /**
   * The visitor uuid stored for this very page: a reload of the link keeps it, while a stale one from
   * another link is never used.
   */
  intentFor(pageUrl: string): string | undefined {
    const visitorUuid = localStore.getItem(KEYS.visitorUuid);
    const forUrl = localStore.getItem(KEYS.forUrl);
    return visitorUuid && forUrl !== null && isSameLink(forUrl, pageUrl) ? visitorUuid : undefined;
  },
};

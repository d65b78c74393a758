import type { CardScanEvent } from '../../../machines/payment/card-scan.machine';
import type { PaymentOrder } from '../../../machines/payment/payment.types';
import { PROVIDER_URLS } from '../../config';

const scanOrigin = () => new URL(PROVIDER_URLS.cardScan, window.location.href).origin;

/** The scan step's address for this order; it reports back to this page's origin. */
export function cardScanUrl(order: PaymentOrder): string {
  const url = new URL(PROVIDER_URLS.cardScan, window.location.href);
  url.searchParams.set('session_id', order.visitorUuid ?? '');
  url.searchParams.set('amount', order.total.toFixed(2));
  url.searchParams.set('origin', window.location.origin);
  return url.href;
}

interface ScanMessage {
  source?: unknown;
  status?: unknown;
  transaction_id?: unknown;
  message?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Turns the scan step's postMessage into machine events; messages from any other origin are ignored. */
export function toScanEvent(origin: string, data: unknown): CardScanEvent | undefined {
  if (origin !== scanOrigin() || typeof data !== 'object' || data === null) return undefined;
  const message = data as ScanMessage;
  if (message.source !== 'card-scan') return undefined;
  switch (message.status) {
    case 'approved':
      return { type: 'scan.approved', transactionId: text(message.transaction_id) };
    case 'declined':
      return { type: 'scan.declined', message: text(message.message) };
    case 'cancelled':
      return { type: 'scan.cancelled' };
    default:
      return undefined;
  }
}

/** Listens for the scan step's verdict until stopped. */
export function listenForScanResult(
  _input: { order: PaymentOrder },
  sendBack: (event: CardScanEvent) => void,
): () => void {
  const onMessage = (event: MessageEvent) => {
    const scanEvent = toScanEvent(event.origin, event.data);
    if (scanEvent) sendBack(scanEvent);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

import type { CardScanEvent } from '../../../machines/payment/methods/card-scan/card-scan.machine';

interface ScanMessage {
  source?: unknown;
  status?: unknown;
  transaction_id?: unknown;
  message?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Turns the scan step's postMessage into machine events; messages from any origin but the scanner's are
 * ignored. Its verdict only ends the scan: the operator, notified by the scanner, says what it was.
 */
export function toScanEvent(scannerOrigin: string, origin: string, data: unknown): CardScanEvent | undefined {
  if (origin !== scannerOrigin || typeof data !== 'object' || data === null) return undefined;
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

/** Listens for the scan step's verdict, from the scanner's origin, until stopped. */
export function listenForScanResult(
  { scannerOrigin }: { scannerOrigin: string },
  sendBack: (event: CardScanEvent) => void,
): () => void {
  const onMessage = (event: MessageEvent) => {
    const scanEvent = toScanEvent(scannerOrigin, event.origin, event.data);
    if (scanEvent) sendBack(scanEvent);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

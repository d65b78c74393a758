/**
 * The Bit processor's and the card scanner's sides as the operator's code sees them (bit.ts and card-scan.ts
 * implement them). Apart from their stand-ins, so that sandbox/api/shared.ts and the operator's charts name
 * them without importing the stand-ins, which import shared.ts.
 */
import type { CaptureMethod, Purchase } from '../stores';

export type BitStatus = 'pending' | 'approved' | 'declined' | 'expired' | 'cancelled';

export interface BitTransaction {
  id: string;
  /** The purchase (set_purchase's session_id) being paid. */
  sessionId: string;
  /** Where the processor sends the browser once the payer has decided: the merchant's own address. */
  returnUrl: string;
  createdAt: number;
  status: BitStatus;
  /** What the processor notified with the verdict. */
  message: string;
}

export type BitInitResult = { ok: true; transaction: BitTransaction } | { ok: false; message: string };

/** The processor's side of Bit: its transactions and the rules it applies to them. */
export interface BitProcessor {
  /** A new payment request for the purchase's total, returning to returnUrl; refused below Bit's minimum. */
  init(purchase: Purchase, returnUrl: string | undefined): BitInitResult;
  /** The transaction as the processor has it now (a pending one past its time has expired). */
  find(id: string | undefined): BitTransaction | undefined;
  /** Whether a request for the purchase still waits for the payer in Bit. */
  pendingFor(sessionId: string): boolean;
  /** The merchant cancels a pending request (a newer attempt replaced it): the payer can no longer approve it. */
  cancel(id: string): void;
  /** Where the payer approves or declines it: the processor's page (sale_url). */
  paymentUrl(transaction: BitTransaction): string;
  clear(): void;
}

export type ScanStatus = 'open' | 'approved' | 'declined' | 'cancelled' | 'expired';

/** One scan the merchant's server opened: its order, its sum, the page its verdict is posted to. */
export interface CardScan {
  id: string;
  /** The purchase (set_purchase's session_id) being paid. */
  sessionId: string;
  /** The sum the merchant's server asked for, in major units, and its currency. */
  amount: number;
  currency: string;
  /** The merchant's page that frames the scanner: the only origin its verdict is posted to. */
  targetOrigin: string;
  createdAt: number;
  status: ScanStatus;
  /** `manual`: the scanned card is authorized (a hold the merchant captures or releases); `automatic`: a sale. */
  captureMethod: CaptureMethod;
}

/** The scanner's side: the scans merchants opened, and the rules it applies to them. */
export interface CardScanner {
  /** A new scan for the purchase's total, reporting to a page on the merchant's own `appOrigin`. */
  open(purchase: Purchase, appOrigin: string, captureMethod: CaptureMethod): CardScan;
  /** The scan as the scanner has it now (an open one past its time has expired). */
  find(id: string | undefined): CardScan | undefined;
  /** The merchant closes an open scan (a newer attempt replaced it): it can no longer be charged. */
  cancel(id: string): void;
  /** The scanner's page for the scan, which the merchant frames. */
  scanUrl(scan: CardScan): string;
  clear(): void;
}

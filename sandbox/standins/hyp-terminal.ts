import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CaptureMethod } from '../stores';

/**
 * The merchant's Hyp terminal as the sandbox knows it: one secret shared only by the Hyp stand-in and
 * the operator stand-in, never by the app. Hyp's own signing algorithm is not public (it signs the
 * redirect and checks it in APISign What=VERIFY: developers.hyp.co.il/pay/security/transaction-validation),
 * so the sandbox signs with HMAC-SHA256 over the parameters in their order.
 */
const TERMINAL_SECRET = randomBytes(32);

/** Where a signature travels: `signature` on the payment page's address, `Sign` on the redirect back. */
const SIGNATURES = ['signature', 'Sign'];

/** The signature of these parameters, in this order (a signature among them left out). */
export function hypSign(params: URLSearchParams): string {
  const signed = [...params].filter(([name]) => !SIGNATURES.includes(name));
  return createHmac('sha256', TERMINAL_SECRET).update(new URLSearchParams(signed).toString()).digest('hex');
}

/** Whether the signature (`name`) among the parameters is theirs, as APISign What=VERIFY answers it. */
export function hasHypSignature(params: URLSearchParams, name: 'signature' | 'Sign'): boolean {
  const [given, expected] = [Buffer.from(params.get(name) ?? ''), Buffer.from(hypSign(params))];
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * How long a payment page address lives. Hyp: "The payment page URL is valid for 10 minutes and can only
 * be used to perform a single payment" (developers.hyp.co.il/payment-page-integration/integrating-hyps-payment-page-and-accepting-payment,
 * "Payment flow overview", step 3). Its older API description offers `pageTimeOut=True`, "set timeout of
 * 20 minutes to the payment page" (yaadpay.docs.apiary.io, Pay Protocol parameters); the stand-in keeps
 * the stricter, newer figure, so an app that copes with it copes with both.
 */
export const HYP_PAGE_VALIDITY_MS = 10 * 60 * 1000;

/** One payment page address Hyp issued (APISign What=SIGN): for one purchase, for a while, for one payment. */
export interface HypPage {
  sessionId: string;
  /** Epoch milliseconds after which Hyp refuses the address. */
  expiresAt: number;
  /** A charge (approved or declined) was made on it: it serves no other. */
  used: boolean;
  /**
   * `manual`: the page takes a J5, an authorization to "charge the customer for that amount or less" later
   * (developers.hyp.co.il/pay/advanced-features/two-phase-commits; the page request's mpiValidation=Verify:
   * developers.hyp.co.il/two-phase-commits/payment-page-auth); `automatic`: a sale.
   */
  captureMethod: CaptureMethod;
}

/**
 * The merchant's Hyp terminal (Masof) as Hyp keeps it: its settings and the page addresses it issued.
 *
 * Its return page is a terminal setting, not a request's: "The data would be returned to the success or
 * failure address that is changable only by Hypay" (yaadpay.docs.apiary.io, Pay Protocol, "Returned data
 * method"; the pages are set in Settings → Terminal settings, "Set Up Success and Failure Pages"). Hyp's
 * newer overview says a page request may name redirect URLs, but the API the operator signs against
 * documents none, so the stand-in holds the stricter model: ONE return page, the same for success and
 * failure (told apart by Hyp's CCode), which no request can change.
 */
export interface HypTerminal {
  /** The terminal's return page (success and failure alike): the operator's, fixed in the terminal's settings. */
  returnPage: URL;
  /**
   * A new page address for this purchase (pay_ajax asks for a fresh one each time: a page serves one
   * payment), taking a J5 or a sale as the merchant's signed request asked.
   */
  issuePage(sessionId: string, captureMethod: CaptureMethod): string;
  /** The page this token names, whatever its state; undefined for a token Hyp never issued. */
  page(token: string): HypPage | undefined;
  /** Whether the page's 10 minutes are over. */
  isExpired(page: HypPage): boolean;
  clear(): void;
}

export function createHypTerminal(returnPage: URL, now: () => number = Date.now): HypTerminal {
  const pages = new Map<string, HypPage>();
  return {
    returnPage,
    issuePage(sessionId, captureMethod) {
      const token = randomBytes(16).toString('base64url');
      pages.set(token, { sessionId, expiresAt: now() + HYP_PAGE_VALIDITY_MS, used: false, captureMethod });
      return token;
    },
    page: (token) => pages.get(token),
    isExpired: (page) => now() >= page.expiresAt,
    clear: () => pages.clear(),
  };
}

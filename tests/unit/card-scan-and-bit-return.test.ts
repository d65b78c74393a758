/**
 * Card scan and Bit, the two payments that leave the page's own frame: the scan step (the address the
 * operator opened) reports back by postMessage, and only the scanner's own verdicts count; Bit's page is only the processor the build names, and sends the visitor back to the page paid
 * from; a payment underway (requirements.md §3 payStatus) is asked about by any page of its machine.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../../machines/purchase/receipt';
import { PROVIDER_URLS } from '../../src/config';
import { purchaseStorage } from '../../src/lib/purchase-storage';
import { bitReturnUrl, redirectToBit } from '../../src/payments/bit/bit';
import { bitReturnAddress, withoutBitReturn } from '../../src/payments/bit/bit-return';
import { listenForScanResult, toScanEvent } from '../../src/payments/card-scan/card-scan';
import { stubLocalStorage } from '../fixtures/local-storage';

const APP = 'https://pay.example/pay?machine_id=machine-7';
let assigned: string[];
let listeners: Map<string, (event: MessageEvent) => void>;

beforeEach(() => {
  assigned = [];
  listeners = new Map();
  const store = new Map<string, string>();
  stubLocalStorage(store);
  vi.stubGlobal('window', {
    location: {
      href: APP,
      origin: 'https://pay.example',
      assign: (url: string) => assigned.push(url),
    },
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => listeners.set(type, listener),
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (listeners.get(type) === listener) listeners.delete(type);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const SCANNER = 'https://scan.card.test';

describe('card scan', () => {
  it('reads its verdicts: approved with the transaction, declined with the message, cancelled', () => {
    const scan = (data: object) => toScanEvent(SCANNER, SCANNER, { source: 'card-scan', ...data });
    expect(scan({ status: 'approved', transaction_id: 'tx-1' })).toEqual({
      type: 'scan.approved',
      transactionId: 'tx-1',
    });
    expect(scan({ status: 'approved', transaction_id: 7 })).toEqual({
      type: 'scan.approved',
      transactionId: undefined,
    });
    expect(scan({ status: 'declined', message: 'Card expired' })).toEqual({
      type: 'scan.declined',
      message: 'Card expired',
    });
    expect(scan({ status: 'declined' })).toEqual({ type: 'scan.declined', message: undefined });
    expect(scan({ status: 'cancelled' })).toEqual({ type: 'scan.cancelled' });
    expect(scan({ status: 'pending' })).toBeUndefined();
    expect(toScanEvent(SCANNER, SCANNER, { source: 'other', status: 'approved' })).toBeUndefined();
    expect(toScanEvent(SCANNER, SCANNER, null)).toBeUndefined();
    expect(toScanEvent(SCANNER, 'https://evil.example', { source: 'card-scan', status: 'approved' })).toBeUndefined();
  });

  it("listens to the page's messages until stopped, passing on only the scan step's verdicts", () => {
    const events: unknown[] = [];
    const stop = listenForScanResult({ scannerOrigin: SCANNER }, (event) => events.push(event));
    const post = listeners.get('message');
    post?.({ origin: 'https://evil.example', data: { source: 'card-scan', status: 'approved' } } as MessageEvent);
    post?.({ origin: SCANNER, data: { source: 'card-scan', status: 'cancelled' } } as MessageEvent);
    expect(events).toEqual([{ type: 'scan.cancelled' }]);
    stop();
    expect(listeners.has('message')).toBe(false);
  });
});

describe('Bit', () => {
  it("returns to the page paid from (this machine's /pay), with no token: the page asks the operator", () => {
    const back = new URL(bitReturnUrl());
    expect(back.href).toBe(APP);
  });

  it('returns to the page paid from: /vacuum, or a payment link with its signed query as written, no stale token', () => {
    const vacuum = new URL(bitReturnUrl('https://pay.example/vacuum?machine_id=1008#grid'));
    expect(vacuum.href).toBe('https://pay.example/vacuum?machine_id=1008');

    const link =
      'https://pay.example/customPaymentIframe?machineId=1001&bit_return=stale&info=Parking%2C%20level%202' +
      '&successReturnUrl=https%3A%2F%2Fshop.example%2Fdone%3Fref%3D1&signature=abc';
    expect(bitReturnAddress(link)).toBe(
      'https://pay.example/customPaymentIframe?machineId=1001&info=Parking%2C%20level%202' +
        '&successReturnUrl=https%3A%2F%2Fshop.example%2Fdone%3Fref%3D1&signature=abc',
    );
  });

  it('an address without bit_return keeps the rest of its query as written', () => {
    const link =
      'https://pay.example/customPaymentIframe?info=a+b&bit_return=x&bit_return=y&%62it_return=z&signature=s';
    expect(withoutBitReturn(link).href).toBe('https://pay.example/customPaymentIframe?info=a+b&signature=s');
    expect(withoutBitReturn('https://pay.example/pay?bit_return=x').href).toBe('https://pay.example/pay');
    expect(withoutBitReturn('https://pay.example/pay?machine_id=1&bit_returned=1').search).toBe(
      '?machine_id=1&bit_returned=1',
    );
  });

  it("goes only to the build's Bit processor", async () => {
    const page = `${String(PROVIDER_URLS.bitOrigin)}/pay/123`;
    await redirectToBit({ payment: { transactionId: 'tx-5', paymentUrl: page } });
    expect(assigned).toEqual([page]);
    for (const elsewhere of ['https://evil.example/pay', 'not a url']) {
      await expect(redirectToBit({ payment: { transactionId: 'tx-6', paymentUrl: elsewhere } })).rejects.toThrow(
        `payment_url is not on ${String(PROVIDER_URLS.bitOrigin)}: ${elsewhere}`,
      );
    }
    expect(assigned).toHaveLength(1);
  });
});

describe('a payment underway (local storage)', () => {
  const receipt = { machineId: 'machine-7', items: [], total: 25.22 } as unknown as Receipt;

  it('is the purchase’s session and receipt on its machine, for any page load, until it is forgotten', () => {
    purchaseStorage.rememberPurchase(receipt);
    purchaseStorage.rememberPaymentUnderway('session-5', 'https://pay.example/pay?machine_id=machine-7');
    expect(purchaseStorage.payStatus()).toBe('pending');
    expect(purchaseStorage.paymentUnderway('machine-7')).toEqual({ sessionId: 'session-5', receipt });
    // Read again (a second tab, a second reload): still underway until its end is shown.
    expect(purchaseStorage.paymentUnderway('machine-7')).toEqual({ sessionId: 'session-5', receipt });
    purchaseStorage.forgetPaymentUnderway();
    expect(purchaseStorage.paymentUnderway('machine-7')).toBeUndefined();
    expect(purchaseStorage.payStatus()).toBeNull();
  });

  it('none for another machine, another pay status, or without the purchase', () => {
    purchaseStorage.rememberPurchase(receipt);
    purchaseStorage.rememberPaymentUnderway('session-5', 'https://pay.example/pay?machine_id=machine-7');
    expect(purchaseStorage.paymentUnderway('machine-8')).toBeUndefined();
    purchaseStorage.setPayStatus('failed');
    expect(purchaseStorage.paymentUnderway('machine-7')).toBeUndefined();
    purchaseStorage.rememberPaymentUnderway('session-5', 'https://pay.example/pay?machine_id=machine-7');
    localStorage.removeItem('pay_data');
    expect(purchaseStorage.paymentUnderway('machine-7')).toBeUndefined();
  });
});

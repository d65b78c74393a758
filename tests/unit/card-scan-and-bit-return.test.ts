/**
 * Card scan and Bit, the two payments that leave the page's own frame: the scan step gets the visitor,
 * the 2-decimal amount and this page's origin and reports back by postMessage (only its own verdicts
 * count); Bit's page is only the processor the build names, and a return counts once, with its
 * one-time token, while the pay status is pending, for the same machine (spec §3 local storage).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../../machines/purchase/receipt';
import { PROVIDER_URLS } from '../../src/config';
import { purchaseStorage } from '../../src/lib/purchase-storage';
import { bitReturnUrl, redirectToBit } from '../../src/payments/bit/bit';
import { bitReturnAddress, returnedBitPayment, withoutBitReturn } from '../../src/payments/bit/bit-return';
import { cardScanUrl, listenForScanResult, toScanEvent } from '../../src/payments/card-scan/card-scan';
import { anonymousOrder, twoLineOrder } from '../fixtures/orders';

const APP = 'https://pay.example/pay?machine_id=machine-7';
let assigned: string[];
let listeners: Map<string, (event: MessageEvent) => void>;

beforeEach(() => {
  assigned = [];
  listeners = new Map();
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
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

const scanOrigin = () => new URL(PROVIDER_URLS.cardScan).origin;

describe('card scan', () => {
  it("the scan step's address carries the visitor, the 2-decimal amount and this page's origin", () => {
    const url = new URL(cardScanUrl(twoLineOrder));
    expect(url.origin + url.pathname).toBe(PROVIDER_URLS.cardScan);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      session_id: 'visitor-uuid-1',
      amount: '25.22',
      origin: 'https://pay.example',
    });
    expect(new URL(cardScanUrl(anonymousOrder)).searchParams.get('session_id')).toBe('');
  });

  it('reads its verdicts: approved with the transaction, declined with the message, cancelled', () => {
    const scan = (data: object) => toScanEvent(scanOrigin(), { source: 'card-scan', ...data });
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
    expect(toScanEvent(scanOrigin(), { source: 'other', status: 'approved' })).toBeUndefined();
    expect(toScanEvent(scanOrigin(), null)).toBeUndefined();
    expect(toScanEvent('https://evil.example', { source: 'card-scan', status: 'approved' })).toBeUndefined();
  });

  it("listens to the page's messages until stopped, passing on only the scan step's verdicts", () => {
    const events: unknown[] = [];
    const stop = listenForScanResult({ order: twoLineOrder }, (event) => events.push(event));
    const post = listeners.get('message');
    post?.({ origin: 'https://evil.example', data: { source: 'card-scan', status: 'approved' } } as MessageEvent);
    post?.({ origin: scanOrigin(), data: { source: 'card-scan', status: 'cancelled' } } as MessageEvent);
    expect(events).toEqual([{ type: 'scan.cancelled' }]);
    stop();
    expect(listeners.has('message')).toBe(false);
  });
});

describe('Bit', () => {
  const receipt = { machineId: 'machine-7', items: [], total: 25.22 } as unknown as Receipt;

  it("returns to this machine's /pay with a new one-time token", () => {
    const first = new URL(bitReturnUrl());
    expect(first.origin + first.pathname).toBe('https://pay.example/pay');
    expect(first.searchParams.get('machine_id')).toBe('machine-7');
    const token = first.searchParams.get('bit_return');
    expect(token).toBeTruthy();
    expect(purchaseStorage.takeReturnToken()).toBe(token);
    expect(new URL(bitReturnUrl()).searchParams.get('bit_return')).not.toBe(token);
  });

  it('returns to the page paid from: /vacuum, or a payment link with its signed query as written, no stale token', () => {
    const vacuum = new URL(bitReturnUrl('https://pay.example/vacuum?machine_id=1008#grid'));
    expect(vacuum.origin + vacuum.pathname + vacuum.hash).toBe('https://pay.example/vacuum');
    expect([...vacuum.searchParams.keys()]).toEqual(['machine_id', 'bit_return']);

    const link =
      'https://pay.example/customPaymentIframe?machineId=1001&bit_return=stale&info=Parking%2C%20level%202' +
      '&successReturnUrl=https%3A%2F%2Fshop.example%2Fdone%3Fref%3D1&signature=abc';
    const back = bitReturnAddress(link, 'new token');
    expect(back).toBe(
      'https://pay.example/customPaymentIframe?machineId=1001&info=Parking%2C%20level%202' +
        '&successReturnUrl=https%3A%2F%2Fshop.example%2Fdone%3Fref%3D1&signature=abc&bit_return=new%20token',
    );
    expect(bitReturnAddress('https://pay.example/vacuum', 't')).toBe('https://pay.example/vacuum?bit_return=t');
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

  it("goes only to the build's Bit processor, keeping the pay status pending with the transaction", async () => {
    const page = `${String(PROVIDER_URLS.bitOrigin)}/pay/123`;
    await redirectToBit({ order: twoLineOrder, payment: { transactionId: 'tx-5', paymentUrl: page } });
    expect(assigned).toEqual([page]);
    expect(purchaseStorage.payStatus()).toBe('pending');
    expect(purchaseStorage.returnedTransaction()).toBe('tx-5');
    expect(purchaseStorage.returnedSession()).toBe('visitor-uuid-1');

    for (const elsewhere of ['https://evil.example/pay', 'not a url']) {
      await expect(
        redirectToBit({ order: twoLineOrder, payment: { transactionId: 'tx-6', paymentUrl: elsewhere } }),
      ).rejects.toThrow(`payment_url is not on ${String(PROVIDER_URLS.bitOrigin)}: ${elsewhere}`);
    }
    expect(assigned).toHaveLength(1);
    expect(purchaseStorage.returnedTransaction()).toBe('tx-5');
  });

  /** The browser as it is when Bit's page sends it back: the token of its redirect, pending, same machine. */
  const sentAway = () => {
    purchaseStorage.rememberPurchase(receipt);
    const token = new URL(bitReturnUrl()).searchParams.get('bit_return') ?? '';
    purchaseStorage.setPayStatus('pending');
    purchaseStorage.rememberReturnedTransaction('tx-5', 'visitor-uuid-1');
    return token;
  };

  it('a return with the redirect’s token, pending, for the same machine is the transaction and receipt, once', () => {
    const token = sentAway();
    expect(returnedBitPayment('machine-7', token)).toEqual({ transactionId: 'tx-5', receipt });
    expect(returnedBitPayment('machine-7', token)).toBeUndefined();
  });

  it('any other return shows nothing: no token, another token, not pending, no transaction, another machine', () => {
    const kept = sentAway();
    expect(returnedBitPayment('machine-7', undefined)).toBeUndefined();
    // A visit without a return address leaves the pending return's token alone.
    expect(returnedBitPayment('machine-7', kept)).toEqual({ transactionId: 'tx-5', receipt });
    expect(returnedBitPayment('machine-7', '')).toBeUndefined();
    sentAway();
    expect(returnedBitPayment('machine-7', 'made-up')).toBeUndefined();
    const notPending = sentAway();
    purchaseStorage.setPayStatus('success' as never);
    expect(returnedBitPayment('machine-7', notPending)).toBeUndefined();
    const otherMachine = sentAway();
    expect(returnedBitPayment('machine-8', otherMachine)).toBeUndefined();
    const noTransaction = sentAway();
    localStorage.removeItem('payment_return_transaction');
    expect(returnedBitPayment('machine-7', noTransaction)).toBeUndefined();
    const noPurchase = sentAway();
    localStorage.removeItem('pay_data');
    expect(returnedBitPayment('machine-7', noPurchase)).toBeUndefined();
  });
});

// @vitest-environment jsdom
/**
 * src/lib/use-returned-payment.ts: a page that takes payments reads, once, the payment this browser started
 * on its machine and did not see end; an address with an earlier version's `bit_return` is settled once to
 * the route's own parameters, replacing the history entry.
 */
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReturnedPayment } from '../../src/lib/use-returned-payment';

const navigate = vi.fn<(options: unknown) => Promise<void>>(() => Promise.resolve());
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const RECEIPT = {
  machineId: 'machine-7',
  items: [{ name: 'Cola', price: 13.22, symbol: '₪', count: 1, amount: 12.9 }],
  subtotal: 12.9,
  serviceFee: 0.32,
  total: 13.22,
  currencySymbol: '₪',
};

/** This browser sent the cola to Bit from machine-7 and has not seen the payment end. */
function rememberColaUnderway() {
  localStorage.setItem('pay_data', JSON.stringify(RECEIPT));
  localStorage.setItem('payStatus', 'pending');
  localStorage.setItem('payment_underway_session', 'session-cola');
}

beforeEach(() => {
  localStorage.clear();
  navigate.mockClear();
});
afterEach(() => localStorage.clear());

describe('the returned payment', () => {
  it("is this machine's payment underway, read once: later changes to storage do not change it", () => {
    rememberColaUnderway();
    const { result, rerender } = renderHook(() => useReturnedPayment('machine-7', undefined, {}));
    expect(result.current).toEqual({ sessionId: 'session-cola', receipt: RECEIPT });

    localStorage.clear();
    rerender();
    expect(result.current).toEqual({ sessionId: 'session-cola', receipt: RECEIPT });
  });

  it('is none on another machine, or with nothing underway', () => {
    rememberColaUnderway();
    expect(renderHook(() => useReturnedPayment('machine-8', undefined, {})).result.current).toBeUndefined();
    localStorage.clear();
    expect(renderHook(() => useReturnedPayment('machine-7', undefined, {})).result.current).toBeUndefined();
  });
});

describe('the address', () => {
  it('is left alone without bit_return', () => {
    renderHook(() => useReturnedPayment('machine-7', undefined, { machine_id: 'machine-7' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it("with bit_return keeps only the route's parameters, as they were at first, replacing the history entry", () => {
    let search: Record<string, string | undefined> = { machine_id: 'machine-7' };
    const { rerender } = renderHook(() => useReturnedPayment('machine-7', 'token-1', search));
    expect(navigate).toHaveBeenCalledTimes(1);
    const [options] = navigate.mock.calls[0] ?? [];
    expect(options).toEqual({ to: '.', search: expect.any(Function) as unknown, replace: true });
    const settle = (options as { search: () => unknown }).search;

    search = { machine_id: 'machine-8' };
    rerender();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(settle()).toEqual({ machine_id: 'machine-7' });
  });

  it('is settled when bit_return appears after the first render', () => {
    const { rerender } = renderHook(
      ({ bitReturn }: { bitReturn: string | undefined }) =>
        useReturnedPayment('machine-7', bitReturn, { machine_id: 'machine-7' }),
      { initialProps: { bitReturn: undefined as string | undefined } },
    );
    expect(navigate).not.toHaveBeenCalled();
    rerender({ bitReturn: 'token-1' });
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { isWebAddress } from '../../machines/shared/web-address';

describe('isWebAddress (design.md §10)', () => {
  it('takes absolute http and https addresses only', () => {
    expect(isWebAddress('https://pay.example/genPaymentIntend?machine_id=15')).toBe(true);
    expect(isWebAddress('http://localhost:4173/genPaymentIntend')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
    expect(isWebAddress('/genPaymentIntend')).toBe(false);
    expect(isWebAddress('https:pay.example')).toBe(false);
    expect(isWebAddress('https:pay.example/?next=https://evil.example')).toBe(false);
    expect(isWebAddress('https:///pay.example')).toBe(false);
    expect(isWebAddress('')).toBe(false);
    expect(isWebAddress(undefined)).toBe(false);
  });
});

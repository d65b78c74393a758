import { describe, expect, it } from 'vitest';
import { checkPhone, normalisePhone, plausiblePhone } from '../../machines/shared/phone';

describe('phone number', () => {
  it('blank (or only spaces) is blank: the station keeps its submit disabled', () => {
    expect(checkPhone('')).toBe('blank');
    expect(checkPhone('   ')).toBe('blank');
  });

  it.each(['0501234567', '+972501234567', '050-123-4567', '+972 50 123 4567', '123456789', '+123456789012345'])(
    'accepts %s',
    (phone) => expect(checkPhone(phone)).toBe('valid'),
  );

  it.each([
    ['too few digits', '12345678'],
    ['too many digits', '1234567890123456'],
    ['letters', '050-CALL-NOW'],
    ['a + inside', '050+1234567'],
    ['brackets', '(050) 123 4567'],
  ])('refuses %s: %s', (_, phone) => expect(checkPhone(phone)).toBe('invalid'));

  it('is sent as digits with the leading + only', () => {
    expect(normalisePhone(' +972 50-123 4567 ')).toBe('+972501234567');
    expect(normalisePhone('050-123-4567')).toBe('0501234567');
  });

  it('reads other separators only where told to', () => {
    expect(plausiblePhone('(050) 123.4567')).toBeUndefined();
    expect(plausiblePhone('(050) 123.4567', /[\s\-.()]/g)).toBe('0501234567');
    expect(plausiblePhone(' +972 50-123 4567 ')).toBe('+972501234567');
  });
});

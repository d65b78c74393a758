import { describe, expect, it } from 'vitest';
import { isContact, parseContact, PROMOTION } from '../../machines/vacuum/promotion';

describe('the promotion (spec §2, §9)', () => {
  it('every tenth vacuuming is free; the text uses count 1 and amount 3', () => {
    expect(PROMOTION).toEqual({ everyNth: 10, count: 1, amount: 3 });
  });
});

describe('parseContact: a mobile number or an e-mail address', () => {
  it.each([
    ['050-123-4567', '0501234567'],
    ['0501234567', '0501234567'],
    ['+972501234567', '+972501234567'],
    ['+972 50 123 4567', '+972501234567'],
    ['(050) 123.4567', '0501234567'],
    ['  050-123-4567  ', '0501234567'],
  ])('the mobile number %j is kept as %j', (input, value) => {
    expect(parseContact(input)).toEqual({ kind: 'phone', value });
  });

  it.each([
    ['dana@example.com', 'dana@example.com'],
    ['Dana.Levi+vac@Mail.Example.co.il', 'dana.levi+vac@mail.example.co.il'],
    [' dana@example.com ', 'dana@example.com'],
  ])('the e-mail %j is kept as %j', (input, value) => {
    expect(parseContact(input)).toEqual({ kind: 'email', value });
  });

  it.each(['', '   ', '\t'])('blank %j is empty', (input) => {
    expect(parseContact(input)).toBe('empty');
  });

  it.each([
    ['too few digits', '050-123'],
    ['too many digits', '+97250123456789012'],
    ['letters', '050-CALL-NOW'],
    ['a + inside', '050+1234567'],
    ['an e-mail without a domain', 'dana@'],
    ['an e-mail without a dot in the domain', 'dana@example'],
    ['an e-mail with a space', 'dana levi@example.com'],
    ['two @', 'dana@@example.com'],
    ['an e-mail with more after it', 'dana@example.com today'],
    ['a name', 'Dana'],
  ])('%s is invalid: %j', (_, input) => {
    expect(parseContact(input)).toBe('invalid');
  });

  it('tells a contact from an error', () => {
    expect(isContact(parseContact('050-123-4567'))).toBe(true);
    expect(isContact(parseContact('nope'))).toBe(false);
    expect(isContact(parseContact(''))).toBe(false);
  });
});

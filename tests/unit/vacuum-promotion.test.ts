import { describe, expect, it } from 'vitest';
import { contactBody, isContact, parseContact, parseContactAs } from '../../machines/vacuum/promotion';

// The promotion's figures (requirements.md §9: count 1 and amount 3) come with the menu now:
// tests/unit/menu-promotion.test.ts reads them from an answer, tests/sandbox/sandbox-promotion.test.ts from the
// vacuum's catalogue menu.

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

describe('the join call’s body: { phone } or { email }, as parseContact keeps it', () => {
  it('names the kind of contact', () => {
    expect(contactBody({ kind: 'phone', value: '0501234567' })).toEqual({ phone: '0501234567' });
    expect(contactBody({ kind: 'email', value: 'dana@example.com' })).toEqual({ email: 'dana@example.com' });
  });

  it('parseContactAs reads a field by the sign-up’s rules, and refuses the other kind in it', () => {
    expect(parseContactAs('phone', '(050) 123.4567')).toEqual({ kind: 'phone', value: '0501234567' });
    expect(parseContactAs('email', 'Dana@Example.com')).toEqual({ kind: 'email', value: 'dana@example.com' });
    expect(parseContactAs('phone', 'dana@example.com')).toBe('invalid');
    expect(parseContactAs('email', '050-123-4567')).toBe('invalid');
    expect(parseContactAs('phone', '050-123')).toBe('invalid');
    expect(parseContactAs('email', ' ')).toBe('empty');
  });
});

import { describe, it, expect } from 'vitest';
import { createActor } from 'xstate';
import { amountEntryMachine, type AmountEntryEvent } from '../../machines/amount-entry/amount-entry.machine';
import type { Digit } from '../../machines/amount-entry/amount-rules';
import { startKeypad } from './keypad-parent';

/** Starts the keypad under a parent; a machine's minimum of one cent unless a test names another. */
function start(minimumAmount = 0.01) {
  const { parent, keypad } = startKeypad(minimumAmount);
  const press = (...keys: string[]) => {
    for (const key of keys) {
      const event: AmountEntryEvent =
        key === '.'
          ? { type: 'amount.decimalPoint' }
          : key === '<'
            ? { type: 'amount.backspace' }
            : key === 'ok'
              ? { type: 'amount.confirm' }
              : { type: 'amount.digit', digit: key as Digit };
      keypad.send(event);
    }
  };
  return {
    press,
    value: () => keypad.getSnapshot().value,
    text: () => keypad.getSnapshot().context.text,
    confirmed: () => parent.getSnapshot().context.confirmed,
    keypad,
  };
}

describe('amountEntryMachine', () => {
  it('starts at 0, in Short.Idle', () => {
    const standalone = createActor(amountEntryMachine, { input: { minimumAmount: 0.01 } }).start();
    expect(standalone.getSnapshot().value).toEqual({ Short: 'Idle' });
    expect(standalone.getSnapshot().context.text).toBe('0');
  });

  it('confirm at 0 goes to Short.BelowMinimum and tells the parent nothing', () => {
    const entry = start();
    entry.press('ok');
    expect(entry.value()).toEqual({ Short: 'BelowMinimum' });
    expect(entry.confirmed()).toEqual([]);
  });

  it('confirm at 0 works standalone too (nothing to send)', () => {
    const standalone = createActor(amountEntryMachine, { input: { minimumAmount: 0.01 } }).start();
    standalone.send({ type: 'amount.confirm' });
    expect(standalone.getSnapshot().value).toEqual({ Short: 'BelowMinimum' });
    expect(standalone.getSnapshot().status).toBe('active');
  });

  it('typing 12.5 then confirm sends amount 12.5 to the parent', () => {
    const entry = start();
    entry.press('1', '2', '.', '5');
    expect(entry.value()).toBe('Payable');
    expect(entry.text()).toBe('12.5');
    entry.press('ok');
    expect(entry.confirmed()).toEqual([12.5]);
    expect(entry.value()).toBe('Payable');
  });

  it("confirming '12.' sends 12", () => {
    const entry = start();
    entry.press('1', '2', '.', 'ok');
    expect(entry.confirmed()).toEqual([12]);
  });

  it('each confirm of a positive amount sends it again', () => {
    const entry = start();
    entry.press('3', 'ok', '<', '4', 'ok');
    expect(entry.confirmed()).toEqual([3, 4]);
  });

  it('a digit after BelowMinimum leaves it', () => {
    const entry = start();
    entry.press('ok');
    entry.press('7');
    expect(entry.value()).toBe('Payable');
    expect(entry.text()).toBe('7');
  });

  it('a 0 after BelowMinimum leaves it for Short.Idle', () => {
    const entry = start();
    entry.press('ok', '0');
    expect(entry.value()).toEqual({ Short: 'Idle' });
    expect(entry.text()).toBe('0');
  });

  it("'.' on 0 stays in Short with '0.'; a decimal digit makes it positive", () => {
    const entry = start();
    entry.press('.');
    expect(entry.value()).toEqual({ Short: 'Idle' });
    expect(entry.text()).toBe('0.');
    entry.press('0');
    expect(entry.value()).toEqual({ Short: 'Idle' });
    expect(entry.text()).toBe('0.0');
    entry.press('5');
    expect(entry.value()).toBe('Payable');
    expect(entry.text()).toBe('0.05');
    entry.press('ok');
    expect(entry.confirmed()).toEqual([0.05]);
  });

  it('backspace to the last character returns to 0 and to Short', () => {
    const entry = start();
    entry.press('8', '<');
    expect(entry.value()).toEqual({ Short: 'Idle' });
    expect(entry.text()).toBe('0');
    entry.press('ok');
    expect(entry.confirmed()).toEqual([]);
  });

  it("backspacing '0.5' to '0.' goes back to Short", () => {
    const entry = start();
    entry.press('.', '5', '<');
    expect(entry.text()).toBe('0.');
    expect(entry.value()).toEqual({ Short: 'Idle' });
  });

  it('refused keys keep the text (decimals and digit limits)', () => {
    const entry = start();
    entry.press('1', '.', '2', '3', '4', '.');
    expect(entry.text()).toBe('1.23');
    const long = start();
    long.press(...'12345678901'.split(''));
    expect(long.text()).toBe('1234567890');
    long.press('ok');
    expect(long.confirmed()).toEqual([1234567890]);
  });

  describe("the machine's minimum amount (its menu's minimum_amount)", () => {
    it('below ₪1.00 the amount stays Short and confirming shows the hint, telling the parent nothing', () => {
      const entry = start(1);
      entry.press('0', '.', '9', '9');
      expect(entry.value()).toEqual({ Short: 'Idle' });
      entry.press('ok');
      expect(entry.value()).toEqual({ Short: 'BelowMinimum' });
      expect(entry.confirmed()).toEqual([]);
    });

    it('exactly the minimum is payable and confirmed; a backspace below it is Short again', () => {
      const entry = start(1);
      entry.press('1');
      expect(entry.value()).toBe('Payable');
      entry.press('ok');
      expect(entry.confirmed()).toEqual([1]);
      entry.press('.', '5', '<', '<', '<');
      expect(entry.text()).toBe('0');
      expect(entry.value()).toEqual({ Short: 'Idle' });
    });

    it('a minimum of ₪3.00 refuses 2.99 and takes 3.01', () => {
      const entry = start(3);
      entry.press('2', '.', '9', '9', 'ok');
      expect(entry.value()).toEqual({ Short: 'BelowMinimum' });
      entry.press('<', '<', '<', '<', '3', '.', '0', '1', 'ok');
      expect(entry.confirmed()).toEqual([3.01]);
    });
  });
});

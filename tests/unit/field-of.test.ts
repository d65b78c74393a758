import { describe, expect, it } from 'vitest';
import { fieldOf, textFieldOf } from '../../machines/shared/field-of';

describe('reading a field of a value of unknown shape', () => {
  it('reads an object’s own or inherited field, and nothing of a value that is not an object', () => {
    expect(fieldOf({ messages: [1] }, 'messages')).toEqual([1]);
    expect(fieldOf(new Error('declined'), 'message')).toBe('declined');
    for (const value of [undefined, null, 'text', 7, true]) expect(fieldOf(value, 'message')).toBeUndefined();
  });

  it('a text field only when it is text', () => {
    expect(textFieldOf({ message: 'Your card was declined.' }, 'message')).toBe('Your card was declined.');
    expect(textFieldOf({ message: 7 }, 'message')).toBeUndefined();
    expect(textFieldOf({}, 'message')).toBeUndefined();
    expect(textFieldOf(null, 'message')).toBeUndefined();
  });
});

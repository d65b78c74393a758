/**
 * design.md §5.4: a refused payment in the visitor's words. The providers' codes (Stripe's, Shva's as
 * Tranzila and Hyp pass them on) are told in plain words in every language; the code stays as a reference;
 * a code nobody knows, and the operator's own sentences, fall back to the generic words.
 */
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import he from '../../locales/he.json';
import { declineWordsOf } from '../../machines/payment/decline-words';
import type { PaymentResult } from '../../machines/payment/payment.types';
import { selectDeclineWords, selectOperatorRefusal } from '../../machines/purchase/purchase.selectors';
import type { PurchaseSnapshot } from '../../machines/purchase/purchase.types';

describe('declineWordsOf', () => {
  it.each([
    [{ message: 'card_declined' }, 'declined', 'card_declined'],
    [{ message: 'insufficient_funds', code: 1 }, 'insufficientFunds', 'insufficient_funds'],
    [{ message: 'expired_card' }, 'expiredCard', 'expired_card'],
    [{ message: 'incorrect_cvc' }, 'incorrectCvc', 'incorrect_cvc'],
    [{ message: 'incorrect_number' }, 'incorrectNumber', 'incorrect_number'],
    [{ message: 'stolen_card' }, 'declined', 'stolen_card'],
    [{ message: 'processing_error' }, 'tryAgain', 'processing_error'],
    [{ message: 'call_issuer' }, 'callIssuer', 'call_issuer'],
  ] as const)("Stripe's %o: %s, quoted as %s", (result, words, reference) => {
    expect(declineWordsOf(result)).toEqual({ words, reference });
  });

  it.each([
    [{ message: 'Your card was declined.', code: '004' }, 'declined', '004'],
    [{ code: '036' }, 'expiredCard', '036'],
    [{ code: '033' }, 'incorrectNumber', '033'],
    [{ code: '039' }, 'incorrectNumber', '039'],
    [{ code: '006' }, 'incorrectCvc', '006'],
    [{ code: '003' }, 'callIssuer', '003'],
    [{ code: 36 }, 'expiredCard', '36'],
    [{ code: '002' }, 'declined', '002'],
  ] as const)("Shva's (Tranzila, Hyp) %o: %s, quoted as %s", (result, words, reference) => {
    expect(declineWordsOf(result)).toEqual({ words, reference });
  });

  it('a code no table knows reads as the generic words, the code kept for support', () => {
    expect(declineWordsOf({ message: 'authentication_required' })).toEqual({
      words: 'unknown',
      reference: 'authentication_required',
    });
    expect(declineWordsOf({ code: '777' })).toEqual({ words: 'unknown', reference: '777' });
    expect(declineWordsOf({ message: 'Simulated error (sandbox).', code: 500 })).toEqual({
      words: 'unknown',
      reference: '500',
    });
  });

  it("the operator's sentence is never quoted; with no code there is no reference", () => {
    expect(declineWordsOf({ message: 'Card declined (Hyp CCode 4).' })).toEqual({
      words: 'unknown',
      reference: undefined,
    });
    expect(declineWordsOf({})).toEqual({ words: 'unknown', reference: undefined });
  });

  it('upper-case codes and spaces around them are read alike', () => {
    expect(declineWordsOf({ message: ' INSUFFICIENT_FUNDS ' })).toEqual({
      words: 'insufficientFunds',
      reference: 'INSUFFICIENT_FUNDS',
    });
  });
});

describe('the words, in the four languages', () => {
  it("says Stripe's insufficient_funds and Shva's 036 in each language", () => {
    const funds = declineWordsOf({ message: 'insufficient_funds' }).words;
    const expired = declineWordsOf({ code: '036' }).words;
    expect(en.failure.reasons[funds]).toBe('The card does not have enough funds for this payment.');
    expect(he.failure.reasons[funds]).toBe('אין בכרטיס מסגרת מספיקה לתשלום הזה.');
    expect(fr.failure.reasons[expired]).toBe('Cette carte a expiré.');
    expect(es.failure.reasons[expired]).toBe('Esta tarjeta ha caducado.');
    expect(en.failure.reasons[declineWordsOf({ code: '999' }).words]).toBe(
      'The payment provider did not accept this payment.',
    );
  });

  it('says an expired card in each language', () => {
    expect(en.failure.reasons.expiredCard).toBe('This card has expired.');
    expect(he.failure.reasons.expiredCard).toBe('תוקף הכרטיס פג.');
    expect(fr.failure.reasons.expiredCard).toBe('Cette carte a expiré.');
    expect(es.failure.reasons.expiredCard).toBe('Esta tarjeta ha caducado.');
  });

  it('says a decline without the advice the recommendation under it gives', () => {
    expect(en.failure.reasons.declined).toBe('Your bank declined this card.');
    expect(en.failure.reasons.tryAgain).toBe('The payment could not be processed just now.');
    expect(en.failure.recommendation).toBe('Please try again, or use another payment option.');
  });

  it('has no raw code among the words', () => {
    for (const texts of [en, he, fr, es])
      for (const words of Object.values(texts.failure.reasons)) expect(words).not.toMatch(/[a-z]+_[a-z]+|\d{2,}/);
  });
});

describe('selectDeclineWords: which failures the failure page words from the code', () => {
  const failedWith = (result: Omit<Extract<PaymentResult, { outcome: 'failed' }>, 'outcome'>) =>
    selectDeclineWords({ context: { result: { outcome: 'failed', ...result } } } as unknown as PurchaseSnapshot);

  it("the operator's or provider's answer, with no reason of the app's", () => {
    expect(failedWith({ message: 'Card declined (sandbox).', code: 1 })).toEqual({ words: 'declined', reference: '1' });
  });

  it("a decline the operator reports as not charged, when the provider's code says more", () => {
    expect(failedWith({ reason: 'notCharged', message: 'expired_card' })).toEqual({
      words: 'expiredCard',
      reference: 'expired_card',
    });
  });

  it("not an operator's refusal of the call: its HTTP status is no card's decline, and its sentence is told", () => {
    expect(failedWith({ message: 'This purchase is already paid.', code: 409 })).toBeUndefined();
    expect(failedWith({ message: 'Too many requests.', code: 429 })).toBeUndefined();
    const refusalOf = (result: Omit<Extract<PaymentResult, { outcome: 'failed' }>, 'outcome'>) =>
      selectOperatorRefusal({ context: { result: { outcome: 'failed', ...result } } } as unknown as PurchaseSnapshot);
    expect(refusalOf({ message: 'This purchase is already paid.', code: 409 })).toBe('This purchase is already paid.');
    // A scanner's or provider's sentence is never quoted.
    expect(refusalOf({ reason: 'notCharged', message: 'Your card was declined.' })).toBeUndefined();
    expect(refusalOf({ message: 'Card declined (sandbox).', code: 1 })).toBeUndefined();
  });

  it("not the app's own reason when the code says nothing more (a closed sheet, a sentence)", () => {
    expect(failedWith({ reason: 'sheetClosed', code: 'CANCELED' })).toBeUndefined();
    expect(failedWith({ reason: 'notCharged', message: 'Your card was declined.' })).toBeUndefined();
  });
});

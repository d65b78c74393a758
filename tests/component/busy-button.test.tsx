/**
 * A busy button: it says it is working, not that it is unavailable. Its words stay its
 * name, a small wheel turns before them (hidden from screen readers), and it stays a primary button, never
 * the dimmed look (its colour: tests/e2e/payment-methods.spec.ts). A new label node each time, so the centred
 * words that change do not count as a layout shift.
 */
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { PayButton } from '../../src/views/payment/PayButton';
import { ContinueAction } from '../../src/views/purchase/ContinueAction';

const wheelsIn = (element: HTMLElement) => element.querySelectorAll('.spinner__wheel');

function renderContinue(busy: boolean) {
  return (
    <ContinueAction
      buttonRef={createRef()}
      ready
      busy={busy}
      onContinue={() => {}}
      failure={undefined}
      supportPhone="+972-3-555-0100"
    />
  );
}

describe('a busy button', () => {
  it("Continue while the purchase is submitted: 'Please wait…', busy, primary, a hidden wheel before the words", () => {
    const { rerender } = render(renderContinue(false));
    const button = screen.getByRole('button', { name: en.purchase.continue });
    expect(wheelsIn(button)).toHaveLength(0);
    const readyLabel = button.firstElementChild;

    rerender(renderContinue(true));
    expect(screen.getByRole('button', { name: en.purchase.submitting }).getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect([...button.classList]).toEqual(['button', 'button--primary', 'button--block']);
    const [wheel] = wheelsIn(button);
    expect(wheel?.getAttribute('aria-hidden')).toBe('true');
    expect(wheel?.nextSibling?.textContent).toBe(en.purchase.submitting);
    expect(button.firstElementChild).not.toBe(readyLabel);
    expect(readyLabel?.isConnected).toBe(false);

    rerender(renderContinue(false));
    expect(screen.getByRole('button', { name: en.purchase.continue }).getAttribute('aria-busy')).toBe('false');
    expect(wheelsIn(button)).toHaveLength(0);
  });

  it('Pay while the payment is in flight: the same words, busy, with the wheel; ready again without it', () => {
    const pay = (busy: boolean) => (
      <PayButton busy={busy} onPay={() => {}}>
        Pay ₪6.66
      </PayButton>
    );
    const { rerender } = render(pay(true));
    const button = screen.getByRole('button', { name: 'Pay ₪6.66' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(wheelsIn(button)).toHaveLength(1);
    const busyLabel = button.firstElementChild;

    rerender(pay(false));
    expect(button.getAttribute('aria-busy')).toBe('false');
    expect(wheelsIn(button)).toHaveLength(0);
    expect(busyLabel?.isConnected).toBe(false);
  });
});

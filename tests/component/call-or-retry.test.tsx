/**
 * requirements.md §2: a purchase that did not go through offers a call to support and "Try again". The failure
 * page and the machine that did not answer show one and the same row (CallOrRetry), not two copies of it.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { CallOrRetry } from '../../src/views/payment/CallOrRetry';
import { MachineNotResponding } from '../../src/views/purchase/MachineNotResponding';
import { makeMenu } from '../fixtures/menus';
import { purchaseInput } from '../fixtures/purchases';

const purchaseActor = () => createActor(purchaseMachine, { input: purchaseInput(makeMenu()) });

describe('CallOrRetry', () => {
  it('calls support first, then "Try again", which asks the purchase to retry', async () => {
    const purchase = purchaseActor();
    const sent = vi.spyOn(purchase, 'send');
    render(<CallOrRetry purchase={purchase} supportPhone="+972-50-123-4567" />);

    const call = screen.getByRole('link', { name: 'Call support +972-50-123-4567' });
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(call.getAttribute('href')).toBe('tel:+972501234567');
    expect(call.compareDocumentPosition(retry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(retry);
    expect(sent).toHaveBeenCalledWith({ type: 'purchase.retry' });
  });

  it('is the row of the machine-not-responding screen', () => {
    const purchase = purchaseActor();
    const { container: alone } = render(<CallOrRetry purchase={purchase} supportPhone="+972-50-123-4567" />);
    render(<MachineNotResponding purchase={purchase} supportPhone="+972-50-123-4567" />);
    const screenRow = within(screen.getByTestId('machine-not-responding')).getByRole('button', {
      name: 'Try again',
    }).parentElement;
    expect(screenRow?.outerHTML).toBe(alone.firstElementChild?.outerHTML);
  });
});

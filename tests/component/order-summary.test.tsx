import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from '../../src/components/OrderSummary';

describe('OrderSummary', () => {
  it('names the merchant, the items and the total on one line, with the secure-payment line', () => {
    render(
      <OrderSummary
        summary={{ merchant: 'Sandbox Vending', machineId: 'm1', items: ['2 × Water'], total: 13, symbol: '₪' }}
      />,
    );
    const summary = screen.getByTestId('order-summary');
    expect(summary.textContent).toContain('Sandbox Vending · 2 × Water');
    expect(summary.textContent).toContain('₪13.00');
    expect(summary.textContent).toContain('Secure payment');
  });

  it('names the machine when the configuration names no merchant', () => {
    render(<OrderSummary summary={{ merchant: undefined, machineId: 'm7', items: [], total: 5, symbol: '₪' }} />);
    expect(screen.getByTestId('order-summary').textContent).toContain('Machine m7');
  });

  it('leaves the amount out when the step shows its own total line', () => {
    render(
      <OrderSummary
        summary={{ merchant: 'Sandbox Vending', machineId: 'm1', items: ['Water'], total: 6.5, symbol: '₪' }}
        withTotal={false}
      />,
    );
    const summary = screen.getByTestId('order-summary');
    expect(summary.textContent).toContain('Sandbox Vending · Water');
    expect(summary.textContent).not.toContain('₪');
    expect(summary.textContent).toContain('Secure payment');
  });
});

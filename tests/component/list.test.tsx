/**
 * LIST (machine 1001) from product choice to the payment method's own step (requirements.md §2, §4, §5), against
 * the in-process sandbox: Cola 6.50 + 2.5 % (0.16) = 6.66, popular; Mineral water 5.00 + 1 = 6.00;
 * Energy drink sold out. Methods: Google Pay, card fields (Tranzila), card scan, Bit; no Apple Pay here.
 */
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { asHeard, en, isCall, json, renderPayPage } from './harness';
import { PROVIDER_URLS } from '../../src/config';
import { PURCHASE_STORAGE_KEYS } from '../../src/lib/purchase-storage';

// Each card's radio is named by the product; its badge, price and fee describe it.
const COLA = 'Cola';
const WATER = 'Mineral water';
const ENERGY = 'Energy drink';

async function openList({ googlePayReady = true }: { googlePayReady?: boolean } = {}) {
  const harness = renderPayPage({ machineId: '1001', googlePayReady });
  const products = await screen.findByRole('group', { name: en.products.choose });
  return { ...harness, products };
}

const productContinue = () => screen.getByRole('button', { name: en.purchase.continue });

/** The method options in order, each as its label and whether it is chosen. */
const methodOptions = (methods: HTMLElement) =>
  within(methods)
    .getAllByRole('radio')
    .map((radio) => [radio.closest('label')?.textContent, (radio as HTMLInputElement).checked]);

describe('LIST product view (1001)', () => {
  it('shows radio cards with the popular product checked, prices, fees and the charge comment', async () => {
    const { products } = await openList();

    const radios = within(products).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const cola = within(products).getByRole('radio', { name: COLA });
    expect(cola).toHaveProperty('checked', true);
    expect(within(products).getByRole('radio', { name: WATER })).toHaveProperty('checked', false);
    // A screen reader hears the product's name, then its badge, price and fee.
    expect(
      within(products).getByRole('radio', {
        name: COLA,
        description: /^Most Popular.*₪6\.50\s*\+ ₪0\.16 convenience fee$/,
      }),
    ).toBe(cola);
    expect(
      within(products).getByRole('radio', { name: WATER, description: /₪5\.00\s*\+ ₪1\.00 convenience fee$/ }),
    ).toBeTruthy();
    expect(within(products).getByRole('radio', { name: ENERGY })).toHaveProperty('disabled', true);
    expect(screen.getByText(en.products.chargeComment)).toBeTruthy();
    expect(productContinue().getAttribute('aria-disabled')).toBe('false');
  });

  it('checks the radio the visitor chooses and ignores the sold-out one', async () => {
    const { products, user } = await openList();
    const cola = within(products).getByRole('radio', { name: COLA });
    const water = within(products).getByRole('radio', { name: WATER });
    const energy = within(products).getByRole('radio', { name: ENERGY });

    await user.click(water);
    expect(water).toHaveProperty('checked', true);
    expect(cola).toHaveProperty('checked', false);

    // Native radios answer the arrow keys too.
    await user.keyboard('{ArrowUp}');
    expect(cola).toHaveProperty('checked', true);
    expect(water).toHaveProperty('checked', false);
    await user.keyboard('{ArrowDown}');
    expect(water).toHaveProperty('checked', true);

    await user.click(energy);
    expect(energy).toHaveProperty('checked', false);
    expect(water).toHaveProperty('checked', true);
  });

  it('Continue records the purchase in the sandbox and opens the "Payment" dialog with the total', async () => {
    const { user, app } = await openList();
    await user.click(productContinue());

    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(dialog.getAttribute('aria-modal')).toBe('true');

    expect(app.purchases.size).toBe(1);
    const [purchase] = [...app.purchases.values()];
    expect(purchase?.machine_id).toBe('1001');
    // The visitor's own session uuid, as the menu handed it out, not one shared by the machine's visitors.
    expect(purchase?.session_uuid).toBeDefined();
    expect(app.visitors.knows(purchase?.session_uuid ?? '')).toBe(true);
    expect(purchase?.lines.map((line) => [line.product.id, line.count, line.unitTotal])).toEqual([[101, 1, 6.66]]);
    expect(purchase?.totals).toEqual({ subtotal: 6.5, fees: 0.16, total: 6.66 });

    const total = within(dialog).getByText(en.methods.includingFees).closest('p');
    expect(total?.textContent).toBe(`${en.methods.total} ₪6.66 ${en.methods.includingFees}`);
    // No custom amount outside price-input mode.
    expect(within(dialog).queryByText(en.methods.aboutToPay, { exact: false })).toBeNull();
    // Focus moved into the dialog, onto the stage heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: en.methods.title })),
    );
  });

  it("once booked, the dialog shows the operator's total, not the menu's (the amount shown is the amount charged)", async () => {
    // The operator prices Cola's fee at 0.60 today, where the menu the page holds says 2.5 % (0.16).
    const { user } = renderPayPage({
      machineId: '1001',
      intercept: async (request, sandbox) => {
        const answer = await sandbox(request);
        if (!isCall(request, 'api/menu/set_purchase')) return answer;
        const booked = (await answer.json()) as { lines: { unit_fee: number; line_total: number }[] };
        const lines = booked.lines.map((line) => ({ ...line, unit_fee: 0.6, line_total: 7.1 }));
        return json({ ...booked, lines, fees: 0.6, total: 7.1 });
      },
    });
    await screen.findByRole('group', { name: en.products.choose });
    await user.click(productContinue());

    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    const total = within(dialog).getByText(en.methods.includingFees).closest('p');
    expect(total?.textContent).toBe(`${en.methods.total} ₪7.10 ${en.methods.includingFees}`);
  });

  it('offers Google Pay (chosen: Google says this browser can pay), card entry, card scan and Bit; no Apple Pay talk off Safari', async () => {
    const { user } = await openList();
    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });

    const methods = within(dialog).getByRole('group', { name: en.methods.title });
    expect(methodOptions(methods)).toEqual([
      [en.methods.names.google_pay, true],
      [en.methods.names.credit_card, false],
      [en.methods.names.card_scan, false],
      [en.methods.names.bit, false],
    ]);
    expect(within(dialog).queryByRole('radio', { name: en.methods.names.apple_pay })).toBeNull();
    // jsdom, like Chrome and Android, has no ApplePaySession: the visitor is not told about Apple Pay at all.
    expect(within(dialog).queryByText(en.methods.applePayNotAvailable)).toBeNull();
    const continueMethod = within(dialog).getByRole('button', { name: en.methods.continue });
    expect(continueMethod.getAttribute('aria-disabled')).toBe('false');

    // Choosing highlights one option at a time.
    await user.click(within(methods).getByRole('radio', { name: en.methods.names.card_scan }));
    expect(within(methods).getByRole('radio', { name: en.methods.names.card_scan })).toHaveProperty('checked', true);
    expect(within(methods).getByRole('radio', { name: en.methods.names.google_pay })).toHaveProperty('checked', false);
    expect(continueMethod.getAttribute('aria-disabled')).toBe('false');
  });

  it('does not offer Google Pay where Google says this browser cannot pay; nothing is chosen and Continue waits', async () => {
    const { user } = await openList({ googlePayReady: false });
    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });

    const methods = within(dialog).getByRole('group', { name: en.methods.title });
    expect(methodOptions(methods)).toEqual([
      [en.methods.names.credit_card, false],
      [en.methods.names.card_scan, false],
      [en.methods.names.bit, false],
    ]);

    // Nothing chosen yet: Continue is dimmed and does nothing.
    const continueMethod = within(dialog).getByRole('button', { name: en.methods.continue });
    expect(continueMethod.getAttribute('aria-disabled')).toBe('true');
    await user.click(continueMethod);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(dialog).getByRole('group', { name: en.methods.title })).toBeTruthy();
  });

  it("says Apple Pay is not available on a Safari that cannot pay with it (requirements.md §2's message)", async () => {
    // Safari's ApplePaySession (a constructor), on a device without a card it can pay with.
    vi.stubGlobal(
      'ApplePaySession',
      Object.assign(function ApplePaySession() {}, { canMakePayments: () => false }),
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { user } = await openList();
    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });

    expect(within(dialog).queryByRole('radio', { name: en.methods.names.apple_pay })).toBeNull();
    expect(within(dialog).getByText(en.methods.applePayNotAvailable)).toBeTruthy();
    // Google still said yes, so Google Pay is the likely wallet.
    expect(within(dialog).getByRole('radio', { name: en.methods.names.google_pay })).toHaveProperty('checked', true);
  });

  it('Bit: the "Pay with Bit" popup, Cancel back to the methods, Continue takes the browser to Bit', async () => {
    const { user, products, app } = await openList();
    await user.click(within(products).getByRole('radio', { name: WATER }));
    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    expect([...app.purchases.values()].map((purchase) => purchase.totals.total)).toEqual([6]);
    expect(within(dialog).getByText(en.methods.includingFees).closest('p')?.textContent).toContain('₪6.00');

    await user.click(within(dialog).getByRole('radio', { name: en.methods.names.bit }));
    await user.click(within(dialog).getByRole('button', { name: en.methods.continue }));

    let popup = await within(dialog).findByRole('alertdialog', {
      name: en.popup.bit.title,
      description: en.popup.bit.text,
    });
    await user.click(within(popup).getByRole('button', { name: en.popup.cancel }));
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(within(dialog).getByRole('radio', { name: en.methods.names.bit })).toHaveProperty('checked', true);

    // jsdom cannot navigate: a stand-in for the page's location records where the browser is sent.
    const assign = vi.fn<(url: string | URL) => void>();
    const here = new URL(window.location.href);
    vi.stubGlobal('location', {
      href: here.href,
      origin: here.origin,
      protocol: here.protocol,
      host: here.host,
      hostname: here.hostname,
      port: here.port,
      pathname: here.pathname,
      search: here.search,
      hash: here.hash,
      assign,
    });
    try {
      await user.click(within(dialog).getByRole('button', { name: en.methods.continue }));
      popup = await within(dialog).findByRole('alertdialog', { name: en.popup.bit.title });
      await user.click(within(popup).getByRole('button', { name: en.popup.continue }));

      expect(await within(dialog).findByRole('status', { name: en.payment.bit.redirecting })).toBeTruthy();
      expect(within(dialog).getByText(en.payment.bit.redirecting)).toBeTruthy();
      expect(within(dialog).queryByRole('alertdialog')).toBeNull();
      expect(within(dialog).queryByRole('radio')).toBeNull();

      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      // The page the operator's processor named for this purchase, on the Bit origin the build names.
      const bit = new URL(String(assign.mock.calls[0]?.[0]));
      expect(bit.origin).toBe(PROVIDER_URLS.bitOrigin);
      expect(bit.searchParams.get('transaction')).toMatch(/^BIT-/);
      // Bit's return is expected: the payment is underway (its purchase's session), with its receipt.
      expect(localStorage.getItem('payStatus')).toBe('pending');
      expect(localStorage.getItem(PURCHASE_STORAGE_KEYS.underwaySession)).toMatch(/^[\w-]{8,}$/);
      expect(JSON.parse(localStorage.getItem('pay_data') ?? 'null')).toMatchObject({
        machineId: '1001',
        items: [{ name: WATER, price: 6, count: 1 }],
        total: 6,
      });
      // Nothing is charged before Bit has approved.
      expect(app.charges.list()).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('closing the drawer (Close or Escape) gives focus back to Continue', async () => {
    const { user } = await openList();
    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    await user.click(within(dialog).getByRole('button', { name: en.drawer.close }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    // Focus returns once the sheet's exit animation has completed, just after it leaves the DOM.
    await waitFor(() => expect(document.activeElement).toBe(productContinue()));

    await user.click(productContinue());
    const again = await screen.findByRole('dialog', { name: en.drawer.title });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(again).getByRole('heading', { name: en.methods.title })),
    );
    await user.keyboard('{Escape}');
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    await waitFor(() => expect(document.activeElement).toBe(productContinue()));
  });

  it('card entry and card scan explain themselves first; Google Pay starts at once; Close abandons it', async () => {
    const { user, app } = await openList();
    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });

    for (const method of ['credit_card', 'card_scan'] as const) {
      await user.click(within(dialog).getByRole('radio', { name: en.methods.names[method] }));
      await user.click(within(dialog).getByRole('button', { name: en.methods.continue }));
      const popup = await within(dialog).findByRole('alertdialog', {
        name: en.popup[method].title,
        description: en.popup[method].text,
      });
      await user.click(within(popup).getByRole('button', { name: en.popup.cancel }));
    }

    // Google Pay has no popup: Continue goes straight to its step, which loads Google's script first.
    await user.click(within(dialog).getByRole('radio', { name: en.methods.names.google_pay }));
    await user.click(within(dialog).getByRole('button', { name: en.methods.continue }));
    expect(await within(dialog).findByRole('status', { name: asHeard(en.payment.googlePay.loading) })).toBeTruthy();
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(within(dialog).queryByRole('radio')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: en.drawer.close }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(screen.getByRole('radio', { name: COLA })).toHaveProperty('checked', true);
    expect(app.charges.list()).toEqual([]);
  });

  // The method's step takes focus with its heading when it replaces the chooser, so it is announced
  // and Escape, which the sheet handles, still closes the drawer.
  it('the method step keeps focus inside the drawer (Escape still closes it)', async () => {
    const { user } = await openList();
    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    await user.click(within(dialog).getByRole('radio', { name: en.methods.names.google_pay }));
    await user.click(within(dialog).getByRole('button', { name: en.methods.continue }));
    await within(dialog).findByRole('status', { name: asHeard(en.payment.googlePay.loading) });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('card entry (Tranzila): the card form with its three labelled fields and the Pay button; Close returns to the products', async () => {
    const { user, products, app } = await openList();
    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    await user.click(within(dialog).getByRole('radio', { name: en.methods.names.credit_card }));
    await user.click(within(dialog).getByRole('button', { name: en.methods.continue }));
    const popup = await within(dialog).findByRole('alertdialog', { name: en.popup.credit_card.title });
    await user.click(within(popup).getByRole('button', { name: en.popup.continue }));

    expect(await within(dialog).findByRole('heading', { name: en.payment.card.title })).toBeTruthy();
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    // The processor's frames go into these boxes, each named by its label.
    for (const label of [en.payment.card.number, en.payment.card.expiry, en.payment.card.cvv]) {
      expect(within(dialog).getByRole('group', { name: label })).toBeTruthy();
    }
    expect(en.payment.card.expiry).toBe('Expiry date (MM/YY)');
    expect(within(dialog).getByText(en.payment.secureNote)).toBeTruthy();
    // Cola 6.50 + 0.16; the hosted-fields script cannot load in jsdom, so the form stays loading.
    const pay = within(dialog).getByRole('button', { name: 'Pay ₪6.66' });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getByRole('status', { name: en.payment.card.loading })).toBeTruthy();
    expect(app.charges.list()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: en.drawer.close }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(within(products).getByRole('radio', { name: COLA })).toHaveProperty('checked', true);
    expect(productContinue().getAttribute('aria-disabled')).toBe('false');

    // A new Continue starts afresh at the methods.
    await user.click(productContinue());
    const again = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(within(again).getByRole('group', { name: en.methods.title })).toBeTruthy();
  });
});

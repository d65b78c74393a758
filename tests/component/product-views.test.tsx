/**
 * The other product views of requirements.md §2 and the rules of §5, against the in-process sandbox:
 * GRID with several products (1002), GRID single choice (1003), SINGLE (1004), QUANTITY (1005)
 * and PRICE_INPUT (1006).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import fr from '../../locales/fr.json';
import { en, he, isCall, json, renderPayPage, type Intercept, type SentRequest } from './harness';

const productContinue = () => screen.getByRole('button', { name: en.purchase.continue });
const drawerTotal = (dialog: HTMLElement) =>
  within(dialog).getByText(en.methods.includingFees).closest('p')?.textContent;
const totalLine = (amount: string) => `${en.methods.total} ${amount} ${en.methods.includingFees}`;

interface MenuProduct {
  id: number;
  name: string;
  price: number;
  available: boolean;
}

/** The operator's menu with `change` applied to its products (the sandbox still prices the purchase). */
const productsChanged =
  (change: (products: MenuProduct[]) => MenuProduct[]): Intercept =>
  async (request, sandbox) => {
    const response = await sandbox(request);
    if (!isCall(request, 'api/menu/get')) return response;
    const menu = (await response.json()) as { products: MenuProduct[] };
    return json({ ...menu, products: change(menu.products) });
  };

/** The products set_purchase was sent, by id and count. */
async function purchasedLines(requests: SentRequest[]) {
  const call = requests.find((request) => isCall(request, 'api/menu/set_purchase'));
  const lines = JSON.parse(await (call?.body ?? Promise.resolve('[]'))) as { product_id: number; count: number }[];
  return lines.map(({ product_id, count }) => [product_id, count]);
}

describe('GRID with several products (1002)', () => {
  // Cola 6.50 + 0.50 = 7.00; Water 5.00 + 0.50 = 5.50; Chips 7.00 + 3 % (0.21) = 7.21; Chocolate 8.00 + 0.24
  const COLA = /^Cola/;
  const WATER = /^Water/;
  const CHIPS = /^Chips/;

  it('offers checkboxes, none checked, and Continue does nothing until one is', async () => {
    const { user, app } = renderPayPage({ machineId: '1002' });
    const products = await screen.findByRole('group', { name: en.products.choose });
    expect(within(products).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(products).queryByRole('radio')).toBeNull();
    for (const box of within(products).getAllByRole('checkbox')) expect(box).toHaveProperty('checked', false);

    expect(productContinue().getAttribute('aria-disabled')).toBe('true');
    await user.click(productContinue());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.purchases.size).toBe(0);
  });

  it('two products selected: the drawer total is their sum with fees, and the sandbox got both lines', async () => {
    const { user, app } = renderPayPage({ machineId: '1002' });
    const products = await screen.findByRole('group', { name: en.products.choose });
    const cola = within(products).getByRole('checkbox', { name: COLA });
    const water = within(products).getByRole('checkbox', { name: WATER });
    const chips = within(products).getByRole('checkbox', { name: CHIPS });

    await user.click(cola);
    await user.click(water);
    await user.click(chips);
    await user.click(water); // and off again
    expect([cola, water, chips].map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, true]);

    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(drawerTotal(dialog)).toBe(totalLine('₪14.21'));

    const [purchase] = [...app.purchases.values()];
    expect(purchase?.lines.map((line) => [line.product.id, line.count, line.unitTotal])).toEqual([
      [201, 1, 7],
      [203, 1, 7.21],
    ]);
    expect(purchase?.totals.total).toBe(14.21);

    // 1002: Yaad Sarig card fields, no Bit; Apple Pay configured but not available in this browser.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([en.methods.names.google_pay, en.methods.names.credit_card, en.methods.names.card_scan]);
  });
});

describe('GRID with one product at a time (1003)', () => {
  it('offers radios with nothing preselected; choosing one enables Continue', async () => {
    const { user } = renderPayPage({ machineId: '1003' });
    const products = await screen.findByRole('group', { name: en.products.choose });
    const radios = within(products).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(within(products).queryByRole('checkbox')).toBeNull();
    expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    expect(productContinue().getAttribute('aria-disabled')).toBe('true');

    await user.click(within(products).getByRole('radio', { name: /Cappuccino/ }));
    await user.click(within(products).getByRole('radio', { name: /Tea/ }));
    expect(within(products).getByRole('radio', { name: /Tea/ })).toHaveProperty('checked', true);
    expect(within(products).getByRole('radio', { name: /Cappuccino/ })).toHaveProperty('checked', false);
    expect(productContinue().getAttribute('aria-disabled')).toBe('false');

    await user.click(productContinue());
    // Tea 7.00 + 1.00
    expect(drawerTotal(await screen.findByRole('dialog', { name: en.drawer.title }))).toBe(totalLine('₪8.00'));
  });
});

describe('SINGLE (1004)', () => {
  it("shows the one product's name and price; Continue buys it", async () => {
    const { user, app } = renderPayPage({ machineId: '1004' });
    expect(await screen.findByRole('heading', { name: 'Car wash' })).toBeTruthy();
    expect(screen.getByText('₪20.00')).toBeTruthy();
    expect(screen.getByText('+ ₪0.40 convenience fee')).toBeTruthy();

    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(drawerTotal(dialog)).toBe(totalLine('₪20.40'));
    expect([...app.purchases.values()][0]?.lines.map((line) => line.product.id)).toEqual([401]);
    // 1004 pays cards through Stripe: its element instead of the card-field options.
    expect(within(dialog).getByRole('radio', { name: en.methods.names.stripe })).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: en.methods.names.credit_card })).toBeNull();
  });
});

describe('QUANTITY (1005)', () => {
  // Laundry token 4.50 + 0.50 = 5.00 per item
  it('+ and − change the count, never below 1, and the total follows', async () => {
    const { user, app } = renderPayPage({ machineId: '1005' });
    expect(await screen.findByRole('heading', { name: 'Laundry token' })).toBeTruthy();
    expect(screen.getByText('₪5.00 per item')).toBeTruthy();

    const stepper = screen.getByRole('group', { name: en.products.quantity });
    const count = within(stepper).getByRole('status', { name: en.products.quantity });
    const add = within(stepper).getByRole('button', { name: en.products.increase });
    const remove = within(stepper).getByRole('button', { name: en.products.decrease });
    // "Total: " and the amount are in separate elements; read the whole line.
    const total = (amount: string) =>
      expect(screen.getByText(`${en.products.total}:`, { exact: false }).textContent).toBe(
        `${en.products.total}: ${amount}`,
      );

    expect(count.textContent).toBe('1');
    total('₪5.00');
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    await user.click(remove);
    expect(count.textContent).toBe('1');

    await user.click(add);
    await user.click(add);
    expect(count.textContent).toBe('3');
    total('₪15.00');
    expect(remove.getAttribute('aria-disabled')).toBe('false');

    await user.click(remove);
    expect(count.textContent).toBe('2');
    total('₪10.00');

    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(drawerTotal(dialog)).toBe(totalLine('₪10.00'));
    const [purchase] = [...app.purchases.values()];
    expect(purchase?.lines.map((line) => [line.product.id, line.count])).toEqual([[501, 2]]);
    expect(purchase?.totals).toEqual({ subtotal: 9, fees: 1, total: 10 });
  });
});

describe('PRICE_INPUT (1006)', () => {
  const display = () => screen.getByRole('status', { name: en.amount.label });

  async function openKeypad() {
    const harness = renderPayPage({ machineId: '1006' });
    const keypad = await screen.findByRole('group', { name: en.amount.keypad });
    expect(screen.getByRole('heading', { name: en.amount.title })).toBeTruthy();
    return { ...harness, keypad, key: (name: string) => within(keypad).getByRole('button', { name }) };
  }

  it('the on-screen keypad types the amount; Continue shows "You are about to pay ₪12.50"', async () => {
    const { user, app, key, requests } = await openKeypad();
    expect(display().textContent).toBe('₪0');
    expect(productContinue().getAttribute('aria-disabled')).toBe('true');

    for (const name of ['1', '2', en.amount.decimalPoint, '5', '7', en.amount.backspace]) await user.click(key(name));
    expect(display().textContent).toBe('₪12.5');
    expect(productContinue().getAttribute('aria-disabled')).toBe('false');

    await user.click(productContinue());
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(within(dialog).getByText(en.methods.aboutToPay, { exact: false }).textContent).toBe(
      `${en.methods.aboutToPay} ₪12.50`,
    );
    expect(drawerTotal(dialog)).toBe(totalLine('₪12.50'));

    const setPurchase = requests.find((request) => request.url.pathname === '/v4/api/menu/set_purchase');
    expect(JSON.parse(await (setPurchase?.body ?? Promise.resolve('null')))).toEqual([
      { product_id: 601, count: 1, custom_price: 12.5 },
    ]);
    expect([...app.purchases.values()][0]?.totals.total).toBe(12.5);
  });

  it('the keyboard works too: 12,5 then Enter', async () => {
    const { user, app } = await openKeypad();
    await user.keyboard('12,5');
    expect(display().textContent).toBe('₪12.5');
    await user.keyboard('{Backspace}{Backspace}.5{Enter}');

    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(within(dialog).getByText(en.methods.aboutToPay, { exact: false }).textContent).toBe(
      `${en.methods.aboutToPay} ₪12.50`,
    );
    expect(app.purchases.size).toBe(1);
    // The keypad stops listening while the drawer covers it.
    await user.keyboard('9');
    expect(display().textContent).toBe('₪12.5');
  });

  it('Enter at 0 says "Minimum amount is ₪1.00" (1006’s minimum_amount) and sends nothing', async () => {
    const { user, app, key } = await openKeypad();
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Minimum amount is ₪1.00');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.purchases.size).toBe(0);

    // The dimmed Continue does the same.
    await user.click(key('1'));
    await user.click(key(en.amount.backspace));
    expect(display().textContent).toBe('₪0');
    await user.click(productContinue());
    expect(screen.getByRole('alert').textContent).toBe('Minimum amount is ₪1.00');
    expect(app.purchases.size).toBe(0);

    // A digit that reaches the minimum clears the hint.
    await user.click(key('3'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('below 1006’s minimum (₪0.99) Continue is dimmed, Enter says "Minimum amount is ₪1.00"; ₪1 goes on', async () => {
    const { user, app } = await openKeypad();
    await user.keyboard('0.99');
    expect(productContinue().getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Minimum amount is ₪1.00');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.purchases.size).toBe(0);

    for (let i = 0; i < 4; i += 1) await user.keyboard('{Backspace}');
    await user.keyboard('1{Enter}');
    await screen.findByRole('dialog', { name: en.drawer.title });
    expect([...app.purchases.values()][0]?.totals.total).toBe(1);
  });

  it('keeps to 2 decimals, one decimal point and 10 digits', async () => {
    const { user } = await openKeypad();
    await user.keyboard('0.1.234');
    expect(display().textContent).toBe('₪0.12');
    for (let i = 0; i < 6; i += 1) await user.keyboard('{Backspace}');
    expect(display().textContent).toBe('₪0');
    await user.keyboard('123456789012');
    // Grouped as the app writes every amount in English.
    expect(display().textContent).toBe('₪1,234,567,890');
  });

  it('in French the display writes "12,5 ₪" and the decimal key shows ","; the amount sent stays 12.5', async () => {
    // The visitor's remembered language, which the page applies once the machine's menu offers it.
    document.cookie = 'language=fr; path=/';
    const harness = renderPayPage({ machineId: '1006' });
    const keypad = await screen.findByRole('group', { name: fr.amount.keypad });
    const frDisplay = () => screen.getByRole('status', { name: fr.amount.label });
    const decimalKey = within(keypad).getByRole('button', { name: fr.amount.decimalPoint });
    expect(frDisplay().textContent).toBe('0\u00a0₪');
    expect(decimalKey.textContent).toBe(',');

    for (const name of ['1', '2', fr.amount.decimalPoint])
      await harness.user.click(within(keypad).getByRole('button', { name }));
    expect(frDisplay().textContent).toBe('12,\u00a0₪');
    await harness.user.click(within(keypad).getByRole('button', { name: '5' }));
    expect(frDisplay().textContent).toBe('12,5\u00a0₪');
    await harness.user.keyboard('{Backspace}{Backspace}{Backspace}4567');
    expect(frDisplay().textContent).toBe('14\u202f567\u00a0₪');

    await harness.user.keyboard('{Backspace}{Backspace}{Backspace},5');
    await harness.user.click(screen.getByRole('button', { name: fr.purchase.continue }));
    await screen.findByRole('dialog', { name: fr.drawer.title });
    const setPurchase = harness.requests.find((request) => request.url.pathname === '/v4/api/menu/set_purchase');
    expect(JSON.parse(await (setPurchase?.body ?? Promise.resolve('null')))).toEqual([
      { product_id: 601, count: 1, custom_price: 14.5 },
    ]);
  });

  it('in Hebrew the display writes the symbol after the amount, as the app’s other amounts', async () => {
    document.cookie = 'language=he; path=/';
    const harness = renderPayPage({ machineId: '1006' });
    await screen.findByRole('group', { name: he.amount.keypad });
    await harness.user.keyboard('12.5');
    expect(screen.getByRole('status', { name: he.amount.label }).textContent).toBe('\u200f12.5\u00a0\u200f₪');
  });
});

describe('SINGLE and QUANTITY show the product that is charged (requirements.md §2)', () => {
  // A sold-out product listed first: the visitor is shown, and pays for, the first available one.
  const soldOutFirst = productsChanged(([first, ...rest]) =>
    first ? [{ ...first, id: 999, name: 'Deluxe wash', price: 35, available: false }, first, ...rest] : [],
  );

  it('SINGLE (1004): the sold-out first product is not shown; the available one is, and set_purchase buys it', async () => {
    const { user, requests } = renderPayPage({ machineId: '1004', intercept: soldOutFirst });
    expect(await screen.findByRole('heading', { name: 'Car wash' })).toBeTruthy();
    expect(screen.queryByText('Deluxe wash')).toBeNull();
    // Car wash 20.00 + 2 % (0.40)
    expect(screen.getByText('₪20.00')).toBeTruthy();
    expect(screen.getByText('+ ₪0.40 convenience fee')).toBeTruthy();

    await user.click(productContinue());
    expect(drawerTotal(await screen.findByRole('dialog', { name: en.drawer.title }))).toBe(totalLine('₪20.40'));
    expect(await purchasedLines(requests)).toEqual([[401, 1]]);
  });

  it('QUANTITY (1005): the available product, its price per item and total; set_purchase buys it', async () => {
    const { user, requests } = renderPayPage({ machineId: '1005', intercept: soldOutFirst });
    expect(await screen.findByRole('heading', { name: 'Laundry token' })).toBeTruthy();
    expect(screen.queryByText('Deluxe wash')).toBeNull();
    // Laundry token 4.50 + 0.50
    expect(screen.getByText('₪5.00 per item')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: en.products.increase }));
    await user.click(productContinue());
    expect(drawerTotal(await screen.findByRole('dialog', { name: en.drawer.title }))).toBe(totalLine('₪10.00'));
    expect(await purchasedLines(requests)).toEqual([[501, 2]]);
  });

  for (const [view, machineId] of [
    ['SINGLE', '1004'],
    ['QUANTITY', '1005'],
  ] as const) {
    it(`${view} (${machineId}) with nothing available says so, and Continue buys nothing`, async () => {
      const soldOut = productsChanged((products) => products.map((product) => ({ ...product, available: false })));
      const { user, app } = renderPayPage({ machineId, intercept: soldOut });
      expect(await screen.findByText(en.products.empty)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: /Car wash|Laundry token/ })).toBeNull();

      expect(productContinue().getAttribute('aria-disabled')).toBe('true');
      await user.click(productContinue());
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(app.purchases.size).toBe(0);
    });
  }
});

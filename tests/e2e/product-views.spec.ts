/** requirements.md §2 product views and §5 money rules, with the figures of sandbox/catalogue.json. */
import type { Locator, Page } from '@playwright/test';
import {
  continueButton,
  drawer,
  escapeRegExp,
  expect,
  fee,
  fill,
  forEachLanguage,
  inEnglish,
  langOf,
  linePrice,
  machine,
  money,
  openMachine,
  product,
  productChoices,
  productInput,
  test,
  totalLine,
  type Texts,
} from './fixtures';

const choice = (page: Page, t: Texts, role: 'radio' | 'checkbox', name: string) => productInput(page, t, name, role);

/**
 * What a screen reader hears for a card: the product's name, then its description — the badge when
 * it is the popular one, the price, the fee line when there is a fee, and 'Unavailable' when sold out.
 */
async function expectCardSpoken(
  input: Locator,
  t: Texts,
  item: ReturnType<typeof product>,
  { popular = false, unavailable = false } = {},
): Promise<void> {
  await expect(input).toHaveAccessibleName(item.name);
  const badge = popular ? `^${escapeRegExp(t.products.mostPopular)}\\s.*` : '';
  const feeText =
    fee(item) > 0 ? `.*${escapeRegExp(fill(t.products.convenienceFee, { fee: money(fee(item), langOf(t)) }))}` : '';
  const status = unavailable ? `.*${escapeRegExp(t.products.unavailable)}$` : '';
  await expect(input).toHaveAccessibleDescription(
    new RegExp(`${badge}${escapeRegExp(money(item.price, langOf(t)))}${feeText}${status}`),
  );
  if (!popular) await expect(input).not.toHaveAccessibleDescription(new RegExp(escapeRegExp(t.products.mostPopular)));
  if (!unavailable)
    await expect(input).not.toHaveAccessibleDescription(new RegExp(escapeRegExp(t.products.unavailable)));
}

inEnglish('LIST (1001)', (lang, t) => {
  const cola = product(1001, 101);
  const water = product(1001, 102);

  test('choosing another product moves the selection and the drawer total follows it', async ({ page }) => {
    await openMachine(page, lang, 1001);
    await choice(page, t, 'radio', water.name).check();
    await expect(choice(page, t, 'radio', cola.name)).not.toBeChecked();
    await continueButton(page, t).click();
    // 5.00 + flat 1.00
    await expect(drawer(page, t).getByText(totalLine(t, linePrice(water)))).toBeVisible();
    expect(linePrice(water)).toBe(6);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('LIST (1001)', (lang, t) => {
  const cola = product(1001, 101);
  const water = product(1001, 102);
  const energy = product(1001, 103);

  test('radio cards with prices and fee lines; the popular one is preselected with the badge; the unavailable one is disabled', async ({
    page,
  }) => {
    await openMachine(page, lang, 1001);
    const radios = productChoices(page, t).getByRole('radio');
    await expect(radios).toHaveCount(3);

    const colaRadio = choice(page, t, 'radio', cola.name);
    await expect(colaRadio).toBeChecked();
    await expectCardSpoken(colaRadio, t, cola, { popular: true });
    // 6.50 × 2.5 % = 0.1625 -> 0.16
    expect(fee(cola)).toBe(0.16);

    const waterRadio = choice(page, t, 'radio', water.name);
    await expect(waterRadio).not.toBeChecked();
    await expectCardSpoken(waterRadio, t, water);
    await expect(productChoices(page, t).getByText(t.products.mostPopular, { exact: true })).toHaveCount(1);

    await expect(productChoices(page, t).getByText(t.products.chargeComment)).toBeVisible();
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');

    // The unavailable product is disabled, says so, and cannot be chosen.
    const energyRadio = choice(page, t, 'radio', energy.name);
    await expect(energyRadio).toBeDisabled();
    await expectCardSpoken(energyRadio, t, energy, { unavailable: true });
    await energyRadio.click({ force: true });
    await expect(energyRadio).not.toBeChecked();
    await expect(choice(page, t, 'radio', cola.name)).toBeChecked();
  });
});

inEnglish('GRID multi-select (1002)', (lang, t) => {
  const items = machine(1002).products;
  const cola = product(1002, 201);
  const chips = product(1002, 203);

  test('checkbox cards with images, prices and fees', async ({ page }) => {
    await openMachine(page, lang, 1002);
    const boxes = productChoices(page, t).getByRole('checkbox');
    await expect(boxes).toHaveCount(items.length);
    await expect(productChoices(page, t).getByRole('radio')).toHaveCount(0);
    for (const item of items) {
      const box = choice(page, t, 'checkbox', item.name);
      await expect(box).not.toBeChecked();
      await expectCardSpoken(box, t, item, { popular: item.is_most_popular === true });
    }
    // Every card shows its picture (decorative: the name is in the text), and it has loaded.
    const images = productChoices(page, t).locator('img');
    await expect(images).toHaveCount(items.length);
    for (const image of await images.all()) {
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    // Nothing is selected yet, so Continue is dimmed.
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'true');
  });

  test('two products can be selected together; the drawer total is their sum; unchecking removes one', async ({
    page,
    setPurchaseRequests,
  }) => {
    await openMachine(page, lang, 1002);
    await choice(page, t, 'checkbox', cola.name).check();
    await choice(page, t, 'checkbox', chips.name).check();
    await expect(choice(page, t, 'checkbox', cola.name)).toBeChecked();
    await expect(choice(page, t, 'checkbox', chips.name)).toBeChecked();

    await continueButton(page, t).click();
    // (6.50 + 0.50) + (7.00 + 7 × 3 % = 0.21) = 7.00 + 7.21 = 14.21
    const total = linePrice(cola) + linePrice(chips);
    expect(total).toBeCloseTo(14.21, 10);
    await expect(drawer(page, t).getByText(totalLine(t, total))).toBeVisible();
    expect(setPurchaseRequests).toHaveLength(1);
    expect(setPurchaseRequests[0]?.postDataJSON()).toEqual([
      { product_id: cola.id, count: 1 },
      { product_id: chips.id, count: 1 },
    ]);

    // Back on the products, unchecking one removes it from the purchase.
    await drawer(page, t).getByRole('button', { name: t.drawer.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await choice(page, t, 'checkbox', cola.name).uncheck();
    await expect(choice(page, t, 'checkbox', chips.name)).toBeChecked();
    await continueButton(page, t).click();
    await expect(drawer(page, t).getByText(totalLine(t, linePrice(chips)))).toBeVisible();
    expect(setPurchaseRequests[1]?.postDataJSON()).toEqual([{ product_id: chips.id, count: 1 }]);
  });
});

inEnglish('GRID single-select (1003)', (lang, t) => {
  const items = machine(1003).products;
  const espresso = product(1003, 301);
  const cappuccino = product(1003, 302);

  test('radio cards with images; selecting another deselects the first', async ({ page }) => {
    await openMachine(page, lang, 1003);
    await expect(productChoices(page, t).getByRole('radio')).toHaveCount(items.length);
    await expect(productChoices(page, t).getByRole('checkbox')).toHaveCount(0);
    await expect(productChoices(page, t).locator('img')).toHaveCount(items.length);
    for (const item of items) {
      await expect(choice(page, t, 'radio', item.name)).not.toBeChecked();
      await expectCardSpoken(choice(page, t, 'radio', item.name), t, item, { popular: item.is_most_popular === true });
    }

    await choice(page, t, 'radio', espresso.name).check();
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');
    await choice(page, t, 'radio', cappuccino.name).check();
    await expect(choice(page, t, 'radio', espresso.name)).not.toBeChecked();
    await expect(choice(page, t, 'radio', cappuccino.name)).toBeChecked();

    await continueButton(page, t).click();
    // 12.00 + flat 1.00
    await expect(drawer(page, t).getByText(totalLine(t, 13))).toBeVisible();
    expect(linePrice(cappuccino)).toBe(13);
  });
});

inEnglish('SINGLE (1004)', (lang, t) => {
  const wash = product(1004, 401);

  test("shows the product's name, price and fee; Continue is ready", async ({ page, setPurchaseRequests }) => {
    await openMachine(page, lang, 1004);
    await expect(page.getByRole('heading', { name: wash.name, level: 1 })).toBeVisible();
    await expect(page.getByText(money(wash.price, lang), { exact: true })).toBeVisible();
    // 20.00 × 2 % = 0.40
    await expect(page.getByText(fill(t.products.convenienceFee, { fee: money(0.4, lang) }))).toBeVisible();
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');

    await continueButton(page, t).click();
    await expect(drawer(page, t).getByText(totalLine(t, 20.4))).toBeVisible();
    expect(linePrice(wash)).toBe(20.4);
    expect(setPurchaseRequests[0]?.postDataJSON()).toEqual([{ product_id: wash.id, count: 1 }]);
  });
});

inEnglish('QUANTITY (1005)', (lang, t) => {
  const token = product(1005, 501);

  test('the counter starts at 1, cannot go below 1, and prices follow the count', async ({
    page,
    setPurchaseRequests,
  }) => {
    await openMachine(page, lang, 1005);
    await expect(page.getByRole('heading', { name: token.name, level: 1 })).toBeVisible();

    const stepper = page.getByRole('group', { name: t.products.quantity });
    const count = stepper.getByRole('status', { name: t.products.quantity });
    const minus = stepper.getByRole('button', { name: t.products.decrease });
    const plus = stepper.getByRole('button', { name: t.products.increase });
    const perItem = page.getByText(fill(t.products.perItem, { price: money(5, lang) }));
    const total = (amount: number) =>
      page.getByText(new RegExp(`^${escapeRegExp(t.products.total)}:?\\s*${escapeRegExp(money(amount, lang))}$`));

    // 4.50 + flat 0.50 = 5.00 per item
    expect(linePrice(token)).toBe(5);
    await expect(count).toHaveText('1');
    await expect(perItem).toBeVisible();
    await expect(total(5)).toBeVisible();

    await expect(minus).toHaveAttribute('aria-disabled', 'true');
    await minus.click({ force: true });
    await expect(count).toHaveText('1');
    await expect(total(5)).toBeVisible();

    await plus.click();
    await expect(count).toHaveText('2');
    await expect(total(10)).toBeVisible();
    await expect(minus).toHaveAttribute('aria-disabled', 'false');
    await plus.click();
    await expect(count).toHaveText('3');
    await expect(perItem).toBeVisible();
    await expect(total(15)).toBeVisible();

    await minus.click();
    await expect(count).toHaveText('2');
    await plus.click();
    await expect(count).toHaveText('3');

    await continueButton(page, t).click();
    await expect(drawer(page, t).getByText(totalLine(t, 15))).toBeVisible();
    expect(setPurchaseRequests[0]?.postDataJSON()).toEqual([{ product_id: token.id, count: 3 }]);
  });
});

/**
 * The gap between a card's product name and the card's start edge (its right in Hebrew): a Latin name once took
 * its own left-to-right direction for the whole block and sat at the card's left.
 */
async function nameGapFromStart(page: Page, input: Locator): Promise<number> {
  const nameId = await input.getAttribute('aria-labelledby');
  return page.locator(`[id="${nameId ?? ''}"]`).evaluate((block) => {
    const text = document.createRange();
    text.selectNodeContents(block);
    return Math.abs(block.getBoundingClientRect().right - text.getBoundingClientRect().right);
  });
}

test.describe('Hebrew: Latin product names in the cards’ right-to-left alignment', () => {
  test.use({ lang: 'he' });

  for (const { machineId, layout } of [
    { machineId: 1001, layout: 'LIST' },
    { machineId: 1003, layout: 'GRID' },
  ]) {
    test(`${layout} (${String(machineId)}): each name starts at the card's right, as its price does`, async ({
      page,
      t,
    }) => {
      await openMachine(page, 'he', machineId);
      const inputs = await productChoices(page, t).getByRole('radio').all();
      expect(inputs.length).toBeGreaterThan(1);
      for (const input of inputs) expect(await nameGapFromStart(page, input)).toBeLessThanOrEqual(1);
    });
  }
});

/**
 * requirements.md §2 / §8: machine not found, not active, and the loading spinner. An unknown machine first says in
 * plain words what happened and what to do (design.md §5.4: failures in plain words), then the spec's message.
 */
import {
  continueButton,
  DEFAULT_SUPPORT_PHONE,
  escapeRegExp,
  expect,
  inEnglish,
  machine,
  MENU_GET,
  openPay,
  productChoices,
  telHref,
  test,
} from './fixtures';
import { machineQuery } from '../fixtures/machine-pages';

const technicianPhone = (id: number) => {
  const phone = machine(id).technician_phone_number;
  if (!phone) throw new Error(`machine ${id} has no technician_phone_number in the catalogue`);
  return phone;
};

interface ConditionCase {
  title: string;
  query: string;
  /** The heading and the advice shown before the spec's message, if any. */
  headline?: [string, string];
  message: string;
  phone: string;
}

inEnglish('machine conditions', (lang, t) => {
  const cases: ConditionCase[] = [
    {
      title: 'an unknown machine id is not found',
      query: 'machine_id=999999',
      headline: [t.machine.notRecognised, t.machine.checkCode],
      message: t.machine.notFound,
      phone: DEFAULT_SUPPORT_PHONE,
    },
    {
      title: 'a missing machine id is not found',
      query: '',
      headline: [t.machine.notRecognised, t.machine.checkCode],
      message: t.machine.notFound,
      phone: DEFAULT_SUPPORT_PHONE,
    },
    {
      title: 'an inactive machine (1007) is not active',
      query: machineQuery(1007),
      message: t.machine.notActive,
      phone: technicianPhone(1007),
    },
    {
      title: 'machine_close=true shows an active machine (1001) as not active',
      query: `${machineQuery(1001)}&machine_close=true`,
      message: t.machine.notActive,
      phone: technicianPhone(1001),
    },
  ];

  for (const { title, query, headline, message, phone } of cases) {
    test(`${title}, with a call-support link`, async ({ page }) => {
      await openPay(page, lang, query);
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(new RegExp(`^${[...(headline ?? []), message].map(escapeRegExp).join('\\s*')}`));
      // What happened is the page's heading; the advice and the spec's message are plain sentences under it.
      if (headline) await expect(alert.getByRole('heading', { level: 1, name: headline[0] })).toBeVisible();
      const contact = alert.getByRole('link', { name: t.machine.contact });
      await expect(contact).toBeVisible();
      await expect(contact).toHaveAttribute('href', telHref(phone));
      await expect(contact).toContainText(phone);
      // Nothing can be bought here.
      await expect(productChoices(page, t)).toHaveCount(0);
      await expect(continueButton(page, t)).toHaveCount(0);
    });
  }

  test('a skeleton of the list shows while the menu loads, busy and announced', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(MENU_GET, async (route) => {
      await held;
      await route.continue();
    });

    await openPay(page, lang, machineQuery(1001));
    const skeleton = page.getByTestId('menu-skeleton');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(skeleton.getByRole('status')).toHaveText(t.app.loading);
    // Shaped like the LIST to come: cards without pictures.
    await expect(skeleton.locator('.skeleton__card')).toHaveCount(3);
    await expect(skeleton.locator('.skeleton__picture')).toHaveCount(0);
    await expect(productChoices(page, t)).toHaveCount(0);
    await expect(continueButton(page, t)).toHaveCount(0);

    release();
    await expect(productChoices(page, t)).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });
});

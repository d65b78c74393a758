/**
 * requirements.md §2: the footer's payment logos and its links for cancellation and refund, accessibility and contact.
 * The logos are the marks of what machine 1001 accepts (tests/e2e/payment-marks.spec.ts covers the others).
 */
import { expect, forEachLanguage, openMachine, openPay, test } from './fixtures';
import { machineQuery } from '../fixtures/machine-pages';

// Chromium has no ApplePaySession: no Apple Pay mark.
const BRANDS = ['Google Pay', 'Bit', 'Visa', 'Mastercard', 'American Express', 'Discover'];

forEachLanguage('footer', (lang, t) => {
  test('lists the accepted payment brands and links to refund, accessibility and contact', async ({ page }) => {
    await openMachine(page, lang, 1001);
    const footer = page.getByRole('contentinfo');

    const brands = footer.getByRole('list', { name: t.footer.acceptedPayments });
    const marks = brands.getByRole('img');
    await expect(marks).toHaveCount(BRANDS.length);
    for (const [index, name] of BRANDS.entries()) await expect(marks.nth(index)).toHaveAccessibleName(name);

    const links = [
      { name: t.footer.refund, href: '/refund-and-cancellation' },
      { name: t.footer.accessibility, href: '/accessibility' },
      { name: t.footer.contact, href: '/contact' },
    ];
    await expect(footer.getByRole('link')).toHaveCount(links.length);
    for (const { name, href } of links) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('an inactive machine’s page shows no payment marks: nothing can be paid there, its links stay', async ({
    page,
  }) => {
    await openPay(page, lang, machineQuery(1007));
    await expect(page.getByRole('alert')).toContainText(t.machine.notActive);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: t.footer.contact, exact: true })).toBeVisible();
    await expect(footer.getByRole('list', { name: t.footer.acceptedPayments })).toHaveCount(0);
  });
});

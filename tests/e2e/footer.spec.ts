/** Spec §2: the footer's payment logos and its links for cancellation and refund, accessibility and contact. */
import { expect, forEachLanguage, openMachine, test } from './fixtures';

const BRANDS = ['Visa', 'Mastercard', 'Amex', 'Google Pay', 'Apple Pay', 'Bit'];

forEachLanguage('footer', (lang, t) => {
  test('lists the accepted payment brands and links to refund, accessibility and contact', async ({ page }) => {
    await openMachine(page, lang, 1001);
    const footer = page.getByRole('contentinfo');

    const brands = footer.getByRole('list', { name: t.footer.acceptedPayments });
    await expect(brands.getByRole('listitem')).toHaveText(BRANDS);

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
});

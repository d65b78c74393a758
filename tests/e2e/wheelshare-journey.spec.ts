/**
 * The whole rental journey across the entry points, as it happens at a station: the station (/wheelshare)
 * shows a QR code; the visitor's phone opens it (/genPaymentIntend → /customPaymentIframe), pays with
 * Google Pay and lands on /wheelshare/afterPayment; the station, polling, then says all done.
 */
import wsEn from '../../locales/wheelshare/en.json' with { type: 'json' };
import wsHe from '../../locales/wheelshare/he.json' with { type: 'json' };
import {
  chooseMethod,
  continueButton,
  drawerButton,
  expect,
  expectCharges,
  expectDocumentLanguage,
  forEachLanguage,
  type Lang,
  methodContinue,
  sheetButton,
  test,
} from './fixtures';
import { GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';

const STATION_TEXTS: Record<Lang, typeof wsEn> = { en: wsEn, he: wsHe };
/** requirements.md §9: the hourly rate, 5 NIS; the station rents for an hour by default. */
const ONE_HOUR = 5;

forEachLanguage('wheelshare journey', (lang, t) => {
  const ws = STATION_TEXTS[lang];

  test('station QR → phone pays the rental through the payment link → phone lands on afterPayment, station says all done', async ({
    page: station,
    context,
    request,
  }) => {
    const phone = lang === 'he' ? '0589900001' : '0579900001';
    await station.goto('/wheelshare');
    await expectDocumentLanguage(station, lang);
    await station.getByRole('textbox', { name: ws.form.phone }).fill(phone);
    await station.getByRole('button', { name: ws.form.submitRent }).click();
    const qrCode = station.getByRole('img', { name: ws.pay.qrLabel });
    await expect(qrCode).toBeVisible();
    // What the visitor's phone reads from the QR code; the station's screen never writes it, their number in it.
    const link = (await qrCode.getAttribute('data-value')) ?? '';
    expect(new URL(link).searchParams.get('phone_number')).toBe(phone);
    expect(await station.locator('body').innerText()).not.toContain(phone);

    // The visitor's phone follows the QR code.
    const phonePage = await context.newPage();
    await phonePage.goto(link);
    await expect(phonePage).toHaveURL(/\/customPaymentIframe\?/);
    const visitorUuid = await phonePage.evaluate(() => localStorage.getItem('visitor_uuid'));
    expect(visitorUuid).toBeTruthy();
    await continueButton(phonePage, t).click();
    await chooseMethod(phonePage, t, 'google_pay');
    await methodContinue(phonePage, t).click();
    await drawerButton(phonePage, t, GOOGLE_PAY_BUTTON).click();
    await sheetButton(phonePage, 'Google Pay', 'Approve').click();

    await expect(phonePage).toHaveURL(/\/wheelshare\/afterPayment$/);
    await expect(phonePage.getByRole('heading', { name: ws.afterPayment.heading })).toBeVisible();
    await expect(station.getByRole('heading', { name: ws.done.heading })).toBeVisible();
    await expect(station.getByText(ws.done.text)).toBeVisible();
    await expectCharges(request, visitorUuid ?? '', [{ method: 'google_pay', status: 'approved', amount: ONE_HOUR }]);
  });
});

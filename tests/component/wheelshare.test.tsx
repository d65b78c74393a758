/**
 * The wheelshare station (/wheelshare) and the visitor's landing page (/wheelshare/afterPayment)
 * against the in-process sandbox. Polls run every 20 ms here instead of every second (the 1 s
 * interval itself is checked by the machine's tests on a simulated clock).
 */
import { createRentalSessions } from '../../src/api/rental-sessions';
import { localStore } from '../../src/lib/local-store';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import enTexts from '../../locales/wheelshare/en.json';
import heTexts from '../../locales/wheelshare/he.json';
import type { SandboxApp } from '../../sandbox/app';
import { provideWheelshare } from '../../src/actors/wheelshare';
import { DEFAULT_SUPPORT_PHONE } from '../../src/config';
import { AfterPayment } from '../../src/views/wheelshare/AfterPayment';
import { WheelshareStation } from '../../src/views/wheelshare/WheelshareStation';
import { BASE_HOST, connectSandbox, en, he, isCall, json, type Intercept } from './harness';

/** 10 March 2031, 10:30 local time. */
const NOW = new Date(2031, 2, 10, 10, 30).getTime();
const WAITING = 'api/merchants/wheelshare/is_waiting_for_creditcard';

function renderStation({ intercept, phone }: { intercept?: Intercept; phone?: string } = {}) {
  const { app, api, requests } = connectSandbox({ intercept });
  const logic = provideWheelshare(api, createRentalSessions(localStore)).provide({ delays: { pollInterval: 20 } });
  const user = userEvent.setup();
  const view = render(<WheelshareStation now={NOW} machineId="15" logic={logic} />);
  const polls = () => requests.filter((request) => isCall(request, WAITING)).length;
  const typePhone = async (value = phone ?? '050-123-4567') => {
    await user.type(await screen.findByRole('textbox', { name: enTexts.form.phone }), value);
  };
  return { ...view, app, api, requests, user, polls, typePhone };
}

const submitRent = () => screen.getByRole('button', { name: enTexts.form.submitRent });

/** The visitor pays on their phone: Google Pay through the sandbox's wallet contract. */
async function payOnPhone(app: SandboxApp, phone: string) {
  const rental = app.rentals.byPhone(phone);
  if (!rental) throw new Error(`no rental for ${phone}`);
  const response = await app.request('/v4/api/payment/pay/wallet?machine_id=15&payment_method=google_pay', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'session-uuid': rental.session_id,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      paymentData: { paymentMethodData: { tokenizationData: { token: 'approve' } } },
      amount: rental.amount.toFixed(2),
      currencyCode: 'ILS',
    }),
  });
  expect(((await response.json()) as { status: number }).status).toBe(0);
}

async function rentUntilQrCode(station: ReturnType<typeof renderStation>) {
  await station.typePhone();
  await station.user.click(submitRent());
  return screen.findByRole('img', { name: enTexts.pay.qrLabel });
}

describe('/wheelshare: the form', () => {
  it('rent is chosen, hourly at ₪5, from now to an hour from now; submit is disabled while the phone is blank', async () => {
    const { typePhone } = renderStation();
    expect(await screen.findByRole('heading', { level: 1, name: enTexts.title })).toBeTruthy();
    expect(screen.getByRole('radio', { name: enTexts.form.rent })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: new RegExp(enTexts.form.hourly) })).toHaveProperty('checked', true);
    expect(screen.getByText('₪5.00 per hour')).toBeTruthy();
    expect(screen.getByText('₪60.00 per day')).toBeTruthy();
    expect(screen.getByLabelText(enTexts.form.start)).toHaveProperty('value', '10:30');
    expect(screen.getByLabelText(enTexts.form.end)).toHaveProperty('value', '11:30');
    expect(screen.getByText(enTexts.form.estimate).parentElement?.textContent).toBe(
      'Estimated price ₪5.00 (1 × ₪5.00)',
    );
    expect(submitRent()).toHaveProperty('disabled', true);

    await typePhone('   ');
    expect(submitRent()).toHaveProperty('disabled', true);
    await typePhone('0');
    expect(submitRent()).toHaveProperty('disabled', false);
  });

  it('the estimate follows the option and the times (an earlier end is the next day)', async () => {
    const { user } = renderStation();
    const start = await screen.findByLabelText(enTexts.form.start);
    const estimate = () => screen.getByText(enTexts.form.estimate).parentElement?.textContent;
    await user.clear(start);
    await user.type(start, '22:10');
    const end = screen.getByLabelText(enTexts.form.end);
    await user.clear(end);
    await user.type(end, '01:00');
    expect(estimate()).toBe('Estimated price ₪15.00 (3 × ₪5.00)');
    await user.click(screen.getByRole('radio', { name: new RegExp(enTexts.form.daily) }));
    expect(estimate()).toBe('Estimated price ₪60.00 (1 × ₪60.00)');
  });

  it('an implausible phone number: a clear error on submit, gone once corrected; nothing is sent', async () => {
    const { user, typePhone, requests } = renderStation();
    await typePhone('12345');
    const phone = screen.getByRole('textbox', { name: enTexts.form.phone });
    expect(screen.queryByText(enTexts.form.phoneInvalid)).toBeNull();
    await user.click(submitRent());
    expect((await screen.findByRole('alert')).textContent).toBe(enTexts.form.phoneInvalid);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(requests).toEqual([]);

    await typePhone('6789');
    expect(screen.queryByText(enTexts.form.phoneInvalid)).toBeNull();
    expect(phone.getAttribute('aria-invalid')).toBe('false');
  });

  it('return hides the rental option and times', async () => {
    const { user } = renderStation();
    await user.click(await screen.findByRole('radio', { name: enTexts.form.return }));
    expect(screen.queryByRole('group', { name: enTexts.form.option })).toBeNull();
    expect(screen.queryByLabelText(enTexts.form.start)).toBeNull();
    expect(screen.getByRole('button', { name: enTexts.form.submitReturn })).toHaveProperty('disabled', true);
  });

  it('language buttons: one button names the language; it opens the four, the current pressed; עברית turns the station right to left', async () => {
    const { user } = renderStation();
    const toggle = await screen.findByRole('button', { name: `${en.language.label}: English` });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.querySelector('[lang]')?.getAttribute('lang')).toBe('en');
    expect(screen.queryByRole('group', { name: en.language.label })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const languages = screen.getByRole('group', { name: en.language.label });
    expect(toggle.getAttribute('aria-controls')).toBe(languages.id);
    const buttons = within(languages).getAllByRole('button');
    expect(
      buttons.map((button) => [button.textContent, button.getAttribute('lang'), button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['English', 'en', 'true'],
      ['עברית', 'he', 'false'],
      ['Français', 'fr', 'false'],
      ['Español', 'es', 'false'],
    ]);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle).toBe(document.activeElement);

    await user.click(toggle);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(toggle.getAttribute('aria-expanded'), 'a tap elsewhere closes the list').toBe('false');

    await user.click(toggle);
    await user.click(
      within(screen.getByRole('group', { name: en.language.label })).getByRole('button', { name: 'עברית' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: heTexts.title })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.cookie).toContain('language=he');
    const chosen = screen.getByRole('button', { name: `${he.language.label}: עברית` });
    expect(chosen.getAttribute('aria-expanded')).toBe('false');
    expect(chosen).toBe(document.activeElement);
    await user.click(chosen);
    const hebrew = screen.getByRole('group', { name: he.language.label });
    expect(within(hebrew).getByRole('button', { name: 'עברית' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(hebrew).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('the chosen times are written under the pickers in the page’s language', async () => {
    const { user } = renderStation();
    const start = await screen.findByLabelText(enTexts.form.start);
    await user.clear(start);
    await user.type(start, '14:30');
    const chosen = () => screen.getAllByTestId('time-chosen').map((line) => line.textContent.replace(/\s/g, ' '));
    expect(chosen()).toEqual(['2:30 PM', '11:30 AM']);
    for (const [language, expected] of [
      ['fr', ['14:30', '11:30']],
      ['es', ['14:30', '11:30']],
      ['he', ['14:30', '11:30']],
    ] as const) {
      await act(() => i18next.changeLanguage(language));
      expect(chosen(), language).toEqual(expected);
    }
    await user.clear(screen.getByLabelText(heTexts.form.start));
    expect(chosen(), 'a cleared time writes nothing').toEqual(['', '11:30']);
  });

  it('Hebrew: the estimate’s "(1 × ₪5.00)" keeps the page’s direction, its rate an isolate of its own', async () => {
    renderStation();
    await screen.findByLabelText(enTexts.form.start);
    await act(() => i18next.changeLanguage('he'));
    const detail = screen.getByTestId('estimate-detail');
    expect(detail.textContent).toBe('(1 × \u200f5.00\u00a0\u200f₪)');
    // Forced left to right, the rate's right-to-left marks carried the bracket after it to the wrong side.
    expect(detail.closest('[dir="ltr"]')).toBeNull();
    expect(detail.querySelector('bdi')?.textContent).toBe('\u200f5.00\u00a0\u200f₪');
  });
});

describe('/wheelshare: renting', () => {
  it('sends the rental, shows the payment link as a QR code (never as text), and says all done once paid', async () => {
    const station = renderStation();
    const qr = await rentUntilQrCode(station);
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A signed payment link for the rental, expiring in 15 minutes (docs/payments.md "Payment links").
    const link = new URL(qr.getAttribute('data-value') ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${BASE_HOST}/genPaymentIntend`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      machine_id: '15',
      amount: '5.00',
      phone_number: '0501234567',
      deferred: 'true',
    });
    const expires = Number(link.searchParams.get('expires'));
    expect(expires).toBeGreaterThan(Date.now() / 1000 + 14 * 60);
    expect(expires).toBeLessThanOrEqual(Date.now() / 1000 + 15 * 60);
    expect(link.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(screen.getByRole('status').textContent).toBe(enTexts.pay.waiting);
    // The station's screen is shared: the visitor's number is not written on it.
    expect(document.body.textContent).not.toContain('0501234567');
    expect(screen.queryByText(/genPaymentIntend/)).toBeNull();
    expect(screen.getByText(enTexts.pay.link)).toBeTruthy();

    const setPurchase = station.requests.find((request) => isCall(request, 'api/merchants/wheelshare/set_purchase'));
    expect(setPurchase?.method).toBe('POST');
    expect(Object.fromEntries(new URL(setPurchase?.url ?? '').searchParams)).toEqual({
      phone_number: '0501234567',
      machine_id: '15',
    });
    expect(JSON.parse((await setPurchase?.body) ?? 'null')).toEqual({
      rental_option: 'hourly',
      start_time: new Date(NOW).toISOString(),
      end_time: new Date(NOW + 60 * 60_000).toISOString(),
    });
    // The sandbox charges what the station estimated: one hour at 5 NIS (requirements.md §9).
    expect(station.app.rentals.byPhone('0501234567')?.amount).toBe(5);

    await waitFor(() => expect(station.polls()).toBeGreaterThanOrEqual(2));
    await payOnPhone(station.app, '0501234567');
    const done = (await screen.findByRole('heading', { name: enTexts.done.heading })).closest('section');
    expect(screen.getByText(enTexts.done.text)).toBeTruthy();
    // The facts, as /pay's success page says them: how much to whom, the rental's reference, a support call.
    expect(screen.getByTestId('paid-to').textContent).toBe('₪5.00 paid to Machine 15');
    const session = station.app.rentals.byPhone('0501234567')?.session_id ?? '';
    expect(done?.textContent).toContain(`Rental reference: ${session.slice(0, 8).toUpperCase()}`);
    expect(done?.textContent).not.toContain(session);
    expect(screen.getByRole('link', { name: new RegExp(en.success.support) }).getAttribute('href')).toBe(
      `tel:${DEFAULT_SUPPORT_PHONE.replace(/[^\d+]/g, '')}`,
    );
    const polled = station.polls();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(station.polls()).toBe(polled);

    // The next visitor gets a blank form.
    await station.user.click(screen.getByRole('button', { name: enTexts.done.next }));
    expect(screen.getByRole('textbox', { name: enTexts.form.phone })).toHaveProperty('value', '');
  });

  it('Cancel leaves the QR code for the form, phone kept, and stops polling', async () => {
    const station = renderStation();
    await rentUntilQrCode(station);
    await station.user.click(screen.getByRole('button', { name: enTexts.pay.cancel }));
    expect(screen.getByRole('textbox', { name: enTexts.form.phone })).toHaveProperty('value', '050-123-4567');
    const polled = station.polls();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(station.polls()).toBe(polled);
  });

  it('polling stops when the visitor leaves the page', async () => {
    const station = renderStation();
    await rentUntilQrCode(station);
    await waitFor(() => expect(station.polls()).toBeGreaterThanOrEqual(2));
    station.unmount();
    const polled = station.polls();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(station.polls()).toBe(polled);
  });

  it('a failed poll is tried on the next tick (each failure one request); three in a row: connection lost', async () => {
    let failing = 2;
    let failed = 0;
    const station = renderStation({
      intercept: (request, sandbox) => {
        if (isCall(request, WAITING) && failing > 0) {
          failing -= 1;
          failed += 1;
          return Promise.resolve(json({ message: 'busy' }, 503));
        }
        return sandbox(request);
      },
    });
    await rentUntilQrCode(station);
    // Two blips, then the sandbox answers again: still waiting for the card, no connection-lost state.
    await waitFor(() => expect(station.polls()).toBeGreaterThanOrEqual(4));
    expect(screen.getByRole('img', { name: enTexts.pay.qrLabel })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: enTexts.lost.heading })).toBeNull();

    failing = Number.POSITIVE_INFINITY;
    failed = 0;
    const lost = await screen.findByRole('heading', { name: enTexts.lost.heading });
    expect(failed, 'failed polls, each sent once (no retry inside a poll)').toBe(3);
    expect(lost.closest('section')?.textContent).toContain(enTexts.lost.text);
    const support = screen.getByRole('link', { name: new RegExp(en.failure.support) });
    expect(support.getAttribute('href')).toBe(`tel:${DEFAULT_SUPPORT_PHONE.replace(/[^\d+]/g, '')}`);
    const polled = station.polls();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(station.polls(), 'no polling once the connection is lost').toBe(polled);

    failing = 0;
    await payOnPhone(station.app, '0501234567');
    await station.user.click(screen.getByRole('button', { name: enTexts.lost.retry }));
    expect(await screen.findByRole('heading', { name: enTexts.done.heading })).toBeTruthy();
    expect(station.polls()).toBe(polled + 1);
  });

  it('a pay answer with status != 0 shows the contact-support text with its message', async () => {
    const station = renderStation({
      intercept: (request, sandbox) =>
        isCall(request, 'api/merchants/wheelshare/pay')
          ? Promise.resolve(json({ status: 4, msg: 'Station out of wheelchairs' }))
          : sandbox(request),
    });
    await station.typePhone();
    await station.user.click(submitRent());
    const heading = await screen.findByRole('heading', { name: enTexts.failure.rentHeading });
    const failure = heading.closest('section');
    // Under the title: what went wrong in the visitor's words, then that no money moved, then the rest.
    const paragraphs = [...(failure?.querySelectorAll('p') ?? [])].map((p) => p.textContent);
    expect(paragraphs.slice(0, 3)).toEqual([
      'The operator did not accept the request.',
      'You have not been charged.',
      'Station out of wheelchairs',
    ]);
    expect(failure?.textContent).toContain(enTexts.failure.contactSupport);
    expect(failure?.textContent).toMatch(/Rental reference: [0-9A-F]{8}/);
    expect(screen.getByRole('link', { name: new RegExp(en.failure.support) })).toBeTruthy();
    await station.user.click(screen.getByRole('button', { name: enTexts.failure.back }));
    expect(screen.getByRole('textbox', { name: enTexts.form.phone })).toHaveProperty('value', '050-123-4567');
  });

  it('a payment link that is not a web address is never shown', async () => {
    const station = renderStation({
      intercept: (request, sandbox) =>
        isCall(request, 'api/merchants/wheelshare/pay')
          ? Promise.resolve(json({ status: 0, msg: 'ok', data: { payment_url: 'javascript:alert(1)' } }))
          : sandbox(request),
    });
    await station.typePhone();
    await station.user.click(submitRent());
    expect(await screen.findByText(enTexts.failure.causes.unusableLink)).toBeTruthy();
    expect(screen.queryByRole('img', { name: enTexts.pay.qrLabel })).toBeNull();
    expect(screen.queryByText(/javascript:/)).toBeNull();
  });
});

describe('/wheelshare: returning', () => {
  it('after a paid rental: returned successfully', async () => {
    const station = renderStation();
    await rentUntilQrCode(station);
    await payOnPhone(station.app, '0501234567');
    await screen.findByRole('heading', { name: enTexts.done.heading });
    await station.user.click(screen.getByRole('button', { name: enTexts.done.next }));

    await station.user.click(screen.getByRole('radio', { name: enTexts.form.return }));
    await station.typePhone('050 123 4567');
    await station.user.click(screen.getByRole('button', { name: enTexts.form.submitReturn }));
    expect(await screen.findByRole('heading', { name: enTexts.returned.heading })).toBeTruthy();
    expect(station.app.rentals.byPhone('0501234567')?.status).toBe('returned');
  });

  it('a number this station rented nothing to: no call, the no-rental and contact-support texts, a support call and Try again', async () => {
    const station = renderStation();
    await station.user.click(await screen.findByRole('radio', { name: enTexts.form.return }));
    await station.typePhone('0529876543');
    await station.user.click(screen.getByRole('button', { name: enTexts.form.submitReturn }));
    const heading = await screen.findByRole('heading', { name: enTexts.failure.returnHeading });
    const failure = heading.closest('section');
    expect(failure?.getAttribute('role')).toBe('alert');
    expect(failure?.textContent).toContain(enTexts.failure.contactSupport);
    // The app's own words, never the operator's text for a call without the rental's session.
    expect(failure?.textContent).toContain('No rental was found for this phone number at this station.');
    expect(failure?.textContent).not.toMatch(/session/i);
    // A return moves no money: nothing is said of a charge.
    expect(failure?.textContent).not.toContain(en.failure.notCharged);
    expect(screen.getByRole('link', { name: new RegExp(en.failure.support) }).getAttribute('href')).toBe(
      `tel:${DEFAULT_SUPPORT_PHONE.replace(/[^\d+]/g, '')}`,
    );
    // The operator refuses a return without the rental's session: the station does not ask it.
    const returns = () => station.requests.filter((r) => isCall(r, 'api/integration/wheelshare/return')).length;
    expect(returns()).toBe(0);
    await station.user.click(screen.getByRole('button', { name: enTexts.failure.retry }));
    const again = await screen.findByRole('heading', { name: enTexts.failure.returnHeading });
    expect(again.closest('section')?.textContent).toContain(
      'No rental was found for this phone number at this station.',
    );
    expect(returns()).toBe(0);
  });
});

describe('/wheelshare/afterPayment', () => {
  it('says the payment was received and Done submits', async () => {
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<AfterPayment onDone={onDone} />);
    expect(await screen.findByRole('heading', { level: 1, name: enTexts.afterPayment.heading })).toBeTruthy();
    expect(screen.getByText(enTexts.afterPayment.text)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: enTexts.afterPayment.done }));
    expect(onDone).toHaveBeenCalledOnce();
  });
});

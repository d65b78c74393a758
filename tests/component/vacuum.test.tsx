/**
 * /vacuum (requirements.md §2, §5, §9) through the /pay page with an hourly order, against the in-process
 * sandbox: machine 1008 sells "Vacuum — 1 hour" (801, ₪12 an hour) and "Vacuum + shampoo — 1 hour"
 * (802, ₪18 an hour).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import vacuumEn from '../../locales/vacuum/en.json';
import vacuumHe from '../../locales/vacuum/he.json';
import { catalogueMenu, en, isCall, json, renderPayPage, type Intercept } from './harness';

const VACUUM = 'Vacuum — 1 hour';
const SHAMPOO = 'Vacuum + shampoo — 1 hour';
const t = vacuumEn;

interface Options {
  promotionMember?: boolean;
  intercept?: Intercept;
}

/** Opens machine 1008 at 10:00 and waits for the grid. */
async function openVacuum({ promotionMember = false, intercept }: Options = {}) {
  const harness = renderPayPage({
    machineId: '1008',
    orderSource: { kind: 'hourly', now: '10:00', promotionMember },
    intercept,
  });
  const grid = await screen.findByRole('group', { name: t.grid.title });
  return { ...harness, grid };
}

/** Machine 1008's technician (sandbox/catalogue.json). */
const SUPPORT_PHONE = catalogueMenu('1008').technician_phone_number ?? '';

const gridContinue = () => screen.getByRole('button', { name: en.purchase.continue });
const offerDialog = (name: string) => screen.findByRole('dialog', { name });
const timeDrawer = () => screen.findByRole('dialog', { name: t.time.title });

/** Chooses a product and continues; a member lands in the time drawer. */
async function toTimeDrawer(harness: Awaited<ReturnType<typeof openVacuum>>, product = VACUUM) {
  await harness.user.click(within(harness.grid).getByRole('radio', { name: product }));
  await harness.user.click(gridContinue());
  return timeDrawer();
}

const setTime = (drawer: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(drawer).getByLabelText(label), { target: { value } });

/** The drawer's summary line for a label, e.g. "Total" -> "₪18.00". */
const summaryValue = (drawer: HTMLElement, label: string) =>
  within(drawer).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the grid', () => {
  it('shows the hourly products with image, name and price per hour; Continue is dimmed until one is chosen', async () => {
    const { grid, user, app } = await openVacuum();
    const radios = within(grid).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    expect(within(grid).getByRole('radio', { name: VACUUM, description: '₪12.00 / hour' })).toBeTruthy();
    expect(within(grid).getByRole('radio', { name: SHAMPOO, description: '₪18.00 / hour' })).toBeTruthy();
    expect(grid.querySelectorAll('img[src="/sandbox/images/vacuum.svg"]')).toHaveLength(1);

    expect(gridContinue().getAttribute('aria-disabled')).toBe('true');
    await user.click(gridContinue());
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(grid).getByRole('radio', { name: SHAMPOO }));
    expect(within(grid).getByRole('radio', { name: SHAMPOO })).toHaveProperty('checked', true);
    expect(within(grid).getByRole('radio', { name: SHAMPOO }).closest('label')?.className).toContain(
      'product-card--selected',
    );
    expect(gridContinue().getAttribute('aria-disabled')).toBe('false');
    expect(app.purchases.size).toBe(0);
  });

  it('an unavailable product is shown disabled and cannot be chosen', async () => {
    // The operator marks 802 unavailable.
    const intercept: Intercept = async (request, sandbox) => {
      const response = await sandbox(request);
      if (!isCall(request, 'api/menu/get')) return response;
      const menu = (await response.json()) as { products: { id: number; available: boolean }[] };
      return json({ ...menu, products: menu.products.map((p) => ({ ...p, available: p.id !== 802 })) });
    };
    const { grid, user } = await openVacuum({ intercept });
    const shampoo = within(grid).getByRole('radio', { name: SHAMPOO });
    expect(shampoo).toHaveProperty('disabled', true);
    expect(within(grid).getByText(en.products.unavailable)).toBeTruthy();
    await user.click(shampoo);
    expect(shampoo).toHaveProperty('checked', false);
    expect(gridContinue().getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the loyalty popup', () => {
  it('is a modal dialog with the offer and its figures; focus moves in; Escape skips to the time drawer', async () => {
    const harness = await openVacuum();
    await harness.user.click(within(harness.grid).getByRole('radio', { name: VACUUM }));
    await harness.user.click(gridContinue());

    const dialog = await offerDialog(t.offer.title);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const heading = within(dialog).getByRole('heading', { name: t.offer.title });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(dialog).getByText('Join now: your 1 free vacuuming saves you ₪3.00.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: t.offer.join })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: t.offer.skip })).toBeTruthy();

    await harness.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: t.offer.title })).toBeNull();
    expect(await timeDrawer()).toBeTruthy();
    expect(localStorage.getItem('promotion_member')).toBeNull();
  });

  it('sign-up: empty and invalid contacts are refused with a described error; a valid one joins', async () => {
    const harness = await openVacuum();
    await harness.user.click(within(harness.grid).getByRole('radio', { name: VACUUM }));
    await harness.user.click(gridContinue());
    await harness.user.click(within(await offerDialog(t.offer.title)).getByRole('button', { name: t.offer.join }));

    const signup = await offerDialog(t.signup.title);
    const field = within(signup).getByLabelText(t.signup.contact);
    expect(field.getAttribute('aria-invalid')).toBe('false');
    const submit = within(signup).getByRole('button', { name: t.signup.submit });

    await harness.user.click(submit);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The error and the hint describe the field, as a screen reader says them.
    const describedBy = (error: string) =>
      within(signup).getByRole('textbox', { name: t.signup.contact, description: `${error} ${t.signup.hint}` });
    expect(describedBy(t.signup.empty)).toBe(field);

    await harness.user.type(field, 'dana@');
    expect(field.getAttribute('aria-invalid')).toBe('false'); // typing clears the old error
    await harness.user.keyboard('{Enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(t.signup.invalid)).toBe(field);
    expect(localStorage.getItem('promotion_member')).toBeNull();

    await harness.user.clear(field);
    await harness.user.type(field, '050-123-4567{Enter}');
    const joined = await offerDialog(t.joined.title);
    expect(within(joined).getByText(t.joined.text)).toBeTruthy();
    // The operator holds the contact; then this device remembers it.
    expect(harness.app.members.list()).toMatchObject([{ machine_id: '1008', kind: 'phone', contact: '0501234567' }]);
    expect(JSON.parse(localStorage.getItem('promotion_member') ?? 'null')).toEqual({
      kind: 'phone',
      value: '0501234567',
    });

    await harness.user.click(within(joined).getByRole('button', { name: t.joined.continue }));
    expect(await timeDrawer()).toBeTruthy();
  });

  it('the operator fails the sign-up: the failure and a retry show, nothing is remembered; the retry joins', async () => {
    let failures = 1;
    const intercept: Intercept = (request, sandbox) => {
      if (isCall(request, 'api/menu/promotion/join') && failures > 0) {
        failures -= 1;
        return Promise.resolve(json({ message: 'operator down' }, 503));
      }
      return sandbox(request);
    };
    const harness = await openVacuum({ intercept });
    await harness.user.click(within(harness.grid).getByRole('radio', { name: VACUUM }));
    await harness.user.click(gridContinue());
    await harness.user.click(within(await offerDialog(t.offer.title)).getByRole('button', { name: t.offer.join }));
    const signup = await offerDialog(t.signup.title);
    await harness.user.type(within(signup).getByLabelText(t.signup.contact), 'Dana@Example.com{Enter}');

    expect(await within(signup).findByText(t.signup.failed)).toBeTruthy();
    expect(failures, 'the operator was asked').toBe(0);
    expect(harness.app.members.list()).toEqual([]);
    expect(localStorage.getItem('promotion_member')).toBeNull();

    await harness.user.click(within(signup).getByRole('button', { name: t.signup.retry }));
    expect(await offerDialog(t.joined.title)).toBeTruthy();
    expect(harness.app.members.list()).toMatchObject([
      { machine_id: '1008', kind: 'email', contact: 'dana@example.com' },
    ]);
    expect(JSON.parse(localStorage.getItem('promotion_member') ?? 'null')).toEqual({
      kind: 'email',
      value: 'dana@example.com',
    });
  });

  it('the operator refuses (status not 0): the failure shows and Skip goes on to the time drawer', async () => {
    const intercept: Intercept = (request, sandbox) =>
      isCall(request, 'api/menu/promotion/join')
        ? Promise.resolve(json({ status: 1, msg: 'promotion closed' }))
        : sandbox(request);
    const harness = await openVacuum({ intercept });
    await harness.user.click(within(harness.grid).getByRole('radio', { name: VACUUM }));
    await harness.user.click(gridContinue());
    await harness.user.click(within(await offerDialog(t.offer.title)).getByRole('button', { name: t.offer.join }));
    const signup = await offerDialog(t.signup.title);
    await harness.user.type(within(signup).getByLabelText(t.signup.contact), '050-123-4567{Enter}');
    expect(await within(signup).findByText(t.signup.failed)).toBeTruthy();
    expect(localStorage.getItem('promotion_member')).toBeNull();
    await harness.user.click(within(signup).getByRole('button', { name: t.offer.skip }));
    expect(await timeDrawer()).toBeTruthy();
    expect(localStorage.getItem('promotion_member')).toBeNull();
  });

  it('storage full once the operator accepted: the visitor has joined all the same', async () => {
    const harness = await openVacuum();
    await harness.user.click(within(harness.grid).getByRole('radio', { name: VACUUM }));
    await harness.user.click(gridContinue());
    await harness.user.click(within(await offerDialog(t.offer.title)).getByRole('button', { name: t.offer.join }));
    const signup = await offerDialog(t.signup.title);
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await harness.user.type(within(signup).getByLabelText(t.signup.contact), 'dana@example.com{Enter}');
      expect(await offerDialog(t.joined.title)).toBeTruthy();
    } finally {
      full.mockRestore();
    }
    expect(harness.app.members.list()).toMatchObject([{ kind: 'email', contact: 'dana@example.com' }]);
    expect(localStorage.getItem('promotion_member')).toBeNull();
  });

  it('a menu without a promotion offers none: Continue opens the time drawer', async () => {
    const intercept: Intercept = async (request, sandbox) => {
      const response = await sandbox(request);
      if (!isCall(request, 'api/menu/get')) return response;
      return json({ ...((await response.json()) as object), promotion: null });
    };
    const harness = await openVacuum({ intercept });
    expect(await toTimeDrawer(harness)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: t.offer.title })).toBeNull();
  });

  it('the offer names the menu’s figures', async () => {
    const intercept: Intercept = async (request, sandbox) => {
      const response = await sandbox(request);
      if (!isCall(request, 'api/menu/get')) return response;
      return json({ ...((await response.json()) as object), promotion: { count: 2, amount: 7.5 } });
    };
    const harness = await openVacuum({ intercept });
    await harness.user.click(within(harness.grid).getByRole('radio', { name: VACUUM }));
    await harness.user.click(gridContinue());
    const dialog = await offerDialog(t.offer.title);
    expect(within(dialog).getByText('Join now: your 2 free vacuuming saves you ₪7.50.')).toBeTruthy();
  });

  it('a member is not offered the promotion: Continue opens the time drawer', async () => {
    const harness = await openVacuum({ promotionMember: true });
    expect(await toTimeDrawer(harness)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: t.offer.title })).toBeNull();
  });
});

describe('the time drawer', () => {
  it('starts both times at now: a span of 0 is blocked with a hint', async () => {
    const harness = await openVacuum({ promotionMember: true });
    const drawer = await toTimeDrawer(harness);
    expect(within(drawer).getByLabelText(t.time.start)).toHaveProperty('value', '10:00');
    expect(within(drawer).getByLabelText(t.time.end)).toHaveProperty('value', '10:00');
    const pay = within(drawer).getByRole('button', { name: t.time.continue });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(pay.getAttribute('aria-describedby') ?? '')?.textContent).toBe(t.time.spanZero);
    expect(summaryValue(drawer, en.success.total)).toBe('₪0.00');

    await harness.user.click(pay);
    expect(harness.app.purchases.size).toBe(0);
    expect(screen.getByRole('dialog', { name: t.time.title })).toBeTruthy();
  });

  it('10:00 → 10:14 at ₪12 is ₪2.80, below 1008’s minimum: "Minimum amount is ₪3.00"; 10:15 goes on', async () => {
    const harness = await openVacuum({ promotionMember: true });
    const drawer = await toTimeDrawer(harness);
    setTime(drawer, t.time.end, '10:14');
    expect(summaryValue(drawer, en.success.total)).toBe('₪2.80');
    const pay = within(drawer).getByRole('button', { name: t.time.continue });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(pay.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Minimum amount is ₪3.00',
    );
    await harness.user.click(pay);
    expect(harness.app.purchases.size).toBe(0);

    setTime(drawer, t.time.end, '10:15');
    expect(pay.getAttribute('aria-disabled')).toBe('false');
    await harness.user.click(pay);
    await waitFor(() => expect([...harness.app.purchases.values()][0]?.totals.total).toBe(3));
  });

  it('10:00 → 11:30 at ₪12: the item, 1 hr 30 min, subtotal ₪18.00, service fee ₪0.00, total ₪18.00', async () => {
    const harness = await openVacuum({ promotionMember: true });
    const drawer = await toTimeDrawer(harness);
    setTime(drawer, t.time.end, '11:30');

    expect(within(drawer).getByText(VACUUM)).toBeTruthy();
    expect(within(drawer).getByText('₪12.00 / hour')).toBeTruthy();
    // The times as English writes them (a 12-hour clock), whatever the phone's own time fields show.
    expect(summaryValue(drawer, t.time.times)).toMatch(/^10:00\sAM – 11:30\sAM$/);
    expect(summaryValue(drawer, t.time.duration)).toBe('1 hr 30 min');
    expect(summaryValue(drawer, en.success.subtotal)).toBe('₪18.00');
    expect(summaryValue(drawer, en.success.serviceFee)).toBe('₪0.00');
    expect(summaryValue(drawer, en.success.total)).toBe('₪18.00');
    expect(within(drawer).queryByText(t.time.nextDay)).toBeNull();
    expect(within(drawer).getByRole('button', { name: t.time.continue }).getAttribute('aria-disabled')).toBe('false');
  });

  it('23:00 → 01:00 ends the next day: 2 hr at ₪18 is ₪36.00', async () => {
    const harness = await openVacuum({ promotionMember: true });
    const drawer = await toTimeDrawer(harness, SHAMPOO);
    setTime(drawer, t.time.start, '23:00');
    setTime(drawer, t.time.end, '01:00');
    expect(summaryValue(drawer, t.time.times)).toMatch(/^11:00\sPM – 1:00\sAM$/);
    expect(summaryValue(drawer, t.time.duration)).toBe('2 hr');
    expect(within(drawer).getByText(t.time.nextDay)).toBeTruthy();
    expect(summaryValue(drawer, en.success.total)).toBe('₪36.00');

    // Hebrew writes a 24-hour clock.
    await act(() => i18next.changeLanguage('he'));
    expect(summaryValue(drawer, vacuumHe.time.times)).toBe('23:00 – 1:00');
  });

  it('Continue to payment books one line at the hourly charge and opens the payment methods; closing returns to the grid', async () => {
    const harness = await openVacuum({ promotionMember: true });
    const drawer = await toTimeDrawer(harness);
    setTime(drawer, t.time.end, '11:30');
    await harness.user.click(within(drawer).getByRole('button', { name: t.time.continue }));

    const payment = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(within(payment).getByText(en.methods.includingFees).closest('p')?.textContent).toBe(
      `${en.methods.total} ₪18.00 ${en.methods.includingFees}`,
    );
    const booked = await Promise.all(
      harness.requests.filter((request) => isCall(request, 'api/menu/set_purchase')).map((request) => request.body),
    );
    // The span, never a price: the operator prices it from its menu.
    expect(booked.map((body) => JSON.parse(body) as unknown)).toEqual([[{ product_id: 801, count: 1, minutes: 90 }]]);
    const [purchase] = [...harness.app.purchases.values()];
    expect(purchase?.totals).toEqual({ subtotal: 18, fees: 0, total: 18 });

    await harness.user.click(within(payment).getByRole('button', { name: en.drawer.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(harness.grid).getByRole('radio', { name: VACUUM })).toHaveProperty('checked', true);
    await waitFor(() => expect(document.activeElement).toBe(gridContinue()));
  });

  it('while set_purchase runs Continue shows the busy state; a failure shows the purchase error and the support call on the grid', async () => {
    let answer: (response: Response) => void = () => {};
    const intercept: Intercept = (request, sandbox) =>
      isCall(request, 'api/menu/set_purchase')
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : sandbox(request);
    const harness = await openVacuum({ promotionMember: true, intercept });
    const drawer = await toTimeDrawer(harness);
    setTime(drawer, t.time.end, '11:00');
    await harness.user.click(within(drawer).getByRole('button', { name: t.time.continue }));

    const busy = await screen.findByRole('button', { name: en.purchase.submitting });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');

    answer(json({ message: 'boom' }, 500));
    expect((await screen.findByRole('alert')).textContent).toBe(en.purchase.error);
    const call = screen.getByRole('link', { name: `${en.machine.contact} ${SUPPORT_PHONE}` });
    expect(call.getAttribute('href')).toBe(`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`);
    expect(screen.queryByRole('dialog', { name: en.drawer.title })).toBeNull();
    expect(gridContinue().getAttribute('aria-busy')).toBe('false');
  });

  it('closing the time drawer returns to the grid with the choice kept', async () => {
    const harness = await openVacuum({ promotionMember: true });
    const drawer = await toTimeDrawer(harness);
    await harness.user.click(within(drawer).getByRole('button', { name: en.drawer.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(harness.grid).getByRole('radio', { name: VACUUM })).toHaveProperty('checked', true);
    await waitFor(() => expect(document.activeElement).toBe(gridContinue()));
  });
});

/**
 * src/actors/pay-page.ts: the /pay page's machines with their real effects. The page runs with the API
 * calls stood in for (their own tests are tests/unit/api-*.test.ts), document.cookie, window.location and
 * local storage stubbed: what is checked is the cookie written, what is stored, which call is made with what.
 * The purchase's effects that come after a payment are called as the purchase chart calls them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, waitFor, type AnyActorLogic } from 'xstate';
import { providePayPage } from '../../src/actors/pay-page';
import { bookPaymentLink } from '../../src/api/custom-payment';
import { getMenu } from '../../src/api/menu';
import { joinPromotion } from '../../src/api/promotion';
import { setPurchase } from '../../src/api/purchase';
import { changeLanguage } from '../../src/i18n/i18n';
import { fakeApi } from '../fixtures/fake-api';
import { APPLE_PAY_CONFIG, allMethodsConfig, cola, listMenu, makeMenu } from '../fixtures/menus';
import { purchaseSettings } from '../fixtures/purchases';
import { earlierPurchase } from '../fixtures/purchases';
import { stubLocalStorage } from '../fixtures/local-storage';

vi.mock('../../src/api/menu', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/menu')>()),
  getMenu: vi.fn(),
}));
// The operator prices the purchase as the page did: Cola, 12.90 + 2.5 % (0.32).
vi.mock('../../src/api/purchase', async () => {
  const { agreedBooking } = await import('../fixtures/purchases');
  const { priceLine } = await import('../../machines/shared/pricing');
  const { cola } = await import('../fixtures/menus');
  return { setPurchase: vi.fn(() => Promise.resolve(agreedBooking('session-9', [priceLine(cola, 1)]))) };
});
vi.mock('../../src/api/custom-payment', async () => {
  const { agreedBooking } = await import('../fixtures/purchases');
  return { bookPaymentLink: vi.fn(() => Promise.resolve(agreedBooking('session-link', []))) };
});
vi.mock('../../src/api/promotion', () => ({ joinPromotion: vi.fn(() => Promise.resolve(undefined)) }));
vi.mock('../../src/i18n/i18n', () => ({ changeLanguage: vi.fn(() => Promise.resolve()) }));

const COOKIE_ATTRIBUTES = 'max-age=31536000; path=/; SameSite=Lax';

let jar = '';
const cookiesWritten: string[] = [];
const store = new Map<string, string>();
const location = { href: 'https://app.test/pay?machine_id=machine-7', assign: vi.fn() };

beforeEach(() => {
  vi.clearAllMocks();
  jar = '';
  cookiesWritten.length = 0;
  store.clear();
  vi.stubGlobal('document', {
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      cookiesWritten.push(value);
    },
  });
  vi.stubGlobal('window', { location });
  stubLocalStorage(store);
  vi.mocked(getMenu).mockResolvedValue(listMenu);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const earlyMenu = { url: 'https://api.example.test/v4/api/menu/get?machine_id=machine-7', claim: () => undefined };

function openPage(logic: ReturnType<typeof providePayPage>) {
  return createActor(logic, {
    input: {
      machineId: 'machine-7',
      proof: { qr: 'c0de-7' },
      machineClosed: false,
      language: 'he',
      purchaseSettings: purchaseSettings(),
      earlyMenu,
    },
  }).start();
}

type Page = ReturnType<typeof openPage>;
const splashOf = (page: Page) => page.getSnapshot().children.splash;
const ready = (page: Page) => waitFor(page, (snapshot) => snapshot.matches({ menu: 'Ready' }));

describe('the menu', () => {
  it("is asked for the page's machine, with the early request, and gets the build's merchant name for Apple Pay", async () => {
    const { displayName: _unnamed, ...applePay } = APPLE_PAY_CONFIG;
    vi.mocked(getMenu).mockResolvedValue(makeMenu({ frontend_config: { ...allMethodsConfig, apple_pay: applePay } }));
    const { client: api } = fakeApi({});
    const page = openPage(providePayPage(api));
    await ready(page);

    expect(getMenu).toHaveBeenCalledWith(api, 'machine-7', { qr: 'c0de-7' }, earlyMenu);
    expect(page.getSnapshot().context.menu?.frontend_config.apple_pay?.displayName).toBe('PayPoint');
  });
});

describe('the splash', () => {
  it('shows when its cookie is not there, and once over writes splash=1 for a year', async () => {
    vi.useFakeTimers();
    const page = openPage(providePayPage(fakeApi({}).client));
    const splash = splashOf(page);
    if (!splash) throw new Error('no splash');
    await waitFor(splash, (snapshot) => snapshot.hasTag('visible'));
    expect(cookiesWritten).toEqual([]);

    // The view reports each slide's first frame; a slide's time counts from there.
    splash.send({ type: 'splash.slideShown' });
    await vi.advanceTimersByTimeAsync(1250);
    splash.send({ type: 'splash.slideShown' });
    await vi.advanceTimersByTimeAsync(1250);
    expect(page.getSnapshot().matches({ splash: 'Finished' })).toBe(true);
    expect(cookiesWritten).toEqual([`splash=1; ${COOKIE_ATTRIBUTES}`]);
  });

  it('is skipped when its cookie says it was seen', async () => {
    jar = 'language=he; splash=1';
    const page = openPage(providePayPage(fakeApi({}).client));
    await waitFor(page, (snapshot) => snapshot.matches({ splash: 'Finished' }));
    expect(cookiesWritten).toEqual([]);
  });

  it("is skipped on a payment link's page, cookie or not", async () => {
    const page = openPage(providePayPage(fakeApi({}).client, { withSplash: false }));
    await waitFor(page, (snapshot) => snapshot.matches({ splash: 'Finished' }));
  });

  it('shows on /pay by default', async () => {
    const page = openPage(providePayPage(fakeApi({}).client));
    const splash = splashOf(page);
    if (!splash) throw new Error('no splash');
    await waitFor(splash, (snapshot) => snapshot.hasTag('visible'));
  });
});

describe('the language', () => {
  it('is applied once the menu has come, and a change is applied and kept in the language cookie for a year', async () => {
    const page = openPage(providePayPage(fakeApi({}).client));
    await ready(page);
    expect(changeLanguage).toHaveBeenCalledWith('he');

    page.send({ type: 'language.change', language: 'en' });
    expect(vi.mocked(changeLanguage).mock.calls).toEqual([['he'], ['en']]);
    expect(cookiesWritten).toEqual([`language=en; ${COOKIE_ATTRIBUTES}`]);
  });
});

describe('the purchase', () => {
  it("sends set_purchase for the page's machine; its session becomes the client's and the purchase is remembered", async () => {
    const { client: api } = fakeApi({});
    const page = openPage(providePayPage(api));
    await ready(page);
    const purchase = page.getSnapshot().children.purchase;
    if (!purchase) throw new Error('no purchase');
    purchase.send({ type: 'product.select', productId: cola.id });
    purchase.send({ type: 'purchase.continue' });
    await waitFor(purchase, (snapshot) => snapshot.matches('SELECT_PAYMENT_METHOD'));

    expect(setPurchase).toHaveBeenCalledWith(api, 'machine-7', [{ product_id: cola.id, count: 1 }]);
    expect(store.get('machine_id')).toBe('machine-7');
    expect(store.get('price')).toBe('13.22');
  });
});

/** The provided purchase chart's implementations, called as the chart calls them. */
function purchaseEffects(api = fakeApi({}).client) {
  const purchase = providePayPage(api).implementations.actors.purchase as unknown as {
    implementations: {
      actors: Record<string, AnyActorLogic>;
      actions: Record<string, (args: unknown, params?: unknown) => void>;
    };
  };
  return { api, ...purchase.implementations };
}

const run = (logic: AnyActorLogic | undefined, input: unknown) => {
  if (!logic) throw new Error('no such actor');
  return toPromise(createActor(logic, { input }).start());
};

describe("the purchase's other effects", () => {
  it('books a payment link with its query', async () => {
    const { api, actors } = purchaseEffects();
    await expect(run(actors.bookPaymentLink, { machineId: '15', query: 'totalPrice=7.50' })).resolves.toMatchObject({
      sessionId: 'session-link',
    });
    expect(bookPaymentLink).toHaveBeenCalledWith(api, '15', 'totalPrice=7.50');
  });

  it('the vacuum joins the promotion, and the device is remembered as a member once the operator accepted', async () => {
    const { api, actors } = purchaseEffects();
    const vacuum = actors.vacuum as unknown as {
      implementations: {
        actors: Record<string, AnyActorLogic>;
        actions: Record<string, (args: unknown, params: unknown) => void>;
      };
    };
    const input = { machineId: '1008', contact: { kind: 'phone', value: '0501234567' } };
    await run(vacuum.implementations.actors.joinPromotion, input);
    expect(joinPromotion).toHaveBeenCalledWith(api, input);

    vacuum.implementations.actions.rememberMembership?.({}, { kind: 'phone', value: '0501234567' });
    expect(store.get('promotion_member')).toBe('{"kind":"phone","value":"0501234567"}');
  });

  it('a session id from a payment intent replaces the session uuid; none leaves it', () => {
    const { api, actions } = purchaseEffects();
    actions.useSession?.({}, undefined);
    actions.useSession?.({}, '');
    expect(api.sessionUuid()).toBe('session-1');
    actions.useSession?.({}, 'session-intent');
    expect(api.sessionUuid()).toBe('session-intent');
  });

  it('leaves for a return address only when it is a web address', () => {
    const { actions } = purchaseEffects();
    actions.leaveForReturnUrl?.({}, undefined);
    actions.leaveForReturnUrl?.({}, 'javascript:alert(1)');
    expect(location.assign).not.toHaveBeenCalled();
    actions.leaveForReturnUrl?.({}, 'https://shop.example/done');
    expect(location.assign).toHaveBeenCalledWith('https://shop.example/done');
  });

  it('remembers the payment underway with this page, then forgets it', () => {
    const { actions } = purchaseEffects();
    actions.rememberPaymentUnderway?.({}, 'session-9');
    expect(Object.fromEntries(store)).toEqual({
      payStatus: 'pending',
      payment_underway_session: 'session-9',
      payment_underway_page: 'https://app.test/pay?machine_id=machine-7',
    });
    actions.forgetPaymentUnderway?.({});
    expect(Object.fromEntries(store)).toEqual({});
  });

  it('remembers the purchase, and stores a paid one in the history, clearing its pay status', () => {
    const { actions } = purchaseEffects();
    actions.rememberPurchase?.({}, earlierPurchase);
    expect(JSON.parse(store.get('pay_data') ?? 'null')).toEqual(earlierPurchase);

    store.set('payStatus', 'failed');
    actions.storeInHistory?.({}, earlierPurchase);
    expect(JSON.parse(store.get('pay_history') ?? 'null')).toEqual({ 'machine-7': [earlierPurchase] });
    expect(store.has('payStatus')).toBe(false);
  });

  it('runs every payment method as providePayments makes it', () => {
    const { actors } = purchaseEffects();
    expect(Object.keys(actors)).toEqual(
      expect.arrayContaining([
        'checkGooglePay',
        'checkReturnedPayment',
        'googlePay',
        'applePay',
        'cardFields',
        'hostedPage',
        'stripe',
        'cardScan',
        'bit',
      ]),
    );
  });
});

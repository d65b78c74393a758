/**
 * requirements.md §2/§4 Stripe's card element (machine 1004, SINGLE): the pay button with the amount, a
 * validation error that stops before the payment intent, a declined card on the form, and one
 * charge per purchase. Stripe's code loads only here (the Google Pay spec checks it stays away).
 */
import type { Page } from '@playwright/test';
import {
  card,
  CARD_DECLINED,
  cardFieldError,
  clickTwiceAtOnce,
  doubleTap,
  drawer,
  STRIPE_FIELDS,
  escapeRegExp,
  expect,
  expectChargedOnce,
  expectCharges,
  fillCardElement,
  failureHeading,
  fill,
  forEachLanguage,
  inEnglish,
  money,
  type Lang,
  linePrice,
  payAmountButton,
  PAYMENT_STATUS,
  product,
  receiptOfProduct,
  recordRequests,
  startCardForm,
  STRIPE_CODE,
  STRIPE_CONFIRM,
  STRIPE_INTENT,
  stripeInput,
  STRIPE_PAYMENT_METHOD,
  successHeading,
  successPage,
  test,
  TEST_CARDS,
  TEXTS,
} from './fixtures';

const carWash = product(1004, 401);
/** What Stripe says of a declined card (the sandbox's stand-in says it as Stripe does). */

/** Opens 1004, chooses the card element and waits until it is ready; the session_id. */
const startStripe = (page: Page, lang: Lang) => startCardForm(page, lang, 1004, 'stripe', linePrice(carWash));

inEnglish('Stripe card element (1004)', (lang, t) => {
  test("an empty card: Stripe's validation message, and no payment intent is asked for", async ({ page, request }) => {
    const sessionId = await startStripe(page, lang);
    const intents = recordRequests(page, 'POST', STRIPE_INTENT);
    await payAmountButton(page, t, linePrice(carWash)).click();

    await expect(drawer(page, t).getByRole('alert')).toHaveText(cardFieldError({ number: '', expiry: '', cvv: '' }));
    await expect(payAmountButton(page, t, linePrice(carWash))).toHaveAttribute('aria-busy', 'false');
    expect(intents).toHaveLength(0);
    await expectCharges(request, sessionId, []);
  });

  test('a declined card: "Your card was declined." on the form; one declined charge', async ({ page, request }) => {
    const sessionId = await startStripe(page, lang);
    await fillCardElement(page, t, card(TEST_CARDS.declined));
    await payAmountButton(page, t, linePrice(carWash)).click();

    await expect(drawer(page, t).getByRole('alert')).toHaveText(CARD_DECLINED);
    await expect(failureHeading(page, t)).toHaveCount(0);
    await expect(stripeInput(page, t, 'number')).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'stripe', status: 'declined', amount: linePrice(carWash) }]);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('Stripe card element (1004)', (lang, t) => {
  test('the pay button shows the total; 4242 4242 4242 4242 pays: the success page, one charge', async ({
    page,
    request,
  }) => {
    const stripeCode: string[] = [];
    page.on('request', (sent) => {
      if (STRIPE_CODE.test(new URL(sent.url()).pathname)) stripeCode.push(sent.url());
    });
    const sessionId = await startStripe(page, lang);
    // 20.00 + 2 % = 20.40 (sandbox/catalogue.json)
    await expect(payAmountButton(page, t, linePrice(carWash))).toHaveText(
      fill(t.payment.payAmount, { amount: money(20.4, lang) }),
    );
    // The same pattern that must match nothing on a machine without Stripe matches Stripe's code here.
    expect(stripeCode.length).toBeGreaterThan(0);
    // "Card details" once: the step's heading, which names the element's group; Stripe's fields label themselves.
    await expect(drawer(page, t).getByText(t.payment.card.title, { exact: true })).toHaveCount(1);
    const cardGroup = drawer(page, t).getByRole('group', { name: t.payment.card.title, exact: true });
    await expect(cardGroup.getByRole('textbox', { name: STRIPE_FIELDS.number, exact: true })).toBeVisible();

    await fillCardElement(page, t, card('4242424242424242'));
    await payAmountButton(page, t, linePrice(carWash)).click();

    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'stripe', status: 'approved', amount: linePrice(carWash) }]);
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, carWash, 'stripe'));
  });
});

test.describe('Stripe card element (1004), once', () => {
  const t = TEXTS.en;

  test('an intent Stripe leaves processing is neither a success nor a failure: the operator is asked under the purchase’s session and says pending, so the page says the payment is being confirmed (support, no Check again) and keeps asking; a reload asks again', async ({
    page,
    request,
  }) => {
    const sessionId = await startStripe(page, 'en');
    const confirms = recordRequests(page, 'POST', STRIPE_CONFIRM);
    const statusCalls = recordRequests(page, 'GET', PAYMENT_STATUS);
    await fillCardElement(page, t, card(TEST_CARDS.stripeProcessing));
    await payAmountButton(page, t, linePrice(carWash)).click();

    const step = drawer(page, t);
    const pending = step.getByRole('status').filter({ hasText: t.payment.status.pending });
    await expect(pending).toBeVisible();
    await expect(step.getByRole('heading', { name: t.payment.status.title, exact: true })).toBeVisible();
    await expect(step.getByRole('link', { name: new RegExp(`^${escapeRegExp(t.failure.support)}`) })).toBeVisible();
    await expect(step.getByRole('button', { name: t.payment.status.checkAgain, exact: true })).toHaveCount(0);
    // Still processing at Stripe: the operator keeps saying pending, and the page keeps asking.
    await expect.poll(() => statusCalls.length, { message: 'status calls' }).toBeGreaterThanOrEqual(2);
    const sessions = await Promise.all(statusCalls.map((call) => call.headerValue('session-uuid')));
    expect(new Set(sessions)).toEqual(new Set([sessionId]));
    await expect(pending).toBeVisible();
    await expect(failureHeading(page, t)).toHaveCount(0);
    await expect(successHeading(page, t)).toHaveCount(0);
    expect(confirms).toHaveLength(1);
    await expectCharges(request, sessionId, []);

    // The payment is still underway in this browser: the reloaded page asks about it again.
    const callsBefore = statusCalls.length;
    await page.reload();
    await expect(pending).toBeVisible();
    expect(statusCalls.length).toBeGreaterThan(callsBefore);
    await expect(successHeading(page, t)).toHaveCount(0);
    expect(confirms).toHaveLength(1);
    await expectCharges(request, sessionId, []);
  });

  test('a double tap on "Pay ₪20.40" asks for one intent and charges once', async ({ page, request }) => {
    const sessionId = await startStripe(page, 'en');
    const paymentMethods = recordRequests(page, 'POST', STRIPE_PAYMENT_METHOD);
    const intents = recordRequests(page, 'POST', STRIPE_INTENT);
    const confirms = recordRequests(page, 'POST', STRIPE_CONFIRM);
    await fillCardElement(page, t, card('4242424242424242'));
    await doubleTap(page, payAmountButton(page, t, linePrice(carWash)));

    await expect(successHeading(page, t)).toBeVisible();
    expect(paymentMethods).toHaveLength(1);
    expect(intents).toHaveLength(1);
    await expectChargedOnce(request, sessionId, confirms, 'stripe', linePrice(carWash));
  });

  test('two activations of "Pay ₪20.40" before the page re-renders charge once', async ({ page, request }) => {
    const sessionId = await startStripe(page, 'en');
    const paymentMethods = recordRequests(page, 'POST', STRIPE_PAYMENT_METHOD);
    const intents = recordRequests(page, 'POST', STRIPE_INTENT);
    const confirms = recordRequests(page, 'POST', STRIPE_CONFIRM);
    await fillCardElement(page, t, card('4242424242424242'));
    await clickTwiceAtOnce(page, payAmountButton(page, t, linePrice(carWash)));

    await expect(successHeading(page, t)).toBeVisible();
    expect(paymentMethods).toHaveLength(1);
    expect(intents).toHaveLength(1);
    await expectChargedOnce(request, sessionId, confirms, 'stripe', linePrice(carWash));
  });
});

/**
 * requirements.md §4 card processor hosted fields (Tranzila, machine 1001) and the §5 price rule (machine
 * 1010): the three field frames, per-field errors or 'Payment failed.', the success page, and one
 * charge per purchase whatever the visitor taps or reloads. Charges are counted per purchase.
 */
import type { Page } from '@playwright/test';
import {
  card,
  CARD_DECLINED,
  cardFieldError,
  clickTwiceAtOnce,
  doubleTap,
  drawer,
  expect,
  expectChargedOnce,
  expectCharges,
  expectFailurePage,
  failurePage,
  fill,
  fillHostedFields,
  forEachLanguage,
  inEnglish,
  hostedField,
  type Lang,
  linePrice,
  openPayment,
  PAST_EXPIRY,
  payAmountButton,
  product,
  productChoices,
  productInput,
  receiptOfProduct,
  recordRequests,
  reloadDuringPayment,
  startCardForm,
  startMethod,
  successHeading,
  successPage,
  test,
  TEST_CARDS,
  TEST_CVV,
  TEXTS,
  type Texts,
  TRANZILA_CHARGE,
} from './fixtures';

const cola = product(1001, 101);

/** Opens 1001 (Cola preselected), chooses "Enter credit card", and waits for the three fields. */
const startCardEntry = (page: Page, lang: Lang) => startCardForm(page, lang, 1001, 'credit_card', linePrice(cola));

const TRANZILA_HANDSHAKE = '/v4/api/payment/pre/tranzila/handshake';
const SUCCEEDED_CALLBACK = '/v4/api/payment/post/payment_succeeded_callback';
const TAMPERED_AMOUNT = '0.10';

/** In the page, before its scripts: every hostedFields.charge() asks for `amount`, whatever the app says. */
function tamperChargeAmount(amount: string) {
  type Fields = { charge(params: object, callback: unknown): void };
  type Api = { create(options: object): Fields };
  let api: Api | undefined;
  Object.defineProperty(window, 'TzlaHostedFields', {
    configurable: true,
    get: () => api,
    set: (real: Api) => {
      api = {
        create: (options) => {
          const fields = real.create(options);
          return { ...fields, charge: (params, callback) => fields.charge({ ...params, amount }, callback) };
        },
      };
    },
  });
}

/** A field's box in the form, named by the app's label; its error is its description. */
const fieldGroup = (page: Page, t: Texts, label: string) => drawer(page, t).getByRole('group', { name: label });

inEnglish('card entry, Tranzila hosted fields (1001)', (lang, t) => {
  // Tranzila answers a decline as a response (transaction_response.success false), not as an error: the
  // old contract (back to the form with "Payment failed.") read it as an error, and an app that took it
  // for an answer sent it on to payment_succeeded_callback as if paid.
  test('a declined card: the failure page with the reason and code; one declined charge, never confirmed', async ({
    page,
    request,
  }) => {
    const sessionId = await startCardEntry(page, lang);
    const chargeCalls = recordRequests(page, 'POST', TRANZILA_CHARGE);
    const callbacks = recordRequests(page, 'POST', SUCCEEDED_CALLBACK);
    await fillHostedFields(page, card(TEST_CARDS.declined));
    await payAmountButton(page, t, linePrice(cola)).click();

    // Tranzila's code 004 (a refusal) in the visitor's words; its English message is not shown, the code is.
    await expectFailurePage(page, t, t.failure.reasons.declined, fill(t.failure.code, { code: '004' }));
    await expect(failurePage(page, t).getByText(CARD_DECLINED, { exact: true })).toHaveCount(0);
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'tranzila', status: 'declined', amount: linePrice(cola) },
    ]);
    await expect(failurePage(page, t)).toContainText(fill(t.failure.transaction, { id: charge?.id ?? '?' }));
    expect(chargeCalls).toHaveLength(1);
    expect(callbacks, 'payment_succeeded_callback calls').toHaveLength(0);
  });

  test('a page that changes the amount it charges is refused by Tranzila: "Payment failed.", nothing charged', async ({
    page,
    request,
  }) => {
    await page.addInitScript(tamperChargeAmount, TAMPERED_AMOUNT);
    const sessionId = await startCardEntry(page, lang);
    const chargeCalls = recordRequests(page, 'POST', TRANZILA_CHARGE);
    await fillHostedFields(page, card());
    await payAmountButton(page, t, linePrice(cola)).click();

    await expect(drawer(page, t).getByRole('alert')).toHaveText(t.payment.errors.paymentFailed);
    // The scenario happened: Tranzila's frame did post the changed amount, with the handshake of the real one.
    expect(chargeCalls.map((sent) => (sent.postDataJSON() as { amount: string }).amount)).toEqual([TAMPERED_AMOUNT]);
    await expect(successHeading(page, t)).toHaveCount(0);
    await expectCharges(request, sessionId, []);
  });

  test('the CVV error shows under the CVV field; nothing charged', async ({ page, request }) => {
    const sessionId = await startCardEntry(page, lang);
    const entered = card(TEST_CARDS.cvvError);
    await fillHostedFields(page, entered);
    await payAmountButton(page, t, linePrice(cola)).click();

    const message = cardFieldError({ ...entered, cvv: TEST_CVV });
    await expect(fieldGroup(page, t, t.payment.card.cvv)).toHaveAccessibleDescription(message);
    await expect(drawer(page, t).getByRole('alert')).toHaveText(message);
    await expect(fieldGroup(page, t, t.payment.card.number)).toHaveAccessibleDescription('');
    await expect(fieldGroup(page, t, t.payment.card.expiry)).toHaveAccessibleDescription('');
    await expect(drawer(page, t).getByText(t.payment.errors.paymentFailed, { exact: true })).toHaveCount(0);
    await expectCharges(request, sessionId, []);
  });

  test('an expired card: the expiry message shows under the expiry field; nothing charged', async ({
    page,
    request,
  }) => {
    const sessionId = await startCardEntry(page, lang);
    const entered = card(TEST_CARDS.approved, PAST_EXPIRY);
    await fillHostedFields(page, entered);
    await payAmountButton(page, t, linePrice(cola)).click();

    const message = cardFieldError(entered);
    await expect(fieldGroup(page, t, t.payment.card.expiry)).toHaveAccessibleDescription(message);
    await expect(drawer(page, t).getByRole('alert')).toHaveText(message);
    await expect(fieldGroup(page, t, t.payment.card.cvv)).toHaveAccessibleDescription('');
    await expectCharges(request, sessionId, []);
  });

  test('1010, two products: "Invalid price. Payment failed." on the failure page, and no charge is sent', async ({
    page,
    request,
  }) => {
    const [first, second] = [product(1010, 201), product(1010, 202)];
    const sessionId = await openPayment(page, lang, 1010, [first.name, second.name], 'checkbox');
    await startMethod(page, t, 'credit_card');
    const chargeCalls = recordRequests(page, 'POST', TRANZILA_CHARGE);
    await expect(hostedField(page, 'number')).toBeEditable();
    await fillHostedFields(page, card());
    const total = linePrice(first) + linePrice(second);
    await payAmountButton(page, t, Number(total.toFixed(2))).click();

    await expectFailurePage(page, t, t.payment.errors.invalidPrice, t.failure.comment);
    expect(chargeCalls).toHaveLength(0);
    await expectCharges(request, sessionId, []);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('card entry, Tranzila hosted fields (1001)', (lang, t) => {
  test('an approved card: the success page with the transaction number; one approved charge', async ({
    page,
    request,
  }) => {
    const sessionId = await startCardEntry(page, lang);
    await expect(drawer(page, t).getByText(t.payment.secureNote)).toBeVisible();
    await fillHostedFields(page, card());
    await payAmountButton(page, t, linePrice(cola)).click();

    await expect(successHeading(page, t)).toBeVisible();
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'tranzila', status: 'approved', amount: linePrice(cola) },
    ]);
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, cola, 'credit_card'));
  });
});

test.describe('card entry, Tranzila hosted fields (1001), once', () => {
  const t = TEXTS.en;

  test('a double tap on "Pay ₪…": the second tap lands on the processing overlay; one charge', async ({
    page,
    request,
  }) => {
    const sessionId = await startCardEntry(page, 'en');
    const handshakes = recordRequests(page, 'POST', TRANZILA_HANDSHAKE);
    const chargeCalls = recordRequests(page, 'POST', TRANZILA_CHARGE);
    await fillHostedFields(page, card());
    // The first tap puts the app's processing overlay over the button at once: the second lands on it.
    // (Two activations that both reach the button are the next test.)
    await doubleTap(page, payAmountButton(page, t, linePrice(cola)), '.loading-overlay');

    await expect(successHeading(page, t)).toBeVisible();
    expect(handshakes).toHaveLength(1);
    await expectChargedOnce(request, sessionId, chargeCalls, 'tranzila', linePrice(cola));
  });

  test('two activations of "Pay ₪…" before the page re-renders charge once', async ({ page, request }) => {
    const sessionId = await startCardEntry(page, 'en');
    const handshakes = recordRequests(page, 'POST', TRANZILA_HANDSHAKE);
    const chargeCalls = recordRequests(page, 'POST', TRANZILA_CHARGE);
    await fillHostedFields(page, card());
    await clickTwiceAtOnce(page, payAmountButton(page, t, linePrice(cola)));

    await expect(successHeading(page, t)).toBeVisible();
    expect(handshakes).toHaveLength(1);
    await expectChargedOnce(request, sessionId, chargeCalls, 'tranzila', linePrice(cola));
  });

  for (const held of ['reached the server', 'lost with the page'] as const)
    test(`a reload while the charge call is in flight (${held}) charges ${held === 'reached the server' ? 'exactly once' : 'nothing'} and sends nothing again`, async ({
      page,
      request,
    }) => {
      const sessionId = await startCardEntry(page, 'en');
      await fillHostedFields(page, card());
      await reloadDuringPayment(page, request, t, {
        sessionId,
        chargePath: TRANZILA_CHARGE,
        alsoPaths: [TRANZILA_HANDSHAKE],
        pay: () => payAmountButton(page, t, linePrice(cola)).click(),
        held,
        expected: { method: 'tranzila', status: 'approved', amount: linePrice(cola) },
      });
      await expect(productChoices(page, t)).toBeVisible();
      await expect(productInput(page, t, cola.name)).toBeChecked();
    });
});

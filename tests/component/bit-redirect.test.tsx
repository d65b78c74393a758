/**
 * @vitest-environment-options {"url": "http://localhost/"}
 * (the sandbox's merchant origin: returns anywhere else are refused)
 *
 * Bit goes through a processor: the operator initialises the payment, the browser leaves for the
 * processor's page (only on the origin the build names), and back on the page the visitor paid from
 * (/pay, /vacuum, a payment link) the verdict is asked of the operator, never read from the address.
 */
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { providePayments } from '../../src/actors/payments';
import { setPurchase } from '../../src/api/purchase';
import { PURCHASE_STORAGE_KEYS } from '../../src/lib/purchase-storage';
import { connectSandbox, isCall, json, type Intercept, type SandboxConnection } from './harness';
import { singleLineOrder } from '../fixtures/orders';

/** The operator's answer to init naming a page on another origin than the build's Bit origin. */
const onAnotherOrigin: Intercept = async (request, sandbox) => {
  const response = await sandbox(request);
  if (!isCall(request, 'api/payment/pre/bit/init')) return response;
  const answer = (await response.json()) as { data: { payment_url: string } };
  const page = new URL(answer.data.payment_url);
  answer.data.payment_url = new URL(page.pathname + page.search, 'https://bit.elsewhere.example').href;
  return json(answer);
};

/** Water (5 + 1 fee) on machine 1001, recorded by the sandbox; the client then carries its session. */
async function waterPurchase({ api }: SandboxConnection) {
  const { sessionId } = await setPurchase(api, '1001', [{ product_id: 102, count: 1 }]);
  return { ...singleLineOrder, machineId: '1001', visitorUuid: sessionId };
}

function runBit(connection: SandboxConnection, order: Awaited<ReturnType<typeof waterPurchase>>) {
  const actor = createActor(providePayments(connection.api).bit, { input: { order } }).start();
  return waitFor(actor, (snapshot) => snapshot.matches({ Processing: 'LeavingForBit' }) || snapshot.status === 'done');
}

describe('the Bit redirect', () => {
  it('initialises with the operator, then leaves for its page', async () => {
    const connection = connectSandbox();
    const left = await runBit(connection, await waterPurchase(connection));
    expect(left.value).toEqual({ Processing: 'LeavingForBit' });
  });

  it('asks the processor to send the visitor back to the page they pay from, its query as written, no old token', async () => {
    const connection = connectSandbox();
    const link = '/customPaymentIframe?machineId=1001&info=Parking%2C%20level%202&bit_return=stale&signature=abc';
    window.history.replaceState(null, '', link);
    try {
      await runBit(connection, await waterPurchase(connection));
    } finally {
      window.history.replaceState(null, '', '/');
    }
    const init = connection.requests.find((request) => isCall(request, 'api/payment/pre/bit/init'));
    const { return_url: returnUrl } = JSON.parse((await init?.body) ?? '{}') as { return_url?: string };
    expect(returnUrl).toBe(
      'http://localhost/customPaymentIframe?machineId=1001&info=Parking%2C%20level%202&signature=abc',
    );
  });

  it('refuses a payment page on any other origin than the build’s Bit origin: nothing is marked pending', async () => {
    const connection = connectSandbox({ intercept: onAnotherOrigin });
    const left = await runBit(connection, await waterPurchase(connection));
    expect(left.output).toEqual({ outcome: 'failed', reason: 'unavailable' });
    expect(localStorage.getItem(PURCHASE_STORAGE_KEYS.payStatus)).toBeNull();
  });
});

import { fromCallback } from 'xstate';
import {
  applePayMachine,
  type ApplePaySessionCommand,
  type ApplePaySessionEvent,
} from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import type { ApplePaymentRequest } from '../../machines/payment/methods/apple-pay/apple-pay.request';
import type { WalletPayInput } from '../../machines/payment/methods/google-pay/google-pay.machine';
import type { PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import type { PaymentContext } from '../../machines/payment/payment.shared';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, stays, to } from './edge-coverage';
import { abandons, callFailed, fails, paymentOracle, succeeds } from './payment-oracle';
import type { EventObject } from 'xstate';
import { expect } from 'vitest';

/** The session is a silent stand-in; the calls never settle by themselves. */
const machine = applePayMachine.provide({
  actors: {
    prepareApplePay: pendingPromise<unknown, { order: PaymentOrder }>(),
    applePaySession: fromCallback<ApplePaySessionCommand, ApplePaymentRequest, ApplePaySessionEvent>(() => undefined),
    validateMerchant: pendingPromise<unknown, { validationURL: string }>(),
    payWithWallet: pendingPromise<PayResponse, WalletPayInput>(),
  },
});

const events = samplesOf([
  { type: 'xstate.done.actor.prepareApplePay' },
  { type: 'xstate.error.actor.prepareApplePay', error: new Error('the Apple Pay chunk could not be loaded') },
  { type: 'applePay.refused', code: 'InvalidAccessError' },
  { type: 'payment.start' },
  { type: 'drawer.close' },
  { type: 'applePay.cancelled' },
  { type: 'applePay.validateMerchant', validationURL: 'https://apple-pay-gateway.apple.com/paymentservices' },
  { type: 'xstate.done.actor.validateMerchant', output: { merchantSessionIdentifier: 'ms-1' } },
  { type: 'xstate.error.actor.validateMerchant', error: new ApiError({ kind: 'http', status: 400 }) },
  { type: 'applePay.authorized', token: { paymentData: 'token' } },
  // an approved and a declined answer set the result that resultSucceeded reads
  { type: 'xstate.done.actor.payWithWallet', output: { status: 0, msg: 'Approved', transactionId: 'tx-1' } },
  { type: 'xstate.done.actor.payWithWallet', output: { status: 5, msg: 'Declined', transactionId: 'tx-2' } },
  { type: 'xstate.error.actor.payWithWallet', error: new ApiError({ kind: 'offline' }) },
  { type: 'applePay.sheetClosed' },
]);

/**
 * requirements.md §4 for Apple Pay: a cancelled sheet returns to the tap; once the pay call is out only its answer
 * decides, and the sheet's closing shows the stage.
 */
const oracle = paymentOracle({
  loading: [{ Idle: 'Preparing' }],
  next: (before, event) => {
    const sample = event as EventObject & { output?: PayResponse; error?: unknown; code?: string };
    const paying = before.matches({ Processing: 'Paying' }) || before.matches({ Processing: 'ClosingSheet' });
    switch (sample.type) {
      case 'xstate.done.actor.prepareApplePay':
        return to({ Idle: 'AwaitingTap' });
      case 'xstate.error.actor.prepareApplePay':
        return fails({ reason: 'unavailable' });
      case 'applePay.refused':
        return fails({ reason: 'unavailable', code: sample.code });
      case 'payment.start':
        return to({ Processing: 'AwaitingMerchantValidation' });
      case 'drawer.close':
        return paying ? stays() : abandons();
      case 'applePay.cancelled':
        return paying ? stays() : to({ Idle: 'AwaitingTap' });
      case 'applePay.validateMerchant':
        return to({ Processing: 'ValidatingMerchant' });
      case 'xstate.done.actor.validateMerchant':
        return to({ Processing: 'AwaitingAuthorization' });
      case 'xstate.error.actor.validateMerchant':
        return callFailed(sample.error, { charges: false });
      case 'applePay.authorized':
        return to({ Processing: 'Paying' });
      case 'xstate.done.actor.payWithWallet':
      case 'xstate.error.actor.payWithWallet': {
        // The answer is kept while the sheet closes: status 0 only is paid.
        const outcome = sample.output?.status === 0 ? 'succeeded' : 'failed';
        return to({ Processing: 'ClosingSheet' }, (after) =>
          expect((after.context as PaymentContext).result?.outcome).toBe(outcome),
        );
      }
      case 'applePay.sheetClosed': {
        const { result } = before.context as PaymentContext;
        return result?.outcome === 'succeeded' ? succeeds() : fails();
      }
      default:
        throw new Error(`the Apple Pay oracle does not know ${sample.type}`);
    }
  },
});

describeEdgePaths({
  oracle,
  machineId: 'applePay',
  machine,
  scenarios: [
    {
      label: 'one session at a time',
      input: { order: singleLineOrder },
      events,
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, (snapshot.context as PaymentContext).result?.outcome]),
    },
  ],
});

import { fromCallback } from 'xstate';
import {
  applePayMachine,
  type ApplePaySessionCommand,
  type ApplePaySessionEvent,
} from '../../machines/payment/apple-pay.machine';
import type { ApplePaymentRequest } from '../../machines/payment/apple-pay.request';
import type { WalletPayInput } from '../../machines/payment/google-pay.machine';
import type { PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import type { PaymentContext } from '../../machines/payment/payment.shared';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf } from './edge-coverage';

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

describeEdgePaths({
  machineId: 'applePay',
  machine,
  scenarios: [
    {
      label: 'one session at a time',
      input: { order: singleLineOrder },
      events,
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, (snapshot.context as PaymentContext).result.outcome]),
    },
  ],
});

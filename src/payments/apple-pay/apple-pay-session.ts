import type {
  ApplePaySessionCommand,
  ApplePaySessionEvent,
} from '../../../machines/payment/methods/apple-pay/apple-pay.machine';
import {
  APPLE_PAY_VERSION,
  type ApplePaymentRequest,
} from '../../../machines/payment/methods/apple-pay/apple-pay.request';

/** The part of Safari's Apple Pay JS this app uses. */
interface ApplePaySessionInstance {
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(status: number): void;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
}

interface ApplePaySessionClass {
  new (version: number, request: ApplePaymentRequest): ApplePaySessionInstance;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}

/**
 * One ApplePaySession, alive exactly as long as the actor: its callbacks become events, the
 * machine's commands become session calls, and stopping the actor aborts a session still open.
 */
export function runApplePaySession(
  input: ApplePaymentRequest,
  sendBack: (event: ApplePaySessionEvent) => void,
  receive: (listener: (command: ApplePaySessionCommand) => void) => void,
): () => void {
  const Session = (window as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
  if (!Session) {
    sendBack({ type: 'applePay.cancelled' });
    return () => {};
  }
  let session: ApplePaySessionInstance;
  try {
    // Must run inside the tap's handler: the caller (the chart's Processing state) is entered synchronously from it.
    session = new Session(APPLE_PAY_VERSION, input);
  } catch (error) {
    sendBack({ type: 'applePay.refused', code: error instanceof Error ? error.name : 'Error' });
    return () => {};
  }
  let open = true;
  session.onvalidatemerchant = ({ validationURL }) => sendBack({ type: 'applePay.validateMerchant', validationURL });
  session.onpaymentauthorized = ({ payment }) => sendBack({ type: 'applePay.authorized', token: payment.token });
  session.oncancel = () => {
    open = false;
    sendBack({ type: 'applePay.cancelled' });
  };
  receive((command) => {
    if (command.type === 'session.completeMerchantValidation') {
      session.completeMerchantValidation(command.merchantSession);
      return;
    }
    try {
      session.completePayment(command.approved ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE);
    } catch {
      // Apple already closed the sheet (it times out); the pay call's answer still decides.
    }
    open = false;
    sendBack({ type: 'applePay.sheetClosed' });
  });
  try {
    session.begin();
  } catch (error) {
    open = false;
    sendBack({ type: 'applePay.refused', code: error instanceof Error ? error.name : 'Error' });
  }
  return () => {
    if (open) session.abort();
  };
}

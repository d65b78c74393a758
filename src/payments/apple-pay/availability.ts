interface ApplePaySessionStatic {
  canMakePayments(): boolean;
}

/** Whether this browser has Apple Pay at all: Safari's ApplePaySession (Chrome and Android have none). */
export function hasApplePaySession(scope: object = window): boolean {
  return typeof (scope as { ApplePaySession?: unknown }).ApplePaySession === 'function';
}

/** Apple Pay is offered only where Safari's ApplePaySession says this device can pay. */
export function isApplePayAvailable(scope: object = window): boolean {
  const session = (scope as { ApplePaySession?: ApplePaySessionStatic }).ApplePaySession;
  try {
    return session?.canMakePayments() === true;
  } catch {
    return false; // Safari throws on insecure pages
  }
}

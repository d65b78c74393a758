interface ApplePaySessionStatic {
  canMakePayments(): boolean;
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

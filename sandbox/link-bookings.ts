import { EXPIRES_PARAM, SIGNATURE_PARAM, signLink } from './payment-links';

/**
 * Which purchase each signed payment link booked, by the link's signature (one link, one signature: it
 * covers every parameter, the expiry too). A link books one purchase however often it is opened, so it
 * is paid at most once. An entry is kept only until its link expires: an expired link books nothing, so
 * it is forgotten, and no link lives longer than MAX_LINK_LIFETIME_S.
 */
export interface LinkBookings {
  /** The purchase the link with this signature booked, while the link lives. */
  sessionOf(signature: string): string | undefined;
  /** Records that the link booked this purchase; `expiresAt` in seconds since the epoch. */
  record(signature: string, sessionId: string, expiresAt: number): void;
  readonly size: number;
  clear(): void;
}

export function createLinkBookings(): LinkBookings {
  const bookings = new Map<string, { sessionId: string; expiresAt: number }>();
  const forgetExpired = () => {
    const now = Date.now() / 1000;
    for (const [signature, booking] of bookings) if (booking.expiresAt <= now) bookings.delete(signature);
  };
  return {
    sessionOf(signature) {
      forgetExpired();
      return bookings.get(signature)?.sessionId;
    },
    record(signature, sessionId, expiresAt) {
      forgetExpired();
      bookings.set(signature, { sessionId, expiresAt });
    },
    get size() {
      return bookings.size;
    },
    clear: () => bookings.clear(),
  };
}

/**
 * Signs a link the operator issues for a purchase it already booked (the payment page's address, the
 * wheelshare station's payment link) and records it as that purchase's, so opening it books nothing new.
 * `params` must carry its expiry.
 */
export function issueLink(
  bookings: LinkBookings,
  key: string,
  params: URLSearchParams,
  sessionId: string,
): URLSearchParams {
  const signed = signLink(key, params);
  bookings.record(signed.get(SIGNATURE_PARAM) ?? '', sessionId, Number(signed.get(EXPIRES_PARAM)));
  return signed;
}

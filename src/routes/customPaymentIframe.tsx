import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { paymentIntentStorage } from '../lib/payment-intent-storage';
import { withoutBitReturn } from '../payments/bit/bit-return';
import { useReturnedPayment } from '../lib/use-returned-payment';
import { PaymentLinkPage } from '../views/custom/PaymentLinkPage';

/** requirements.md §2: every value stays the text the link carries; PaymentLinkPage checks them all. */
const customPaymentSearchSchema = v.object({
  totalPrice: v.optional(v.string()),
  currency: v.optional(v.string()),
  info: v.optional(v.string()),
  successReturnUrl: v.optional(v.string()),
  failuresReturnUrl: v.optional(v.string()),
  machineId: v.optional(v.string()),
  isDeferredPayment: v.optional(v.string()),
  phoneNumber: v.optional(v.string()),
  /** The merchant's signature of the link: only the operator checks it (book_link). */
  signature: v.optional(v.string()),
  /** As on /pay: an earlier version's Bit return token, dropped from the address. */
  bit_return: v.optional(v.string()),
});

export const Route = createFileRoute('/customPaymentIframe')({
  validateSearch: customPaymentSearchSchema,
  component: CustomPaymentIframeRoute,
});

function CustomPaymentIframeRoute() {
  const { bit_return, ...query } = Route.useSearch();
  const returnedPayment = useReturnedPayment(query.machineId?.trim() ?? '', bit_return, query);
  // The link as its merchant signed it: an old Bit token is no part of it.
  const link = withoutBitReturn(window.location.href);
  return (
    <PaymentLinkPage
      // Another link is another payment: start afresh.
      key={JSON.stringify(query)}
      query={query}
      paymentIntent={paymentIntentStorage.intentFor(link.href)}
      signedQuery={link.search.replace(/^\?/, '')}
      returnedPayment={returnedPayment}
    />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { paymentIntentStorage } from '../lib/payment-intent-storage';
import { PaymentLinkPage } from '../views/custom/PaymentLinkPage';

/** Spec §2: every value stays the text the link carries; PaymentLinkPage checks them all. */
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
});

export const Route = createFileRoute('/customPaymentIframe')({
  validateSearch: customPaymentSearchSchema,
  component: CustomPaymentIframeRoute,
});

function CustomPaymentIframeRoute() {
  const query = Route.useSearch();
  return (
    <PaymentLinkPage
      // Another link is another payment: start afresh.
      key={JSON.stringify(query)}
      query={query}
      paymentIntent={paymentIntentStorage.intentFor(window.location.href)}
      signedQuery={window.location.search.replace(/^\?/, '')}
    />
  );
}

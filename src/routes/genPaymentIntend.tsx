import { createFileRoute } from '@tanstack/react-router';
import { PaymentIntentPage } from '../views/custom/PaymentIntentPage';

export const Route = createFileRoute('/genPaymentIntend')({ component: GenPaymentIntendRoute });

function GenPaymentIntendRoute() {
  // requirements.md §7: the operator gets the query string exactly as the page was opened with it.
  return <PaymentIntentPage query={window.location.search.slice(1)} />;
}

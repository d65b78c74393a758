import { createFileRoute } from '@tanstack/react-router';
import { AfterPayment } from '../views/wheelshare/AfterPayment';

export const Route = createFileRoute('/wheelshare/afterPayment')({ component: AfterPaymentRoute });

function AfterPaymentRoute() {
  const navigate = Route.useNavigate();
  return <AfterPayment onDone={() => void navigate({ to: '/wheelshare' })} />;
}

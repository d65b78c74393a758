import { createFileRoute } from '@tanstack/react-router';
import { RefundPolicyView } from '../views/info/RefundPolicyView';

export const Route = createFileRoute('/refund-and-cancellation')({ component: RefundPolicyView });

import { createFileRoute } from '@tanstack/react-router';
import { TestLinksView } from '../views/info/TestLinksView';

export const Route = createFileRoute('/test')({ component: TestLinksView });

import { createFileRoute } from '@tanstack/react-router';
import { AccessibilityView } from '../views/info/AccessibilityView';

export const Route = createFileRoute('/accessibility')({ component: AccessibilityView });

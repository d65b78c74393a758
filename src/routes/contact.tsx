import { createFileRoute } from '@tanstack/react-router';
import { ContactView } from '../views/info/ContactView';

export const Route = createFileRoute('/contact')({ component: ContactView });

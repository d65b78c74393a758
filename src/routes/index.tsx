import { createFileRoute } from '@tanstack/react-router';
import { WelcomeView } from '../views/welcome/WelcomeView';

export const Route = createFileRoute('/')({ component: WelcomeView });

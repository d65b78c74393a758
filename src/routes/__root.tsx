import { createRootRoute, Outlet } from '@tanstack/react-router';
import { WelcomeView } from '../views/welcome/WelcomeView';

export const Route = createRootRoute({
  component: Outlet,
  // requirements.md §2: any other path shows a welcome heading.
  notFoundComponent: WelcomeView,
});

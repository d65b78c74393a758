import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { rememberedLanguage, startI18n } from './i18n/i18n';
import { nextTask } from './lib/next-task';
import { createAppRouter } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Each start-up step in a task of its own, so that none blocks a slow phone's main thread for long.
await nextTask();
const router = createAppRouter();
// The page's code and data (the /pay route's menu) start loading now, not after the first render.
router.load().catch(console.error);
// Safari 15.4 and Chrome 100–101, on the browser floor, lack `inert` (Safari 15.5, Chrome 102): without it
// the page behind an open drawer stays reachable by Tab and by a screen reader. WICG's polyfill, loaded
// only there, gives them the same inert page behind the sheet.
if (!('inert' in HTMLElement.prototype)) await import('wicg-inert');
await nextTask();
await startI18n(rememberedLanguage());
await nextTask();
const reactRoot = createRoot(root);
// As a transition, React renders the first screen in slices of a few milliseconds, not in one long task.
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);

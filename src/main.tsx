import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { rememberedLanguage, startI18n } from './i18n/i18n';
import { router } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's code and data (the /pay route's menu) start loading now, not after the first render.
router.load().catch(console.error);
// Each start-up step in a task of its own, so that none blocks a slow phone's main thread for long.
await nextTask();
await startI18n(rememberedLanguage());
await nextTask();
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

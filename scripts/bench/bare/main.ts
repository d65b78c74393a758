// The baseline of `npm run bench`: the same React as the app, rendering one heading and nothing else.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(createElement('h1', null, 'Hello from React'));

import './styles/globals.css';
import { languageReady } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';
import { reloadOnPreloadError } from './lib/staleBuild';

reloadOnPreloadError();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Another language than zh-CN: its catalogue first, so the first paint is in the right language.
void languageReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);

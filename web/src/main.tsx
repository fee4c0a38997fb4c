import './styles/globals.css';
import { languageReady } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';
import { reloadOnPreloadError } from './lib/staleBuild';
import { getLiveConnection } from './live/connection';
import { getToken } from './stores/auth';

reloadOnPreloadError();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Signed in on the drawing screen: the socket's ticket and handshake start now, beside the
// catalogue and the first render, rather than from the channel session's effect after it; the
// session finds the connection started (start() is idempotent) or already live.
if (getToken() && /^\/(draw|chat)(\/|$)/.test(window.location.pathname)) getLiveConnection().start();

// Another language than zh-CN: its catalogue first, so the first paint is in the right language.
void languageReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);

import './styles/globals.css';
import { languageReady } from './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './router';
import { reloadOnPreloadError } from './lib/staleBuild';
import { startFirstScreen } from './pages/draw/firstScreen';

reloadOnPreloadError();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Signed in on the drawing screen: the socket's ticket and handshake, the channel list and the
// channel's latest page start now, beside the catalogue and the first render, rather than from
// the channel session after it (and the page after the subscription's answer); the session and
// the feed take these answers (firstScreen.ts).
startFirstScreen(window.location.pathname);

// Another language than zh-CN: its catalogue first, so the first paint is in the right language.
void languageReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  ),
);

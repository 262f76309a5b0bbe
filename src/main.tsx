import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readSession } from './lib/session';
import { FILE_URL_PREFIXES } from './config';
import { trustFilePrefixes } from '../contract/lib/fileUrls';
import { preloadScreenOf } from './resources/preload';
import { registerServiceWorker } from './serviceWorker/register';

// The forms check files' addresses as the server does, against the same trusted places.
trustFilePrefixes(FILE_URL_PREFIXES);

// Signed in and opening a screen (a bookmark, a reload): its code is fetched while the app boots.
if (readSession()) preloadScreenOf(window.location.hash.slice(1));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Opens with no network once visited (docs/offline.md).
registerServiceWorker();

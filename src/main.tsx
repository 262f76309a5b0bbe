import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readSession } from './authProvider/session';
import { preloadScreenOf } from './resources/preload';

// Signed in and opening a screen (a bookmark, a reload): its code is fetched while the app boots.
if (readSession()) preloadScreenOf(window.location.hash.slice(1));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

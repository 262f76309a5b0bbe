import { API_CACHE } from './rules';

/** The service worker's address (built by scripts/serviceWorker.ts, served by server/routes/web.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Installs the service worker (src/serviceWorker/worker.ts) once the page has loaded, so its
 * precaching never competes with the first screen. Only in a build (the dev server has none), and
 * only where the browser allows one: a secure origin — https, or the address `localhost`.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Signing out forgets the copies of the API's answers kept for reading with no network. */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE).catch(() => false);
}

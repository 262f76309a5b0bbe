/**
 * The API host. Empty means the same origin that served the app (our own server, or Vite's
 * proxy in development); VITE_API_URL points the client at another server of the same contract.
 */
export const API_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

/** Every call gives up after 60 s (spec 9). */
export const REQUEST_TIMEOUT_MS = 60_000;

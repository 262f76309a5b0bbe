/**
 * Whether the server can be reached, as this browser tab knows it: offline when the browser says
 * so (`navigator.onLine` false, the `offline` event) or when a call failed on the network (a Wi-Fi
 * drop often leaves `onLine` true: the failing polls tell); online again on the `online` event or
 * as soon as a call gets an answer.
 */

type Listener = () => void;

const listeners = new Set<Listener>();
let networkFailed = false;
let browserOfflineNow = typeof navigator !== 'undefined' && navigator.onLine === false;

function emit() {
  for (const listener of [...listeners]) listener();
}

export function isOffline(): boolean {
  return browserOfflineNow || networkFailed;
}

/** Whether the browser itself says there is no network (then nothing is worth trying). */
export function browserOffline(): boolean {
  return browserOfflineNow;
}

/** A call could not reach the server (no answer, or none in time). */
export function reportNetworkFailure(): void {
  if (networkFailed) return;
  networkFailed = true;
  emit();
}

/** A call got an answer, whatever it said: the server is reachable. */
export function reportReachable(): void {
  const wasOffline = isOffline();
  networkFailed = false;
  if (typeof navigator !== 'undefined' && navigator.onLine !== false) browserOfflineNow = false;
  if (wasOffline !== isOffline()) emit();
}

/** Calls `listener` whenever the state changes; returns what stops it. */
export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOfflineNow = true;
    emit();
  });
  window.addEventListener('online', () => {
    browserOfflineNow = false;
    // The browser's word is a hint: the next call says whether the server answers.
    networkFailed = false;
    emit();
  });
}

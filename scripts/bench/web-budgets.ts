/**
 * The JavaScript a first visit may download, as sent (brotli 11, as the build compresses the
 * assets and the server sends them to Chromium): what it weighs today plus a small margin, so that
 * a change making a first visit heavier says so here, on purpose. `npm run size` (CI) and
 * `npm run bench:web` both hold the pages to it.
 */
export const SCRIPT_BYTE_BUDGETS = {
  login: 290 * 1024,
  customers: 350 * 1024,
};

/**
 * The JavaScript a first visit may download, as sent (brotli 11, as the build compresses the
 * assets and the server sends them to Chromium): what it weighs today plus a small margin, so that
 * a change making a first visit heavier says so here, on purpose. `npm run size` (CI) and
 * `npm run bench:web` both hold the pages to it.
 */
export const SCRIPT_BYTE_BUDGETS = {
  // Measured 288.5 and 350.3 kB (the app's resources' definitions travel with the first load);
  // then 294.6 and 356.6 kB with the finance and integrations definitions (the bank list that
  // checks an account among them) and MUI's pt-BR labels; then 298.0 and 360.5 kB with the roles'
  // permissions (every definition's access names one, the menu is filtered by them), the audit
  // trail's definition and the app bar's store switcher.
  login: 300 * 1024,
  customers: 363 * 1024,
};

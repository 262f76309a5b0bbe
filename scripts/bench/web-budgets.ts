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
  // trail's definition and the app bar's store switcher; then 301.9 and 378.6 kB once the
  // customers list became the engine's list (its cards, compact lines, row actions, panels and
  // store choice come with any generated list; drag and drop and the restaurant picker load only
  // where a list uses them) and the restaurants', reviews' and loyalty's forms read their fields
  // from their definitions; then 299.9 and 380.8 kB with orders in: the tabs' and tables'
  // definitions carry the order entry's and the guest orders' calls and records (drafts, walk-in
  // and QR guests, held items, table tokens) and canAccess answers a call by its own access (the
  // QR codes' and held orders' words and schemas load only with their screens); then 301.6 and
  // 383.1 kB with the service through a Wi-Fi drop: the HTTP client reports each call's reach to
  // the connection state and reads the service worker's copy date, the polls keep when their read
  // began, and the service worker is registered (the outbox, the banner and the refusals load
  // only with the floor and the board); then 305.1 and 386.4 kB with printing: the print jobs'
  // definition (its fields, states, calls and the print document's schema; the documents' makers
  // and the ESC/POS stay out), the kitchens' printer fields and the menu's 'Impressões'.
  login: 306 * 1024,
  customers: 388 * 1024,
  // The guest page a table's QR code opens (docs/guest-page.md): the target, not today's
  // weight plus a margin. Measured 66.5 kB, 58.7 of it the chunk it shares with the back-office
  // (React, react-dom and the pt-BR formatting).
  mesa: 100 * 1024,
};

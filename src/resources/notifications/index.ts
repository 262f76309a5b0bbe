/*
 * Notificações (spec 2.10): the list, the create form and the read-only detail at /notifications/:id
 * (a notification is never edited; the detail only deactivates it) are generated from the
 * definition, with ./overrides.tsx.
 */

/** The paths the specification gives the notification screens. */
export const notificationAliases = [
  { from: '/notifications/new', to: '/notifications/create' },
  { from: '/notifications/details', to: '/notifications' },
];

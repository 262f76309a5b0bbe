import { lazy } from 'react';

/*
 * Notificações (spec 2.10): the list and the create form are generated from the definition (with
 * ./overrides.tsx); the read-only detail at /notifications/:id (a notification is never edited;
 * the detail only deactivates it) is its own, loaded when first opened.
 */
export const NotificationDetails = lazy(() =>
  import('./NotificationDetails').then((m) => ({ default: m.NotificationDetails })),
);

/** The paths the specification gives the notification screens. */
export const notificationAliases = [
  { from: '/notifications/new', to: '/notifications/create' },
  { from: '/notifications/details', to: '/notifications' },
];

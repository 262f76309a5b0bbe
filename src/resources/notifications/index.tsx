import { lazy } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import type { ResourceProps } from 'react-admin';
import { notifications as definition } from '../../../contract/resources/notifications/definition';

// Loaded when first opened, not with the login page.
const NotificationCreate = lazy(() =>
  import('./NotificationCreate').then((m) => ({ default: m.NotificationCreate })),
);
const NotificationDetails = lazy(() =>
  import('./NotificationDetails').then((m) => ({ default: m.NotificationDetails })),
);
const NotificationList = lazy(() =>
  import('./NotificationList').then((m) => ({ default: m.NotificationList })),
);

/**
 * Notificações (spec 2.10): the list, the create form and a read-only detail at /notifications/:id
 * (a notification is never edited; the detail only deactivates it).
 */
export const notifications: ResourceProps = {
  name: definition.name,
  icon: NotificationsIcon,
  options: { label: definition.label.many },
  list: NotificationList,
  create: NotificationCreate,
  edit: NotificationDetails,
  recordRepresentation: 'title',
};

/** The paths the specification gives the notification screens. */
export const notificationAliases = [
  { from: '/notifications/new', to: '/notifications/create' },
  { from: '/notifications/details', to: '/notifications' },
];

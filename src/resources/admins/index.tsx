import { lazy } from 'react';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { ResourceProps } from 'react-admin';
import { admins as definition } from '../../../contract/resources/admins/definition';

// Loaded when first opened, not with the login page.
const AdminCreate = lazy(() => import('./AdminCreate').then((m) => ({ default: m.AdminCreate })));
const AdminEdit = lazy(() => import('./AdminEdit').then((m) => ({ default: m.AdminEdit })));
const AdminList = lazy(() => import('./AdminList').then((m) => ({ default: m.AdminList })));
export const IncludeCollaborator = lazy(() =>
  import('./IncludeCollaborator').then((m) => ({ default: m.IncludeCollaborator })),
);

/** Permissões: the platform's administrators (spec 2.11). */
export const admins: ResourceProps = {
  name: definition.name,
  icon: AdminPanelSettingsIcon,
  options: { label: definition.label.many },
  list: AdminList,
  create: AdminCreate,
  edit: AdminEdit,
  recordRepresentation: 'fullname',
};

/** The paths the specification gives the administrator screens. */
export const adminAliases = [
  { from: '/admins/add', to: '/admins/create' },
  { from: '/admins/details', to: '/admins' },
];

import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { ResourceProps } from 'react-admin';
import { AdminCreate } from './AdminCreate';
import { AdminEdit } from './AdminEdit';
import { AdminList } from './AdminList';
import { admins as definition } from './definition';

export { IncludeCollaborator } from './IncludeCollaborator';

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

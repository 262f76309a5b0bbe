import { Route } from 'react-router-dom';
import { menuPaths } from '../products/paths';
import { lazyScreen } from '../preload';

const ComplementGroupList = lazyScreen(menuPaths.complements, () =>
  import('./overrides').then((m) => ({ default: m.ComplementGroupList })),
);
const ComplementGroupCreate = lazyScreen(menuPaths.groupCreate, () =>
  import('./overrides').then((m) => ({ default: m.ComplementGroupCreate })),
);
const ComplementGroupEdit = lazyScreen(menuPaths.groupEdit(':id'), () =>
  import('./overrides').then((m) => ({ default: m.ComplementGroupEdit })),
);

/**
 * The complement groups under the menu: /products/complements, a new group at
 * …/complements/create/group and a group's form at …/create/group/:id.
 */
export const complementGroupRoutes = [
  <Route key="complements" path="complements" element={<ComplementGroupList />} />,
  <Route key="group-create" path="complements/create/group" element={<ComplementGroupCreate />} />,
  <Route key="group-update" path="complements/create/group/:id" element={<ComplementGroupEdit />} />,
];

import { lazy } from 'react';
import { Route } from 'react-router-dom';

const ComplementGroupList = lazy(() =>
  import('./overrides').then((m) => ({ default: m.ComplementGroupList })),
);
const ComplementGroupCreate = lazy(() =>
  import('./overrides').then((m) => ({ default: m.ComplementGroupCreate })),
);
const ComplementGroupEdit = lazy(() =>
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

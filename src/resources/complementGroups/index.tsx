import { lazy } from 'react';
import { Route } from 'react-router-dom';

const ComplementGroupList = lazy(() =>
  import('./overrides').then((m) => ({ default: m.ComplementGroupList })),
);
const ComplementGroupForm = lazy(() =>
  import('./ComplementGroupForm').then((m) => ({ default: m.ComplementGroupForm })),
);

/**
 * The complement groups under the menu: /products/complements, a new group at
 * …/complements/create/group and a group's form at …/create/group/:id.
 */
export const complementGroupRoutes = [
  <Route key="complements" path="complements" element={<ComplementGroupList />} />,
  <Route key="group-create" path="complements/create/group" element={<ComplementGroupForm />} />,
  <Route key="group-update" path="complements/create/group/:id" element={<ComplementGroupForm />} />,
];

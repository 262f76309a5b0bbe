import { Navigate, Route } from 'react-router-dom';
import DashboardIcon from '@mui/icons-material/Dashboard';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../preload';
import { wall as definition } from '../../../contract/resources/wall/definition';
import { wallPaths } from './paths';
import { dragOrderModule } from '../../engine/dragOrderLoader';

export { wallPaths };

// Loaded when first opened, or with the app on their path (drag and drop, uploads, cropping).
// The list with its drag and drop, so that it renders once, with its grips.
const WallList = lazyScreen(wallPaths.list, async () => {
  const [screens] = await Promise.all([import('./overrides'), dragOrderModule()]);
  return { default: screens.WallList };
});
const WallCreate = lazyScreen(wallPaths.create, () =>
  import('./overrides').then((m) => ({ default: m.WallCreate })),
);
const WallEdit = lazyScreen(wallPaths.details, () =>
  import('./overrides').then((m) => ({ default: m.WallEdit })),
);

/**
 * Mural: the store's wall posts (/mural), a new post (/mural/new) and a post's edit screen
 * (/mural/details/:id). Staff's is their store's; an administrator chooses the restaurant.
 */
export const wallResource: ResourceProps = {
  name: definition.name,
  icon: DashboardIcon,
  options: { label: definition.label.many },
  list: WallList,
  recordRepresentation: 'title',
  children: [
    <Route key="new" path="new" element={<WallCreate />} />,
    <Route key="details" path="details/:id" element={<WallEdit />} />,
    // The spec's /mural/details without a post: the list, where posts are opened.
    <Route key="details-none" path="details" element={<Navigate to={wallPaths.list} replace />} />,
  ],
};

import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';
import { lazyScreen } from '../preload';
import { hallPaths } from './paths';

export { hallPaths };

// The floor and its pages load when first opened, or with the app on their path (a tablet's
// reload): QR codes and zip files included.
const FloorPage = lazyScreen(hallPaths.floor, () =>
  import('./FloorPage').then((m) => ({ default: m.FloorPage })),
);
const TablesCreate = lazyScreen(hallPaths.create, () =>
  import('./TablesCreate').then((m) => ({ default: m.TablesCreate })),
);
const QrCodesPage = lazyScreen(hallPaths.qrCodes, () =>
  import('./QrCodesPage').then((m) => ({ default: m.QrCodesPage })),
);

/** Salão: the live floor, the tables' creation and their QR codes. */
export const floorRoutes = [
  <Route key="hall" path={hallPaths.floor} element={protectedPage(<FloorPage />, 'floor')} />,
  <Route key="hall-create" path={hallPaths.create} element={protectedPage(<TablesCreate />, 'floor')} />,
  <Route key="hall-qrcodes" path={hallPaths.qrCodes} element={protectedPage(<QrCodesPage />, 'floor')} />,
];

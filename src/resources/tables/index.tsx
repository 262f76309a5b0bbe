import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';
import { hallPaths } from './paths';

export { hallPaths };

// The floor and its pages load when first opened (QR codes and zip files included).
const FloorPage = lazy(() => import('./FloorPage').then((m) => ({ default: m.FloorPage })));
const TablesCreate = lazy(() => import('./TablesCreate').then((m) => ({ default: m.TablesCreate })));
const QrCodesPage = lazy(() => import('./QrCodesPage').then((m) => ({ default: m.QrCodesPage })));

/** Salão: the live floor, the tables' creation and their QR codes. */
export const hallRoutes = [
  <Route key="hall" path={hallPaths.floor} element={protectedPage(<FloorPage />)} />,
  <Route key="hall-create" path={hallPaths.create} element={protectedPage(<TablesCreate />)} />,
  <Route key="hall-qrcodes" path={hallPaths.qrCodes} element={protectedPage(<QrCodesPage />)} />,
];

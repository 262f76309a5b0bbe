import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';

/** Where the kitchen board lives (restaurant spec 2: /orders). */
export const boardPaths = { board: '/orders' } as const;

// The board loads when first opened.
const KitchenBoard = lazy(() => import('./KitchenBoard').then((m) => ({ default: m.KitchenBoard })));

/** Pedidos: the kitchen orders board. */
export const boardRoutes = [
  <Route key="orders" path={boardPaths.board} element={protectedPage(<KitchenBoard />)} />,
];

import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Authenticated, Loading } from 'react-admin';

/** Where the kitchen board lives (restaurant spec 2: /orders). */
export const boardPaths = { board: '/orders' } as const;

// The board loads when first opened.
const KitchenBoard = lazy(() => import('./KitchenBoard').then((m) => ({ default: m.KitchenBoard })));

/** Pedidos: the kitchen orders board. */
export const boardRoutes = [
  <Route
    key="orders"
    path={boardPaths.board}
    element={
      <Authenticated>
        <Suspense fallback={<Loading />}>
          <KitchenBoard />
        </Suspense>
      </Authenticated>
    }
  />,
];

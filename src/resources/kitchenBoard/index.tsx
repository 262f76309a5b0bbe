import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';
import { lazyScreen } from '../preload';

/** Where the kitchen board lives (restaurant spec 2: /orders). */
export const boardPaths = { board: '/orders' } as const;

// The board loads when first opened, or with the app on its path (a tablet's reload).
const KitchenBoard = lazyScreen(boardPaths.board, () =>
  import('./KitchenBoard').then((m) => ({ default: m.KitchenBoard })),
);

/** Pedidos: the kitchen orders board. */
export const boardRoutes = [
  <Route key="orders" path={boardPaths.board} element={protectedPage(<KitchenBoard />, 'board')} />,
];

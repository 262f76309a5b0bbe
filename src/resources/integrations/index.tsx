import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';
import { lazyScreen } from '../preload';
import { INTEGRATIONS_PATH } from './paths';

export { INTEGRATIONS_PATH };

// Loaded when first opened, or with the app on its path.
const IntegrationsScreen = lazyScreen(INTEGRATIONS_PATH, () =>
  import('./IntegrationsScreen').then((m) => ({ default: m.IntegrationsScreen })),
);

/**
 * Integrações (/integrations, platform spec 2.15): the store's managers manage their own store's;
 * administrators any store's, after choosing it.
 */
export const integrationRoutes = [
  <Route
    key="integrations"
    path={INTEGRATIONS_PATH}
    element={protectedPage(<IntegrationsScreen />, 'integrations')}
  />,
];

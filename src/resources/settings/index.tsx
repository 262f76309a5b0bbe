import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';
import { settingsPaths } from './paths';

export { settingsPaths };

// The settings and links load when first opened (the links' QR codes with them).
const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));
const LinksPage = lazy(() => import('./LinksPage').then((m) => ({ default: m.LinksPage })));

/** Configurações and Links de acesso: the store's settings, opening hours and links. */
export const settingsRoutes = [
  <Route
    key="settings"
    path={settingsPaths.settings}
    element={protectedPage(<SettingsPage />, 'settings')}
  />,
  <Route key="links" path={settingsPaths.links} element={protectedPage(<LinksPage />, 'settings')} />,
];

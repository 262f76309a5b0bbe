import { lazy, Suspense } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { Admin, Authenticated, CustomRoutes, Loading, Notification, Resource } from 'react-admin';
import { authProvider, ADMIN } from './authProvider';
import { dataProvider } from './dataProvider/instance';
import { i18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { landingOf } from './layout/menus';
import { useWorkPlace } from './authProvider/workPlace';
import { theme } from './layout/theme';
import { LoginPage } from './custom-pages/auth/LoginPage';
import { RequirePermission } from './components/RequirePermission';
import { FinancePage, StatisticsPage } from './custom-pages/statistics/StatisticsPage';
import { adminAliases, IncludeCollaborator } from './resources/admins';
import { cuisineAliases } from './resources/cuisines';
import { definitions } from '../contract/definitions';
import { generatedResources } from './engine/resources';
import { faqAliases } from './resources/faqs';
import { notificationAliases } from './resources/notifications';
import { PRIVACY_PATH, PrivacyPage } from './resources/privacy';
import { screenModules } from './resources/screens';
import { StoryDetailsAlias, storyAliases } from './resources/stories';
import { floorRoutes } from './resources/floor';
import { bankAccountsResource, depositsResource, statementResource } from './resources/financial';
import { boardRoutes } from './resources/kitchenBoard';
import { settingsRoutes } from './resources/settings';
import { usagePolicyAdminRoutes, usagePolicyRoutes } from './resources/usagePolicy';
import { teamRoutes } from './resources/team';
import { rolePermissionsRoutes } from './resources/rolePermissions';
import { wallResource } from './resources/wall';

// The password steps are reached from a link or an e-mail, never by the login page itself.
const PasswordSteps = lazy(() =>
  import('./custom-pages/auth/PasswordSteps').then((m) => ({ default: m.PasswordSteps })),
);

function BottomLeftNotification() {
  return <Notification anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} />;
}

/**
 * After login, and at the root, users land on the statistics (spec 2.2); a role without them on
 * the first screen of its menu that it may open (a waiter on the floor, a cook on the board).
 */
function Home() {
  const { role, holds, known } = useWorkPlace();
  if (role !== ADMIN && !known) return <Loading />;
  return <Navigate to={role === ADMIN ? '/statistics' : landingOf(holds)} replace />;
}

const aliases = [...faqAliases, ...cuisineAliases];

// Built once, not on every render: new screen components each time would remount the pages.
const generatedForAdmin = generatedResources(definitions, screenModules, true);
const generatedForStaff = generatedResources(definitions, screenModules, false);

export function App() {
  return (
    <Admin
      title="Painel"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={AppLayout}
      loginPage={LoginPage}
      dashboard={Home}
      notification={BottomLeftNotification}
      requireAuth
      disableTelemetry
    >
      {(role: string | undefined) => (
        <>
          <CustomRoutes noLayout>
            <Route
              path="/forgot-password"
              element={
                <Suspense fallback={<Loading />}>
                  <PasswordSteps mode="recovery" />
                </Suspense>
              }
            />
            <Route
              path="/first-access"
              element={
                <Suspense fallback={<Loading />}>
                  <PasswordSteps mode="first-access" />
                </Suspense>
              }
            />
          </CustomRoutes>
          <CustomRoutes>
            <Route
              path="/statistics"
              element={
                <Authenticated>
                  <RequirePermission permission="statistics">
                    <StatisticsPage />
                  </RequirePermission>
                </Authenticated>
              }
            />
            {/* The finance dashboard: staff see their store, administrators the platform or a chosen store. */}
            <Route
              path="/financial"
              element={
                <Authenticated>
                  <RequirePermission permission="finance">
                    <FinancePage />
                  </RequirePermission>
                </Authenticated>
              }
            />
            {aliases.map(({ from, to }) => (
              <Route key={from} path={from} element={<Navigate to={to} replace />} />
            ))}
          </CustomRoutes>
          {(role === ADMIN ? generatedForAdmin : generatedForStaff).map((resource) => (
            <Resource key={resource.name} {...resource} />
          ))}
          {/* A store's statement, deposits and bank accounts: staff's, and the administrators' with a restaurant chosen. */}
          <Resource {...statementResource} />
          <Resource {...depositsResource} />
          <Resource {...bankAccountsResource} />
          {role === ADMIN ? (
            <>
              <CustomRoutes>
                <Route
                  path="/admins/include-collaborator"
                  element={
                    <Authenticated>
                      <IncludeCollaborator />
                    </Authenticated>
                  }
                />
                <Route
                  path={PRIVACY_PATH}
                  element={
                    <Authenticated>
                      <PrivacyPage />
                    </Authenticated>
                  }
                />
                {adminAliases.map(({ from, to }) => (
                  <Route key={from} path={from} element={<Navigate to={to} replace />} />
                ))}
                {notificationAliases.map(({ from, to }) => (
                  <Route key={from} path={from} element={<Navigate to={to} replace />} />
                ))}
                {storyAliases.map(({ from, to }) => (
                  <Route key={from} path={from} element={<Navigate to={to} replace />} />
                ))}
                <Route path="/feedhunters/details/:id" element={<StoryDetailsAlias />} />
                {/* Platform spec 2.2: orders is in the administrator's route set too, by restaurant. */}
                {boardRoutes}
                {usagePolicyAdminRoutes}
                {/* Platform spec 2.2: the team and the wall too, with a restaurant chosen. */}
                {teamRoutes}
                {rolePermissionsRoutes}
              </CustomRoutes>
              <Resource {...wallResource} />
            </>
          ) : (
            <>
              <CustomRoutes>
                {floorRoutes}
                {boardRoutes}
                {settingsRoutes}
                {usagePolicyRoutes}
                {teamRoutes}
                {rolePermissionsRoutes}
              </CustomRoutes>
              <Resource {...wallResource} />
            </>
          )}
        </>
      )}
    </Admin>
  );
}

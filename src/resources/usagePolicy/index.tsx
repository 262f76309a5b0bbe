import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { protectedPage } from '../../components/protectedPage';

/** The spec's path of the terms of use (restaurant spec 2, platform spec 2.1: both route sets have it). */
export const USAGE_POLICY_PATH = '/usage-policies';

const UsagePolicyPage = lazy(() => import('./UsagePolicyPage').then((m) => ({ default: m.UsagePolicyPage })));
const UsagePolicyEditor = lazy(() =>
  import('./UsagePolicyEditor').then((m) => ({ default: m.UsagePolicyEditor })),
);

/** Política de uso for the restaurant's team: the terms to read, print and accept. */
export const usagePolicyRoutes = [
  <Route key="usage-policies" path={USAGE_POLICY_PATH} element={protectedPage(<UsagePolicyPage />)} />,
];

/** The same path for the platform's administrators: the terms to publish, and who accepted them. */
export const usagePolicyAdminRoutes = [
  <Route key="usage-policies" path={USAGE_POLICY_PATH} element={protectedPage(<UsagePolicyEditor />)} />,
];

import { lazy } from 'react';

/** The spec's path of the privacy text editor, under the FAQ's /fac. */
export const PRIVACY_PATH = '/fac/privacy';

export const PrivacyPage = lazy(() => import('./PrivacyPage').then((m) => ({ default: m.PrivacyPage })));

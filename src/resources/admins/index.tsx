import { lazy } from 'react';

/*
 * Permissões (platform spec 2.11): the list and the forms are generated from the definition, with
 * the overrides of ./overrides.tsx; the inclusion of a collaborator is a page of its own.
 */
export const IncludeCollaborator = lazy(() =>
  import('./IncludeCollaborator').then((m) => ({ default: m.IncludeCollaborator })),
);

/** The paths the specification gives the administrator screens. */
export const adminAliases = [
  { from: '/admins/add', to: '/admins/create' },
  { from: '/admins/details', to: '/admins' },
];

/**
 * Roles (see "Roles inside a store" in docs/ARCHITECTURE.md): the platform administrator has no
 * store and the platform's menu and routes; a store's managers also manage its team and settings;
 * every staff role runs service.
 */
export const ADMIN = 'ADMIN';
export const MANAGER_ROLE = 'MANAGER';
/** The role of the accounts a team gets unless a manager says otherwise. */
export const COLLABORATOR_ROLE = 'STAFF';

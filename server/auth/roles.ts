/**
 * Roles (see "Roles inside a store" in docs/ARCHITECTURE.md): an account is a platform
 * administrator (no store, the platform's menu and routes) or a MEMBER of stores' teams, with a
 * role in each store (contract/permissions.ts says what each role may do there).
 */
export const ADMIN = 'ADMIN';
export const MEMBER = 'MEMBER';
export const MANAGER_ROLE = 'MANAGER';
/** The role of the accounts a team gets unless a manager says otherwise. */
export const COLLABORATOR_ROLE = 'STAFF';

/** The platform administrator's role: no store, the platform's menu and routes. */
export { ADMIN } from '../plugins/access';

/** The role of the accounts a team gets; the store's first account (from its creation) is MANAGER. */
export const COLLABORATOR_ROLE = 'STAFF';
export const MANAGER_ROLE = 'MANAGER';

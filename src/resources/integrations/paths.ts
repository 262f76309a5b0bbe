/** Where the integrations screen lives (platform spec 2.15). */
export const INTEGRATIONS_PATH = '/integrations';

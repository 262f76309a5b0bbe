/** Where the settings screens live (restaurant spec 2: /settings with /teams, and /links). */
export const settingsPaths = {
  settings: '/settings',
  teams: '/settings/teams',
  links: '/links',
} as const;

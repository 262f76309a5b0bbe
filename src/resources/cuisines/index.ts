/** The paths the specification gives the cuisine screens (which are generated: see the definition). */
export const cuisineAliases = [
  { from: '/cousines/new', to: '/cousines/create' },
  { from: '/cousines/details', to: '/cousines' },
];

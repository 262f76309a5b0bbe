/** The paths the specification gives the FAQ screens (which are generated: see the definition). */
export const faqAliases = [
  { from: '/fac', to: '/faqs' },
  { from: '/fac/add', to: '/faqs/create' },
  { from: '/fac/details', to: '/faqs' },
];

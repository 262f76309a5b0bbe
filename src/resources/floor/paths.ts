/** Where the floor's pages live (restaurant spec 2: /hall, /hall/create). */
export const hallPaths = {
  floor: '/hall',
  create: '/hall/create',
  qrCodes: '/hall/qrcodes',
} as const;

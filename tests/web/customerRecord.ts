/**
 * A customer as the API lists them (GET /api/customers): `fullname`'s first name gives the
 * username and the e-mail; `extra` changes the rest.
 */
export const customerRecord = (id: number, fullname: string, extra: object = {}) => ({
  id,
  fullname,
  username: fullname.split(' ')[0]!.toLowerCase(),
  email: `${fullname.split(' ')[0]!.toLowerCase()}@exemplo.com.br`,
  phone: '11991625576',
  cpf: '52998224725',
  profile_picture: null,
  gender: 'F',
  birthdate: '1990-05-01',
  age: 35,
  status: 'ACTIVE',
  feedhunter: false,
  created_at: '2026-03-18T15:00:00.000Z',
  ...extra,
});

import * as s from '../../db/schema';
import { TEAM_ROLES } from '../content';
import { makeMobile, plain } from '../documents';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../names';
import type { Demo, DemoAccount, Row } from './state';

/** Staff accounts other than the demo logins all share this password. */
export const STAFF_PASSWORD = 'Equipe@2026';

/**
 * The three demo logins (their stores are the first two), then at the full scale two more
 * administrators and each store's team; the plain passwords go to `demo.passwords`, in row order.
 */
export function buildAccounts(
  demo: Pick<Demo, 'scale' | 'clock' | 'rng' | 'stores' | 'storeRows' | 'passwords' | 'push'>,
  demoAccounts: readonly DemoAccount[],
): void {
  const rows: Row<typeof s.accounts>[] = [];
  const created = demo.clock.at(-900, 9 * 60);
  const [admin, cantina, sertao] = demoAccounts;
  const add = (row: Row<typeof s.accounts>, password: string) => {
    rows.push({ ...row, id: rows.length + 1, password_hash: null });
    demo.passwords.push(password);
  };
  add(
    {
      fullname: 'Administrador Painel',
      email: admin!.email,
      phone: '11987654321',
      role: 'ADMIN',
      store_id: null,
      permissions: { admin: 1 },
      status: 'ACTIVE',
      created_at: created,
      updated_at: created,
    },
    admin!.password,
  );
  add(
    {
      fullname: 'Giulia Romano',
      email: cantina!.email,
      phone: '11991234567',
      role: 'MANAGER',
      store_id: 1,
      permissions: {},
      status: 'ACTIVE',
      created_at: demo.storeRows[0]!.created_at!,
      updated_at: demo.storeRows[0]!.created_at!,
    },
    cantina!.password,
  );
  add(
    {
      fullname: 'Severino Araújo',
      email: sertao!.email,
      phone: '81991234567',
      role: 'MANAGER',
      store_id: 2,
      permissions: {},
      status: 'ACTIVE',
      created_at: demo.storeRows[1]!.created_at!,
      updated_at: demo.storeRows[1]!.created_at!,
    },
    sertao!.password,
  );
  if (demo.scale === 'full') {
    const rng = demo.rng.fork('team');
    const taken = new Set(rows.map((r) => r.email.toLowerCase()));
    const person = (female: boolean) => {
      for (;;) {
        const first = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
        const last = rng.pick(SURNAMES);
        const local = `${plain(first)}.${plain(last)}`.replace(/[^a-z.]/g, '');
        if (![...taken].some((e) => e.startsWith(`${local}@`)))
          return { fullname: `${first} ${last}`, local };
      }
    };
    for (const [i, when] of [
      [0, -700],
      [1, -320],
    ] as const) {
      const { fullname, local } = person(i === 0);
      const email = `${local}@painel.com.br`;
      taken.add(email);
      const at = demo.clock.at(when, 10 * 60);
      add(
        {
          fullname,
          email,
          phone: makeMobile(rng, '11'),
          role: 'ADMIN',
          store_id: null,
          permissions: { admin: 1 },
          status: i === 0 ? 'ACTIVE' : 'INACTIVE',
          created_at: at,
          updated_at: at,
        },
        STAFF_PASSWORD,
      );
    }
    for (const store of demo.stores) {
      const size = store.index < 2 ? 3 : store.def.status === 'OK' ? rng.int(1, 2) : 1;
      for (let k = 0; k < size; k++) {
        const { fullname, local } = person(rng.chance(0.5));
        const email = `${local}@${store.def.slug}.com.br`;
        taken.add(email);
        const role = store.index >= 2 && k === 0 ? 'MANAGER' : TEAM_ROLES[k % TEAM_ROLES.length]!;
        const at = demo.clock.at(-rng.int(10, Math.min(store.def.partnerDays, 400)), 10 * 60 + k * 17);
        add(
          {
            fullname,
            email,
            phone: makeMobile(rng, store.def.ddd),
            role,
            store_id: store.id,
            permissions: {},
            status: store.index === 0 && k === size - 1 ? 'INACTIVE' : 'ACTIVE',
            created_at: at,
            updated_at: at,
          },
          STAFF_PASSWORD,
        );
      }
    }
  }
  demo.push(s.accounts, rows);
}

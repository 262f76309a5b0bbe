import * as s from '../../db/schema';
import { TEAM_ROLES } from '../content';
import { makeMobile, plain } from '../documents';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../names';
import type { Demo, DemoAccount, Row } from './state';

/** Staff accounts other than the demo logins all share this password. */
export const STAFF_PASSWORD = 'Equipe@2026';
/**
 * One person on both demo restaurants' teams, with a role in each (cashier at Cantina Bella,
 * waiter at Sabor do Sertão): one sign-in, and the store chosen in the app bar.
 */
export const SHARED_STAFF_EMAIL = 'rafaela.costa@grupocosta.com.br';

/**
 * The three demo logins (their stores are the first two), then at the full scale two more
 * administrators and each store's team; the plain passwords go to `demo.passwords`, in row order.
 */
export function buildAccounts(
  demo: Pick<Demo, 'scale' | 'clock' | 'rng' | 'stores' | 'storeRows' | 'passwords' | 'push'>,
  demoAccounts: readonly DemoAccount[],
): void {
  const rows: Row<typeof s.accounts>[] = [];
  const places: Row<typeof s.memberships>[] = [];
  const created = demo.clock.at(-900, 9 * 60);
  const [admin, cantina, sertao] = demoAccounts;
  /** An account; a member's store and role there become its membership. */
  const add = (
    { store_id, role, ...row }: Omit<Row<typeof s.accounts>, 'last_store_id'> & { store_id: number | null },
    password: string,
  ) => {
    const id = rows.length + 1;
    rows.push({
      ...row,
      id,
      role: store_id === null ? role : 'MEMBER',
      last_store_id: store_id,
      password_hash: null,
    });
    if (store_id !== null) {
      places.push({ account_id: id, store_id, role, created_at: row.created_at, updated_at: row.updated_at });
    }
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
  if (demo.scale === 'full') {
    const at = demo.clock.at(-120, 11 * 60);
    const stamps = { created_at: at, updated_at: at };
    add(
      {
        fullname: 'Rafaela Costa',
        email: SHARED_STAFF_EMAIL,
        phone: '11994561234',
        role: 'CASHIER',
        store_id: 1,
        permissions: {},
        status: 'ACTIVE',
        ...stamps,
      },
      STAFF_PASSWORD,
    );
    places.push({ account_id: rows.length, store_id: 2, role: 'WAITER', ...stamps });
  }
  demo.push(s.accounts, rows);
  demo.push(s.memberships, places);
}

/** The managers of a store among the accounts built so far, in the order they were added. */
export function managersOf(
  demo: Pick<Demo, 'steps'>,
  storeId: number,
  accountRows: readonly Row<typeof s.accounts>[],
): Row<typeof s.accounts>[] {
  const places = (demo.steps.find((step) => step.table === s.memberships)?.rows ?? []) as Row<
    typeof s.memberships
  >[];
  return places
    .filter((place) => place.store_id === storeId && place.role === 'MANAGER')
    .map((place) => accountRows.find((account) => account.id === place.account_id))
    .filter((account) => account !== undefined);
}

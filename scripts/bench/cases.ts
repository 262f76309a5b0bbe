/**
 * What `npm run bench` measures: the customer list of the back-office (spec 2.9, 200 a page) on the
 * large data set of `npm run seed:large`, with the searches, filters and sorts an administrator
 * uses, and one customer's detail with its stats.
 *
 * Search terms exist in that data set (scripts/seed-large/catalog.ts): "maria" is a common first
 * name (with Mariana: ~2% of customers), "falcao" must find "Falcão" (accents are ignored; ~2.5%,
 * of whom 1.5% are feed hunters), "joao magalhaes" is a rare full name (~190 customers). The CPF
 * and the e-mail are those of an existing customer, read from the database at start.
 *
 * Targets are p95 in milliseconds. They are about twice the p95 measured on a 2-core machine busy
 * with other work (1,000,000 customers), rounded up, so that they hold on such a machine; and well
 * below what the plans before the fenced search and the sort indexes took on
 * PGlite (a name searched and sorted by name 12 s, page 100 of a filter 1.5 s, a sort by e-mail
 * or username 0.4–0.7 s), so that a return of any of those fails the bench. Every list request
 * also counts its matches exactly: over the whole table that count alone is ~100 ms on PGlite,
 * ~50 ms on PostgreSQL, which sets the floor of the unfiltered cases.
 */
export interface Sample {
  /** A customer in the middle of the table: their id, e-mail and CPF. */
  id: number;
  email: string;
  cpf: string;
}

export interface BenchCase {
  name: string;
  url: string;
  /** p95 targets, ms. */
  target: { pglite: number; postgres: number };
}

/** Lists and counts over (up to) the whole table. */
const WHOLE_TABLE = { pglite: 300, postgres: 200 };
/** Searches whose thousands of matches are read and sorted. */
const MANY_MATCHES = { pglite: 300, postgres: 300 };
/** Searches with a few hundred matches or fewer. */
const FEW_MATCHES = { pglite: 100, postgres: 100 };

const list = (query: Record<string, string | number>) => {
  const params = new URLSearchParams({ page_size: '200' });
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `/api/customers?${params.toString()}`;
};

export function benchCases(sample: Sample): BenchCase[] {
  const cpf = sample.cpf;
  return [
    {
      name: 'lista inicial (mais recentes)',
      url: list({ sort_field: 'created_at', sort_order: 'DESC' }),
      target: WHOLE_TABLE,
    },
    {
      name: 'busca "maria" + gênero F, por nome',
      url: list({ search: 'maria', gender: 'F', sort_field: 'fullname', sort_order: 'ASC' }),
      target: MANY_MATCHES,
    },
    {
      name: 'busca "falcao" + FeedHunter, recentes',
      url: list({ search: 'falcao', feedhunter: 'yes', sort_field: 'created_at', sort_order: 'DESC' }),
      target: FEW_MATCHES,
    },
    {
      name: 'busca "joao magalhaes" (nome raro)',
      url: list({ search: 'joao magalhaes', sort_field: 'fullname', sort_order: 'ASC' }),
      target: FEW_MATCHES,
    },
    { name: 'busca CPF (só dígitos)', url: list({ search: cpf }), target: FEW_MATCHES },
    {
      name: 'busca CPF (com máscara)',
      url: list({ search: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` }),
      target: FEW_MATCHES,
    },
    { name: 'busca e-mail', url: list({ search: sample.email }), target: FEW_MATCHES },
    {
      name: 'gênero F, por nome, página 1',
      url: list({ gender: 'F', sort_field: 'fullname', sort_order: 'ASC', page: 1 }),
      target: WHOLE_TABLE,
    },
    {
      name: 'gênero F, por nome, página 100',
      url: list({ gender: 'F', sort_field: 'fullname', sort_order: 'ASC', page: 100 }),
      target: WHOLE_TABLE,
    },
    {
      name: 'sem filtros, por e-mail',
      url: list({ sort_field: 'email', sort_order: 'ASC' }),
      target: WHOLE_TABLE,
    },
    {
      name: 'sem filtros, por username, página 100',
      url: list({ sort_field: 'username', sort_order: 'DESC', page: 100 }),
      target: WHOLE_TABLE,
    },
    {
      // The birthdate index has no filter columns (it also serves the audiences' age ranges and,
      // being the smallest, the unfiltered counts): a page's rows are checked in the table.
      name: 'gênero M, por nascimento, página 50',
      url: list({ gender: 'M', sort_field: 'birthdate', sort_order: 'ASC', page: 50 }),
      target: { pglite: 400, postgres: 300 },
    },
    {
      name: 'detalhe com estatísticas',
      url: `/api/customers/id/${sample.id}?include=stats`,
      target: { pglite: 50, postgres: 50 },
    },
  ];
}

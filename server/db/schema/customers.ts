import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from './columns';
import { CUSTOMER_STATUS, GENDERS, PLATFORMS } from './enums';

/** App users (spec 2.9). Feed hunters are customers with the flag set. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    fullname: text('fullname').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    cpf: text('cpf'),
    profile_picture: text('profile_picture'),
    gender: text('gender', { enum: GENDERS }),
    birthdate: date('birthdate', { mode: 'string' }),
    feedhunter: boolean('feedhunter').notNull().default(false),
    status: text('status', { enum: CUSTOMER_STATUS }).notNull().default('ACTIVE'),
    platform: text('platform', { enum: PLATFORMS }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /**
     * Everything the list searches, lower-case and without accents, kept by the database so one
     * trigram index answers a search over name, username, e-mail and CPF.
     */
    search_text: text('search_text').generatedAlwaysAs(
      sql`immutable_unaccent(lower(fullname || ' ' || username || ' ' || email || ' ' || coalesce(cpf, '')))`,
    ),
  },
  (t) => [
    uniqueIndex('customers_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('customers_cpf_key').on(t.cpf),
    index('customers_search_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    // The list's sorts (the unique keys on lower(…) cannot order by the column itself); gender and
    // feedhunter ride along so that a filtered page, however deep, is found in the index alone (an
    // index-only scan) before its rows are read.
    index('customers_fullname_idx').on(t.fullname, t.id, t.gender, t.feedhunter),
    index('customers_created_at_idx').on(t.created_at, t.id, t.gender, t.feedhunter),
    index('customers_username_idx').on(t.username, t.id, t.gender, t.feedhunter),
    index('customers_email_idx').on(t.email, t.id, t.gender, t.feedhunter),
    index('customers_gender_idx').on(t.gender, t.id),
    index('customers_feedhunter_idx').on(t.feedhunter, t.id),
    index('customers_birthdate_idx').on(t.birthdate),
    check('customers_gender_check', sql`${t.gender} is null or ${oneOf(t.gender, GENDERS)}`),
    check('customers_status_check', oneOf(t.status, CUSTOMER_STATUS)),
    check('customers_platform_check', sql`${t.platform} is null or ${oneOf(t.platform, PLATFORMS)}`),
    check('customers_cpf_check', sql`${t.cpf} is null or ${t.cpf} ~ '^[0-9]{11}$'`),
  ],
);

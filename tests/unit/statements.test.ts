import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { conditionOf, parametersOf, Statements } from '../../server/db/statements';

const dialect = new PgDialect();

/** A page of customers under `where`, as a list builds it. */
const page = (where: ReturnType<typeof and>, limit: unknown, offset: unknown) =>
  sql`select ${customers.id} from ${customers} where ${where} order by ${asc(customers.fullname)} limit ${limit} offset ${offset}`;

describe('statements compiled once per shape', () => {
  it('gives the statement and the parameters drizzle gives when it compiles the whole', () => {
    const where = and(eq(customers.status, 'ACTIVE'), ilike(customers.fullname, '%ana%'));
    const direct = dialect.sqlToQuery(page(where, 25, 50));
    const condition = conditionOf(where)!;
    expect(condition.values).toEqual({ w1: 'ACTIVE', w2: '%ana%' });
    const statements = new Statements();
    const compiled = statements.of(condition.text, () => ({
      toSQL: () =>
        dialect.sqlToQuery(page(condition.placeheld(), sql.placeholder('limit'), sql.placeholder('offset'))),
    }));
    expect(compiled.sql).toBe(direct.sql);
    expect(parametersOf(compiled, { ...condition.values, limit: 25, offset: 50 })).toEqual(direct.params);
  });

  it('compiles a shape once, and another request of that shape fills it with its own values', () => {
    const statements = new Statements();
    let builds = 0;
    const run = (status: 'ACTIVE' | 'BLOCKED') => {
      const condition = conditionOf(eq(customers.status, status))!;
      const compiled = statements.of(condition.text, () => {
        builds++;
        return { toSQL: () => dialect.sqlToQuery(page(condition.placeheld(), 10, 0)) };
      });
      return parametersOf(compiled, condition.values);
    };
    expect(run('ACTIVE')).toEqual(['ACTIVE', 10, 0]);
    expect(run('BLOCKED')).toEqual(['BLOCKED', 10, 0]);
    expect(builds).toBe(1);
  });

  it('leaves a condition whose text holds a $n of its own to be compiled whole', () => {
    expect(conditionOf(sql`${customers.fullname} <> 'R$1' and ${customers.id} = ${5}`)).toBeNull();
    expect(conditionOf(undefined)).toMatchObject({ text: '', values: {} });
  });

  it('holds a bounded number of shapes', () => {
    const statements = new Statements(2);
    let builds = 0;
    const of = (shape: string) =>
      statements.of(shape, () => {
        builds++;
        return { toSQL: () => ({ sql: shape, params: [] }) };
      });
    of('a');
    of('b');
    of('c');
    of('a');
    expect(builds).toBe(4);
  });
});

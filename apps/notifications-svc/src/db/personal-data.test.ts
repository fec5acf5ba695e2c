import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { PERSONAL_TABLES } from './personal-data';
import * as schema from './schema';

describe('personal data in the schema', () => {
  it('lists every table of the schema as personal (how a person is found) or as naming no one', () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    expect(tables.map((t) => getTableName(t)).sort()).toEqual(Object.keys(PERSONAL_TABLES).sort());
  });
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets } from '../testing/index.ts';
import { migrate, type DatabaseHandle } from './index.ts';

const postgres = dbTargets().find((t) => t.name === 'postgres');
const url = process.env.TEST_DATABASE_URL!;

describe.skipIf(!postgres)('introspection on PostgreSQL sees the working schema only', () => {
  let handle: DatabaseHandle;
  const other = `t_other_${randomBytes(4).toString('hex')}`;
  const admin = () => {
    const client = new pg.Client({ connectionString: url });
    return client.connect().then(() => client);
  };

  beforeAll(async () => {
    const client = await admin();
    await client.query(`create schema ${other}; create table ${other}.elsewhere (id int)`);
    await client.end();
    handle = await postgres!.open();
    await migrate(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    const client = await admin();
    await client.query(`drop schema if exists ${other} cascade`);
    await client.end();
  });

  it('lists its own tables with their columns, and the migrator’s only when asked', async () => {
    const schema = (handle.source as { schema: string }).schema;
    const tables = await handle.db.introspection.getTables();
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
    expect(tables.map((t) => t.name)).not.toContain('elsewhere');
    expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
    const users = tables.find((t) => t.name === 'users')!;
    expect(users.columns.find((c) => c.name === 'account')).toMatchObject({ isNullable: false, dataType: 'text' });
    const all = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(all.map((t) => t.name)).toContain('kysely_migration');
    expect(await handle.db.introspection.getSchemas()).toEqual([{ name: schema }]);
  });

  it('migrates while another schema is dropped beside it', async () => {
    const client = await admin();
    const dropping = (async () => {
      for (let i = 0; i < 20; i++) {
        const name = `${other}_${i}`;
        await client.query(`create schema ${name}; create table ${name}.t (id serial, v text)`);
        await client.query(`drop schema ${name} cascade`);
      }
    })();
    for (let i = 0; i < 20; i++) await migrate(handle.db);
    await dropping;
    await client.end();
    expect(await handle.db.introspection.getSchemas()).toHaveLength(1);
  });
});

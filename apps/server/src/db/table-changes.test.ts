import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './index.ts';
import { createRowMemo, createTableChanges, type TableChanges } from './table-changes.ts';

interface Row {
  id: string;
  name: string;
}

describe('rows kept between writes (SQLite)', () => {
  let handle: DatabaseHandle;
  let changes: TableChanges;
  // The tests' own tables, outside the app schema.
  const db = () => handle.db as unknown as Kysely<{ item: Row; other: Row }>;

  beforeEach(async () => {
    handle = openDatabase({ file: ':memory:' });
    changes = handle.changes!;
    await db()
      .schema.createTable('item')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .execute();
    await db()
      .schema.createTable('other')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text')
      .execute();
    await db().insertInto('item').values({ id: 'a', name: 'first' }).execute();
  });
  afterEach(() => handle.close());

  /** A memo over `item` that counts its reads. */
  function itemMemo() {
    let reads = 0;
    const memo = createRowMemo<Row>(changes, { name: 'test', tables: ['item'], maxEntries: 10 });
    const get = (id: string) =>
      memo.get(id, async () => {
        reads += 1;
        return db().selectFrom('item').selectAll().where('id', '=', id).executeTakeFirst();
      });
    return { get, reads: () => reads };
  }

  it('serves a row from memory until a write to its table, then reads the new row', async () => {
    const { get, reads } = itemMemo();
    expect(await get('a')).toEqual({ id: 'a', name: 'first' });
    expect(await get('a')).toEqual({ id: 'a', name: 'first' });
    expect(reads()).toBe(1);

    await db().updateTable('item').set({ name: 'second' }).where('id', '=', 'a').execute();
    expect(await get('a')).toEqual({ id: 'a', name: 'second' });
    expect(reads()).toBe(2);
  });

  it('a write to another table keeps the row; deletes, inserts, raw SQL and transactions move it', async () => {
    const { get, reads } = itemMemo();
    await get('a');
    await db().insertInto('other').values({ id: 'x', name: 'elsewhere' }).execute();
    await db().selectFrom('item').selectAll().execute();
    await sql`select count(*) from item`.execute(db());
    await get('a');
    expect(reads()).toBe(1);

    await sql`update item set name = ${'raw'} where id = ${'a'}`.execute(db());
    expect((await get('a'))?.name).toBe('raw');
    await db()
      .transaction()
      .execute(async (trx) =>
        trx.updateTable('item').set({ name: 'in a transaction' }).where('id', '=', 'a').execute(),
      );
    expect((await get('a'))?.name).toBe('in a transaction');
    await db().deleteFrom('item').where('id', '=', 'a').execute();
    expect(await get('a')).toBeUndefined();
    await db().insertInto('item').values({ id: 'a', name: 'back' }).execute();
    expect((await get('a'))?.name).toBe('back');
    expect(reads()).toBe(5);
  });

  it('a missing row is not kept: it is read again each time and found once it exists', async () => {
    const { get, reads } = itemMemo();
    expect(await get('b')).toBeUndefined();
    expect(await get('b')).toBeUndefined();
    expect(reads()).toBe(2);
  });

  it('a read that overlaps a write is not trusted afterwards', async () => {
    const memo = createRowMemo<Row>(changes, { name: 'test', tables: ['item'], maxEntries: 10 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The read takes the old row, then waits while the write lands, as a slow read would.
    const slow = memo.get('a', async () => {
      const row = await db().selectFrom('item').selectAll().where('id', '=', 'a').executeTakeFirst();
      await gate;
      return row;
    });
    await db().updateTable('item').set({ name: 'changed' }).where('id', '=', 'a').execute();
    release();
    expect((await slow)?.name).toBe('first');
    const fresh = await memo.get('a', () =>
      db().selectFrom('item').selectAll().where('id', '=', 'a').executeTakeFirst(),
    );
    expect(fresh?.name).toBe('changed');
  });

  it('keeps at most its bound of rows', async () => {
    const memo = createRowMemo<Row>(changes, { name: 'test', tables: ['item'], maxEntries: 2 });
    let reads = 0;
    const get = (id: string) => memo.get(id, async () => ((reads += 1), { id, name: id }));
    await get('1');
    await get('2');
    await get('3');
    await get('3');
    await get('1');
    expect(reads).toBe(4);
  });

  it('a commit by another connection to the same file (a seed run on a live database) moves the stamp', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-changes-'));
    const file = path.join(dir, 'atrium.db');
    const server = openDatabase({ file });
    const other = openDatabase({ file });
    try {
      const serverDb = server.db as unknown as Kysely<{ item: Row }>;
      await serverDb.schema
        .createTable('item')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .execute();
      await serverDb.insertInto('item').values({ id: 'a', name: 'first' }).execute();
      const memo = createRowMemo<Row>(server.changes, { name: 'test', tables: ['item'], maxEntries: 10 });
      const read = () => serverDb.selectFrom('item').selectAll().where('id', '=', 'a').executeTakeFirst();
      expect((await memo.get('a', read))?.name).toBe('first');

      await (other.db as unknown as Kysely<{ item: Row }>).updateTable('item').set({ name: 'seeded' }).execute();
      expect((await memo.get('a', read))?.name).toBe('seeded');
    } finally {
      await other.close();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('while nothing reports other writers (PostgreSQL without a feed) every get reads', async () => {
    const memo = createRowMemo<Row>(createTableChanges({ live: false }), {
      name: 'test',
      tables: ['item'],
      maxEntries: 10,
    });
    let reads = 0;
    const read = async () => ((reads += 1), { id: 'a', name: 'x' });
    await memo.get('a', read);
    await memo.get('a', read);
    expect(reads).toBe(2);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteTestDatabase } from '../testing/index.ts';
import { migrate, openDatabase, type DatabaseHandle } from './index.ts';
import { openSqliteReaders, type SqliteReaders } from './sqlite-readers.ts';

describe('SQLite reader threads', () => {
  let handle: DatabaseHandle;
  let readers: SqliteReaders;

  beforeAll(async () => {
    handle = openSqliteTestDatabase();
    await migrate(handle.db);
    readers = openSqliteReaders(handle, 2);
  });
  afterAll(async () => {
    await readers.close();
    await handle.close();
  });

  const grade = (id: string, level: number) => ({
    id,
    full_name: `Grade ${id}`,
    en_code: `g-${id}`,
    grade_level: level,
    description: null,
    enabled: 1,
    sort_code: 0,
    version: 0,
    created_at: 1,
    created_by: null,
    updated_at: null,
    updated_by: null,
  });

  it('reads in threads of their own, and sees each commit of the writer at once', async () => {
    expect(readers.reads).not.toBe(handle.db);
    await handle.db.insertInto('job_grade').values(grade('a', 1)).execute();
    const first = await readers.reads.selectFrom('job_grade').select(['id', 'grade_level']).execute();
    expect(first).toEqual([{ id: 'a', grade_level: 1 }]);
    await handle.db.updateTable('job_grade').set({ grade_level: 7 }).where('id', '=', 'a').execute();
    const after = await readers.reads
      .selectFrom('job_grade')
      .select('grade_level')
      .where('id', '=', 'a')
      .executeTakeFirstOrThrow();
    expect(after.grade_level).toBe(7);
  });

  it('answers many reads at once, each its own rows, with bound parameters', async () => {
    await handle.db
      .insertInto('job_grade')
      .values(Array.from({ length: 50 }, (_, i) => grade(`m${i}`, i)))
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        readers.reads
          .selectFrom('job_grade')
          .select(['id', 'grade_level'])
          .where('id', '=', `m${i % 50}`)
          .executeTakeFirstOrThrow(),
      ),
    );
    answers.forEach((row, i) => expect(row).toEqual({ id: `m${i % 50}`, grade_level: i % 50 }));
  });

  it('streams a query as one chunk of its rows', async () => {
    const ids: string[] = [];
    for await (const row of readers.reads
      .selectFrom('job_grade')
      .select('id')
      .where('id', 'like', 'm1%')
      .orderBy('id')
      .stream())
      ids.push(row.id);
    expect(ids).toEqual(['m1', 'm10', 'm11', 'm12', 'm13', 'm14', 'm15', 'm16', 'm17', 'm18', 'm19']);
  });

  it('refuses anything but a read, and reports a bad statement; the threads keep serving', async () => {
    await expect(readers.reads.deleteFrom('job_grade').execute()).rejects.toThrow(/return rows|readonly/i);
    await expect(sql`select * from no_such_table`.execute(readers.reads)).rejects.toThrow(/no such table/);
    expect(await handle.db.selectFrom('job_grade').select('id').execute()).toHaveLength(51);
    const { n } = await readers.reads
      .selectFrom('job_grade')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(51);
  });

  it('is the database itself where no other connection can open it: in memory, or with 0 threads', async () => {
    const memory = openDatabase({ file: ':memory:' });
    expect(openSqliteReaders(memory, 2).reads).toBe(memory.db);
    await memory.close();
    expect(openSqliteReaders(handle, 0).reads).toBe(handle.db);
  });
});

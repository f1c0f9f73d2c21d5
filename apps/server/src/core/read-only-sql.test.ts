import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type DatabaseHandle } from '../db/index.ts';
import { dbTargets } from '../testing/index.ts';
import { AppError } from './errors.ts';
import { bindReadOnlySql, runReadOnlyQueries, runReadOnlySql, withoutTrailingOrderBy } from './read-only-sql.ts';

const keyOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.messageKey : String(error);
  }
};

describe('bindReadOnlySql', () => {
  it('binds {name} and @name outside literals and comments, expanding lists', () => {
    const bound = bindReadOnlySql(
      'sqlite',
      'select \'{a} @b\' as t, "{a}" from x where a = {a} and b in (@b) -- {a}\n and c = @c',
      { a: 1, '@b': [2, 3], c: 'z' },
    );
    expect(bound.text).toBe('select \'{a} @b\' as t, "{a}" from x where a = ? and b in (?, ?)   and c = ?');
    expect(bound.values).toEqual([1, 2, 3, 'z']);
    const pg = bindReadOnlySql('postgres', 'select {a}, @b, @unknown', { a: 1, b: 2 });
    expect(pg.text).toBe('select $1, $2, @unknown');
    expect(bindReadOnlySql('sqlite', 'select 1 where x in (@none)', { '@none': [] }).values).toEqual([null]);
  });

  it('refuses writes, several statements, unknown parameters and empty text', () => {
    expect(keyOf(() => bindReadOnlySql('sqlite', 'delete from users'))).toBe('sqlNotReadOnly');
    expect(keyOf(() => bindReadOnlySql('sqlite', '/* x */ (update t set a = 1)'))).toBe('sqlNotReadOnly');
    expect(keyOf(() => bindReadOnlySql('sqlite', "'select' ; delete"))).toBe('sqlMultipleStatements');
    expect(keyOf(() => bindReadOnlySql('sqlite', 'select 1; select 2'))).toBe('sqlMultipleStatements');
    expect(keyOf(() => bindReadOnlySql('sqlite', 'select {nope}'))).toBe('sqlUnknownParameter');
    expect(keyOf(() => bindReadOnlySql('sqlite', ' -- only a comment'))).toBe('sqlEmpty');
    expect(keyOf(() => bindReadOnlySql('postgres', "select E'\\';delete from t'"))).toBe('ok');
    expect(keyOf(() => bindReadOnlySql('postgres', 'select $$;drop table t$$'))).toBe('ok');
    expect(keyOf(() => bindReadOnlySql('sqlite', '(select 1);'))).toBe('ok');
  });
});

describe('withoutTrailingOrderBy', () => {
  it('drops a closing top-level ORDER BY only', () => {
    expect(withoutTrailingOrderBy('sqlite', 'select a from t order by a desc')).toBe('select a from t ');
    expect(withoutTrailingOrderBy('sqlite', 'select a from t order by a limit 5')).toBe(
      'select a from t order by a limit 5',
    );
    const windowed = "select row_number() over (order by a) as n, ' order by ' from t";
    expect(withoutTrailingOrderBy('sqlite', windowed)).toBe(windowed);
    expect(withoutTrailingOrderBy('postgres', 'select a from t -- order by a')).toBe('select a from t -- order by a');
  });
});

describe.each(dbTargets())('runReadOnlySql on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await migrate(handle.db);
  });
  afterAll(() => handle.close());

  it('answers rows with bound parameters, and the connection writes normally afterwards', async () => {
    const rows = await runReadOnlySql(handle.db, handle.dialect, 'select {a} as a, @b as b', { a: 'x', b: 2 });
    expect(rows.map((r) => ({ a: r.a, b: Number(r.b) }))).toEqual([{ a: 'x', b: 2 }]);
    await expect(runReadOnlySql(handle.db, handle.dialect, 'select * from nope')).rejects.toMatchObject({
      messageKey: 'sqlFailed',
    });
    // The read-only mode ended with the call, even after a failure.
    await handle.db.insertInto('sys_config').values({ key: 'ro.test', value: '1', updated_at: 1 }).execute();
    const [a, b] = await runReadOnlyQueries(handle.db, handle.dialect, [
      { sqlText: 'select value from sys_config where key = {k}', params: { k: 'ro.test' } },
      { sqlText: 'select count(*) as n from sys_config' },
    ]);
    expect(a).toEqual([{ value: '1' }]);
    expect(Number(b![0]!.n)).toBeGreaterThan(0);
  });

  it.runIf(target.name === 'postgres')('the database refuses a write the text check lets through', async () => {
    await expect(
      runReadOnlySql(handle.db, handle.dialect, 'with d as (delete from sys_config returning key) select * from d'),
    ).rejects.toMatchObject({ messageKey: 'sqlNotReadOnly' });
    await expect(
      runReadOnlySql(handle.db, handle.dialect, 'select pg_sleep(2)', {}, { timeoutMs: 100 }),
    ).rejects.toMatchObject({
      messageKey: 'sqlTimeout',
    });
    const left = await handle.db.selectFrom('sys_config').select('key').where('key', '=', 'ro.test').execute();
    expect(left).toHaveLength(1);
  });
});

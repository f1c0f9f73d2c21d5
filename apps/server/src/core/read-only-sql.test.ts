import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { bindReadOnlySql, withoutTrailingOrderBy } from './read-only-sql.ts';

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

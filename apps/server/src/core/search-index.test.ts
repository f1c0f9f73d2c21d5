import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type DatabaseHandle, type Dialect } from '../db/index.ts';
import { seedDemo } from '../seed/demo.ts';
import { seedLarge } from '../seed/large.ts';
import { AREA_SEARCH_LIMIT, listAreas } from '../modules/system/area/area-service.ts';
import { areaSearch } from '../modules/system/area/area-search.ts';
import { listUsers, userSearch } from '../modules/permission/users.ts';
import { dbTargets } from '../testing/index.ts';
import { searchIndex, type SearchIndex } from './search-index.ts';
import { containsAny } from './sql.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- scratch tables are made here, outside the schema types. */
type AnyDb = Kysely<any>;

type Where = Expression<SqlBool> | ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>);

/** Keys of the rows the condition selects, sorted. */
async function keysWhere(db: AnyDb, index: SearchIndex, where: Where): Promise<string[]> {
  const rows = await db.selectFrom(index.table).select(index.key).where(where).execute();
  return rows.map((r) => String(r[index.key])).sort();
}

/** The plain substring scan the index replaces (core/sql.ts): LIKE on SQLite, ILIKE on PostgreSQL. */
const reference =
  (index: SearchIndex, dialect: Dialect, keyword: string) =>
  (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    containsAny(
      eb,
      dialect,
      index.columns.map((c) => `${index.table}.${c}`),
      keyword,
    );

/** Every way the index answers a keyword, next to the scan; all must be the same rows. */
async function answers(db: AnyDb, dialect: Dialect, index: SearchIndex, keyword: string) {
  const [expected, chosen, indexed, scanned] = await Promise.all([
    keysWhere(db, index, reference(index, dialect, keyword)),
    keysWhere(db, index, await index.condition(db, dialect, keyword)),
    keysWhere(db, index, index.matches(dialect, keyword)),
    keysWhere(db, index, index.matches(dialect, keyword, { scan: true })),
  ]);
  return { keyword, expected, chosen, indexed, scanned };
}

async function expectSameAsScan(db: AnyDb, dialect: Dialect, index: SearchIndex, keywords: readonly string[]) {
  for (const keyword of keywords) {
    const a = await answers(db, dialect, index, keyword);
    expect({ keyword, rows: a.chosen }).toEqual({ keyword, rows: a.expected });
    expect({ keyword, rows: a.indexed }).toEqual({ keyword, rows: a.expected });
    expect({ keyword, rows: a.scanned }).toEqual({ keyword, rows: a.expected });
  }
}

/** One-, two- and longer keywords: Chinese, Latin in mixed case, digits, wildcards, quotes, FTS syntax. */
const KEYWORDS = [
  // one character
  '1',
  '0',
  '市',
  '街',
  '区',
  'a',
  'A',
  'm',
  'Q',
  '%',
  '_',
  '"',
  "'",
  '*',
  '\\',
  '-',
  '.',
  '@',
  // two characters
  '南山',
  '北京',
  '东城',
  '员工',
  '街道',
  '11',
  '05',
  '39',
  'ad',
  'AD',
  'Ma',
  'eR',
  '%_',
  'a%',
  '"a',
  'x"',
  '**',
  '10',
  // three and more
  '南山区',
  '东华门',
  '街道办',
  '北京市',
  '110105',
  '4403',
  '440305',
  'admin',
  'ADMIN',
  'MaNaGeR',
  'staff',
  '员工004',
  '员工0',
  '员工00123',
  'user00',
  'USER0012',
  '13900000',
  '1390000012',
  'a"b',
  "o'r",
  '%%%',
  '___',
  'a_b',
  '1_1',
  '11%',
  'NEAR',
  'AND',
  'OR b',
  'NOT',
  '"*"',
  '^ab',
  'col:abc',
  'full_name:北',
  '{a b}',
  '(x)',
  'zzzz',
  'x'.repeat(50),
];

describe.each(dbTargets())('search index on $name', (target) => {
  let database: DatabaseHandle;
  let db: AnyDb;
  let dialect: Dialect;

  beforeAll(async () => {
    database = await target.open();
    db = database.db;
    dialect = database.dialect;
    await migrate(database.db);
    await seedDemo(database.db);
    await seedLarge(database.db);
    // The planner's estimates come from statistics, which autovacuum would gather after the seed.
    if (dialect === 'postgres') await sql`analyze`.execute(db);
  }, 120_000);
  afterAll(() => database.close());

  it('areas: the index answers exactly what the substring scan answers', async () => {
    await expectSameAsScan(db, dialect, areaSearch, KEYWORDS);
  });

  it('users (demo and large seeds): the index answers exactly what the substring scan answers', async () => {
    await expectSameAsScan(db, dialect, userSearch, KEYWORDS);
  });

  it('calls a keyword bounded only when the index admits few rows, with the same rows as the scan', async () => {
    const counted = async (keyword: string) =>
      (await keysWhere(db, userSearch, reference(userSearch, dialect, keyword))).length;
    // "员工" is in every one of the 10 000 large-seed names; "员工0042" in a handful, though its
    // trigram "员工0" is in every name; no name holds "zzz".
    for (const keyword of ['员工', '员工0042', '员工00123', 'zzzz', 'admin', '']) {
      const { condition, bounded } = await userSearch.lookup(db, dialect, keyword);
      expect(await keysWhere(db, userSearch, condition)).toEqual(
        await keysWhere(db, userSearch, reference(userSearch, dialect, keyword)),
      );
      const few = keyword !== '' && (await counted(keyword)) <= 1000;
      // SQLite counts in the index; PostgreSQL goes by the planner's estimate, which may call a
      // common short keyword rare (then a list pays one full count, as it would anyway).
      if (dialect === 'sqlite' || few) expect({ keyword, bounded }).toEqual({ keyword, bounded: few });
      else if (keyword === '') expect(bounded).toBe(false);
    }
  });

  it('the area and users lists answer as the scan did, with their order, limits, pages and counts', async () => {
    const areas = new Map(
      (await database.db.selectFrom('area').select(['id', 'parent_id', 'full_name']).execute()).map((a) => [a.id, a]),
    );
    const pathOf = (id: string): string => {
      const names: string[] = [];
      for (let a = areas.get(id); a; a = areas.get(a.parent_id)) names.unshift(a.full_name);
      return names.join('/');
    };
    for (const keyword of ['南山', '街道', '市', '1', '110105', 'xyz', '%']) {
      const listed = await listAreas(database.db, dialect, '-1', { keyword, enabledOnly: false });
      const scanned = await database.db
        .selectFrom('area')
        .select('id')
        .where((eb) => containsAny(eb, dialect, ['area.full_name', 'area.en_code', 'area.quick_query'], keyword))
        .orderBy('type')
        .orderBy('sort_code')
        .orderBy('en_code')
        .limit(AREA_SEARCH_LIMIT)
        .execute();
      expect({ keyword, areas: listed.map((a) => `${a.id} ${a.fullPath}`) }).toEqual({
        keyword,
        areas: scanned.map((a) => `${a.id} ${pathOf(a.id)}`),
      });
    }
    // A tree deeper than province..street (written with raw SQL) still gets whole paths.
    const street = await database.db.selectFrom('area').select('id').where('type', '=', 4).executeTakeFirstOrThrow();
    await sql`insert into area (id, parent_id, en_code, full_name, type, created_at)
      values ('deep-1', ${street.id}, 'deep-1', '深层一', 5, 0), ('deep-2', 'deep-1', 'deep-2', '深层二', 6, 0)`.execute(
      db,
    );
    const deep = await listAreas(database.db, dialect, '-1', { keyword: '深层', enabledOnly: false });
    const streetPath = pathOf(street.id);
    expect(deep.map((a) => a.fullPath)).toEqual([`${streetPath}/深层一`, `${streetPath}/深层一/深层二`]);
    await sql`delete from area where id in ('deep-2', 'deep-1')`.execute(db);

    for (const keyword of ['员工004', '员工', 'user0', '9', 'MANAGER', '晓梅', '%']) {
      for (const currentPage of [1, 3]) {
        const query = { keyword, currentPage, pageSize: 20, sort: 'desc' as const, sidx: '' };
        const page = await listUsers(database.db, dialect, query);
        const base = database.db
          .selectFrom('users')
          .where((eb) => containsAny(eb, dialect, ['users.account', 'users.real_name', 'users.mobile_phone'], keyword));
        const ids = await base
          .select('users.id')
          .orderBy('users.sort_code')
          .orderBy('users.id')
          .limit(20)
          .offset((currentPage - 1) * 20)
          .execute();
        const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
        expect({ keyword, currentPage, ids: page.list.map((u) => u.id), total: page.pagination.total }).toEqual({
          keyword,
          currentPage,
          ids: ids.map((u) => u.id),
          total: Number(total),
        });
      }
    }
  });

  it.runIf(target.name === 'postgres')(
    'PostgreSQL looks a long keyword up in the joined-text index, and upgrade replaces a per-column index',
    async () => {
      const plan = async () =>
        (
          await sql<{ 'QUERY PLAN': string }>`explain select count(*) from users
            where ${userSearch.matches(dialect, '员工004')}`.execute(db)
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      expect(await plan()).toContain('users__search_text');

      // A database indexed before: one trigram index per column, and no joined one.
      await sql`drop index users__search_text`.execute(db);
      await sql`create index users__search_trgm on users using gin (account public.gin_trgm_ops,
        real_name public.gin_trgm_ops, mobile_phone public.gin_trgm_ops)`.execute(db);
      await userSearch.upgrade(db);
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
        where schemaname = current_schema() and tablename = 'users' and indexname like 'users__search%'
        order by indexname`.execute(db);
      expect(indexes.rows.map((r) => r.indexname)).toEqual(['users__search_chars', 'users__search_text']);
      expect(await plan()).toContain('users__search_text');
      // Run again, it finds nothing to do.
      await userSearch.upgrade(db);
      await expectSameAsScan(db, dialect, userSearch, KEYWORDS);
    },
  );

  it.skipIf(target.name !== 'postgres')(
    'PostgreSQL asks the trigram index for the rare pieces of a long keyword, not the one every name holds',
    async () => {
      // Every large-seed name starts with "员工0"; "员工0042" is in a handful.
      const { condition } = await userSearch.lookup(db, dialect, '员工0042');
      const { parameters } = db.selectFrom('users').select('id').where(condition).compile();
      expect(parameters).not.toContain('%员工0%');
      expect(parameters).toContain('%042%');
      expect(await keysWhere(db, userSearch, condition)).toEqual(
        await keysWhere(db, userSearch, reference(userSearch, dialect, '员工0042')),
      );
    },
  );

  describe('a table indexed at run time', () => {
    const note = searchIndex({ table: 'search_test_note', columns: ['title', 'body'] });
    const all = () => db.selectFrom('search_test_note').select('id').execute();
    const rows: [string, string, string | null][] = [
      ['n1', 'Quarterly Report', 'revenue 100% up_to plan'],
      ['n2', '南山区 街道', null],
      ['n3', 'ÉCOLE élémentaire', 'straße STRASSE'],
      ['n4', 'a', 'b'],
      ['n5', 'ab', ''],
      ['n6', "quote \" and 'single'", 'back\\slash * ^ : { } ( )'],
      ['n7', 'x\u0001y', 'tab\there'],
      ['n8', 'NEAR AND OR NOT', 'col:abc'],
    ];
    const keywords = [
      ...KEYWORDS,
      'é',
      'É',
      'éc',
      'ÉC',
      'ÉCOLE',
      'école',
      'ß',
      'SS',
      'straße',
      'b',
      'ab',
      'Ab',
      'x\u0001',
      '\u0001',
      'y',
      'tab\th',
      '\t',
      '100%',
      'up_to',
      'p_t',
      '" a',
      '\\s',
      'h *',
      '{ }',
      'Report',
      'rEPORT',
    ];

    beforeAll(async () => {
      await sql`create table search_test_note (id text primary key, title text not null, body text)`.execute(db);
      // Rows already there when the index is built are found too (migrations build over existing data).
      for (const [id, title, body] of rows.slice(0, 4))
        await sql`insert into search_test_note (id, title, body) values (${id}, ${title}, ${body})`.execute(db);
      await note.create(db);
      for (const [id, title, body] of rows.slice(4))
        await sql`insert into search_test_note (id, title, body) values (${id}, ${title}, ${body})`.execute(db);
    });

    it('answers exactly what the scan answers, case and wildcards included', async () => {
      expect(await all()).toHaveLength(rows.length);
      await expectSameAsScan(db, dialect, note, keywords);
      expect((await answers(db, dialect, note, 'report')).indexed).toEqual(['n1']);
      expect((await answers(db, dialect, note, 'P_T')).indexed).toEqual(['n1']);
      expect((await answers(db, dialect, note, '%')).indexed).toEqual(['n1']);
      expect((await answers(db, dialect, note, 'b')).indexed).toEqual(['n4', 'n5', 'n6', 'n7', 'n8']);
    });

    it('follows updates, key changes, deletes and replaces made with raw SQL', async () => {
      await sql`update search_test_note set title = 'Annual Summary' where id = 'n1'`.execute(db);
      await sql`update search_test_note set body = 'ab' where id = 'n2'`.execute(db);
      await sql`update search_test_note set id = 'n4b' where id = 'n4'`.execute(db);
      await sql`delete from search_test_note where id = 'n5'`.execute(db);
      if (dialect === 'sqlite')
        await sql`insert or replace into search_test_note (id, title, body) values ('n6', 'replaced', 'zz')`.execute(
          db,
        );
      else
        await sql`insert into search_test_note (id, title, body) values ('n6', 'replaced', 'zz')
          on conflict (id) do update set title = excluded.title, body = excluded.body`.execute(db);
      await sql`update search_test_note set body = upper(body)`.execute(db);
      expect((await answers(db, dialect, note, 'report')).indexed).toEqual([]);
      expect((await answers(db, dialect, note, 'summary')).indexed).toEqual(['n1']);
      expect((await answers(db, dialect, note, 'ab')).indexed).toEqual(['n2', 'n7', 'n8']);
      expect((await answers(db, dialect, note, 'b')).indexed).toEqual(['n2', 'n4b', 'n7', 'n8']);
      expect((await answers(db, dialect, note, 'quote')).indexed).toEqual([]);
      expect((await answers(db, dialect, note, 'ZZ')).indexed).toEqual(['n6']);
      await expectSameAsScan(db, dialect, note, keywords);
    });

    it('stays exact while writes and searches run at the same time', async () => {
      const names = ['alpha', 'beta', 'gamma', '南山', '北京市', 'delta'];
      const writer = async (w: number) => {
        for (let i = 0; i < 25; i++) {
          const id = `c${w}-${i}`;
          const title = `${names[(w + i) % names.length]} ${i}`;
          await sql`insert into search_test_note (id, title, body) values (${id}, ${title}, ${'x'})`.execute(db);
          if (i % 3 === 0)
            await sql`update search_test_note set title = ${`${names[i % names.length]}!`} where id = ${id}`.execute(
              db,
            );
          if (i % 4 === 0) await sql`delete from search_test_note where id = ${`c${w}-${i - 1}`}`.execute(db);
        }
      };
      // Each search reads the index and the scan in one snapshot: both must see the same rows.
      const searcher = async (s: number) => {
        const failures: string[] = [];
        for (let i = 0; i < 20; i++) {
          const keyword = [...names, 'a', '南', 'ta'][(s + i) % (names.length + 3)]!;
          const run = async (trx: AnyDb) => {
            const [expected, indexed] = [
              await keysWhere(trx, note, reference(note, dialect, keyword)),
              await keysWhere(trx, note, note.matches(dialect, keyword)),
            ];
            if (JSON.stringify(expected) !== JSON.stringify(indexed)) failures.push(keyword);
          };
          if (dialect === 'postgres') await db.transaction().setIsolationLevel('repeatable read').execute(run);
          else await db.transaction().execute(run);
        }
        return failures;
      };
      const results = await Promise.all([writer(0), writer(1), writer(2), searcher(0), searcher(1), searcher(2)]);
      expect(results.filter(Array.isArray).flat()).toEqual([]);
      await expectSameAsScan(db, dialect, note, [...names, 'a', '南', 'ta', '1', '2']);
    });

    it('drops cleanly, leaving the table searchable by scan', async () => {
      await note.drop(db);
      expect(await keysWhere(db, note, note.matches(dialect, 'alpha', { scan: true }))).not.toEqual([]);
      await note.create(db);
      await expectSameAsScan(db, dialect, note, ['alpha', 'al', 'a', '南山']);
    });

    it('composes with other filters and a renamed table', async () => {
      const rows = await db
        .selectFrom('search_test_note as t')
        .select('t.id')
        .where(note.matches(dialect, 'alpha', { as: 't' }))
        .where('t.id', 'like', 'c0-%')
        .orderBy('t.id')
        .execute();
      const scanned = await db
        .selectFrom('search_test_note as t')
        .select('t.id')
        .where(note.matches(dialect, 'alpha', { as: 't', scan: true }))
        .where('t.id', 'like', 'c0-%')
        .orderBy('t.id')
        .execute();
      expect(rows).toEqual(scanned);
      expect(rows.length).toBeGreaterThan(0);
    });
  });
});

import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index.ts';
import { keepPrepared } from './prepared.ts';
import { isRead } from './table-changes.ts';

const compiled = new WeakMap<Db, Map<string, CompiledQuery>>();

/** The query `name` of this database, compiled by `build` on first use; only reads are taken. */
function compiledOnce<R>(db: Db, name: string, build: () => Compilable<R>): CompiledQuery {
  let perDb = compiled.get(db);
  if (!perDb) compiled.set(db, (perDb = new Map()));
  let query = perDb.get(name);
  if (!query) {
    query = build().compile();
    if (!isRead(query.query)) throw new Error(`reuse('${name}') takes only reads; this statement writes`);
    keepPrepared(query.sql);
    perDb.set(name, query);
  }
  return query;
}

/**
 * Runs a query whose SQL is built once per database and then reused with new parameters. Kept for
 * the few lookups every signed-in request makes, where building and compiling the query costs more
 * than running it. `build` must produce the same SQL whatever the parameter values, and must be a
 * read: a reused write would be one whose parameters are easy to mix up, and the memos that sit on
 * these reads assume they change nothing.
 */
export async function reuse<R>(
  db: Db,
  name: string,
  build: () => Compilable<R>,
  parameters: readonly unknown[],
): Promise<R[]> {
  const query = compiledOnce(db, name, build);
  const result = await db.executeQuery<R>({ ...query, parameters } as CompiledQuery<R>);
  return result.rows;
}

/** Where a named value goes in a reused query while it is built (see reuseWith). */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * reuse() for a query made by code that takes its values as arguments (a list built by the same
 * functions its filtered variants use): `build` runs once with a stand-in for each named value, and
 * each run puts the values where their stand-ins went. `build` must not look at the values, only
 * pass them on into the query.
 */
export async function reuseWith<R, V extends Record<string, unknown>>(
  db: Db,
  name: string,
  build: (values: V) => Compilable<R>,
  values: V,
): Promise<R[]> {
  const query = compiledOnce(db, name, () =>
    build(Object.fromEntries(Object.keys(values).map((key) => [key, new Slot(key)])) as unknown as V),
  );
  const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.name] : p));
  const result = await db.executeQuery<R>({ ...query, parameters } as CompiledQuery<R>);
  return result.rows;
}

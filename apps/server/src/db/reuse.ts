import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index.ts';

const compiled = new WeakMap<Db, Map<string, CompiledQuery>>();

/**
 * Runs a query whose SQL is built once per database and then reused with new parameters. Kept for
 * the few lookups every signed-in request makes, where building and compiling the query costs more
 * than running it. `build` must produce the same SQL whatever the parameter values.
 */
export async function reuse<R>(
  db: Db,
  name: string,
  build: () => Compilable<R>,
  parameters: readonly unknown[],
): Promise<R[]> {
  let perDb = compiled.get(db);
  if (!perDb) compiled.set(db, (perDb = new Map()));
  let query = perDb.get(name);
  if (!query) perDb.set(name, (query = build().compile()));
  const result = await db.executeQuery<R>({ ...query, parameters } as CompiledQuery<R>);
  return result.rows;
}

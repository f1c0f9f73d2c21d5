import { sql } from 'kysely';
import type { Db, Dialect } from './index.ts';
import { LOGICAL_CASCADES, type RowMemoDeclaration } from './table-changes.ts';

/**
 * For every table, the tables whose deletes remove its rows: foreign keys declared `on delete
 * cascade`, followed transitively, plus the deletes services carry out by hand (LOGICAL_CASCADES).
 * Read from the live schema, so a test can hold every row memo to what the database really does.
 */
export async function cascadeParents(db: Db, dialect: Dialect): Promise<Map<string, string[]>> {
  const direct = new Map<string, Set<string>>();
  const add = (child: string, parent: string) => {
    if (child === parent) return;
    const set = direct.get(child) ?? new Set<string>();
    set.add(parent);
    direct.set(child, set);
  };
  for (const [child, parents] of Object.entries(LOGICAL_CASCADES)) for (const parent of parents) add(child, parent);

  if (dialect === 'postgres') {
    const { rows } = await sql<{ child: string; parent: string }>`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c
      where c.contype = 'f' and c.confdeltype = 'c'
        and c.connamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(db);
    for (const { child, parent } of rows) add(bare(child), bare(parent));
  } else {
    const { rows: tables } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    for (const { name } of tables) {
      const { rows } = await sql<{ table: string; on_delete: string }>`
        select "table", on_delete from pragma_foreign_key_list(${name})`.execute(db);
      for (const fk of rows) if (fk.on_delete.toUpperCase() === 'CASCADE') add(name, fk.table);
    }
  }

  // A grandparent's delete reaches the grandchild through the child: close the relation.
  const closed = new Map<string, string[]>();
  for (const child of direct.keys()) {
    const seen = new Set<string>();
    const queue = [...direct.get(child)!];
    while (queue.length > 0) {
      const parent = queue.pop()!;
      if (seen.has(parent) || parent === child) continue;
      seen.add(parent);
      queue.push(...(direct.get(parent) ?? []));
    }
    closed.set(child, [...seen].sort());
  }
  return closed;
}

/** A schema-qualified or quoted name as the plain table name the memos use. */
const bare = (name: string) => name.replace(/^.*\./, '').replace(/"/g, '');

/** The tables whose deletes reach a memo's rows but that the memo does not watch. */
export function missingDependencies(
  memo: RowMemoDeclaration,
  parents: ReadonlyMap<string, readonly string[]>,
): string[] {
  const watched = new Set(memo.tables);
  const missing = new Set<string>();
  for (const table of memo.tables)
    for (const parent of parents.get(table) ?? []) if (!watched.has(parent)) missing.add(parent);
  return [...missing].sort();
}

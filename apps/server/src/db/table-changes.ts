import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
} from 'kysely';

/**
 * Counts the writes this process makes, per table. On SQLite the server is normally the database's
 * only writer, so rows read since the last write to their tables are still what the database holds:
 * the few reads every signed-in request makes (its session, its user) can then come from memory.
 * A commit by another process (`npm run seed` on a live file) moves every stamp, through SQLite's
 * own data version.
 */
export interface TableChanges {
  /** Moves whenever any of `tables` may have been written; equal stamps mean no write between. */
  stamp(tables: readonly string[]): number;
  readonly plugin: KyselyPlugin;
}

/** The table a write names, or undefined when the statement is not one this can read (DDL, raw SQL). */
function writtenTable(node: OperationNode): string | undefined {
  const target = InsertQueryNode.is(node)
    ? node.into
    : UpdateQueryNode.is(node)
      ? node.table
      : DeleteQueryNode.is(node) && node.from.froms.length === 1
        ? node.from.froms[0]
        : undefined;
  const table = target && AliasNode.is(target) ? target.node : target;
  return table && TableNode.is(table) ? table.table.identifier.name : undefined;
}

const READING = /^\s*(select|with|pragma|explain)\b/i;

function isRead(node: OperationNode): boolean {
  if (SelectQueryNode.is(node)) return true;
  if (!RawNode.is(node)) return false;
  const first = node.sqlFragments[0] ?? '';
  // A CTE may still write (`with … delete`); only a plain select-led raw query counts as a read.
  return READING.test(first) && !/\b(insert|update|delete|replace)\b/i.test(first);
}

export function createTableChanges(dataVersion: () => number = () => 0): TableChanges {
  const counts = new Map<string, number>();
  // Writes whose table is not known, and other processes' commits, move every stamp.
  let unknown = 0;
  let lastDataVersion = dataVersion();
  const pending = new WeakMap<QueryId, string | null>();

  const bump = (table: string | null) => {
    if (table === null) unknown += 1;
    else counts.set(table, (counts.get(table) ?? 0) + 1);
  };

  return {
    stamp(tables) {
      const version = dataVersion();
      if (version !== lastDataVersion) {
        lastDataVersion = version;
        unknown += 1;
      }
      let sum = unknown;
      for (const table of tables) sum += counts.get(table) ?? 0;
      return sum;
    },
    plugin: {
      // Counted before the statement runs and again once it has: a read that started in between
      // (and may have seen the old rows) then carries a stamp that no longer matches.
      transformQuery({ node, queryId }: PluginTransformQueryArgs) {
        if (!isRead(node)) {
          const table = writtenTable(node) ?? null;
          pending.set(queryId, table);
          bump(table);
        }
        return node;
      },
      async transformResult({ queryId, result }: PluginTransformResultArgs) {
        const table = pending.get(queryId);
        if (table !== undefined) bump(table);
        return result;
      },
    },
  };
}

/**
 * Rows kept by key while no write touched their tables. Without `changes` (PostgreSQL, where other
 * instances write too) every get reads. A missing row is not kept, so unknown keys cost no memory.
 * One row object serves many requests: callers read it and never change it.
 */
export function createRowMemo<V extends object>(
  changes: TableChanges | null,
  tables: readonly string[],
  maxEntries: number,
) {
  const entries = new Map<string, { stamp: number; value: V }>();
  return {
    async get(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
      if (!changes) return read();
      const stamp = changes.stamp(tables);
      const hit = entries.get(key);
      if (hit && hit.stamp === stamp) return hit.value;
      const value = await read();
      if (value === undefined) {
        entries.delete(key);
        return undefined;
      }
      if (!hit && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { stamp, value });
      return value;
    },
  };
}

export type RowMemo<V extends object> = ReturnType<typeof createRowMemo<V>>;

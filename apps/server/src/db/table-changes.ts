import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type OperationNode,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Knows which tables may have changed since a row was read, so the few rows every signed-in request
 * needs (its session, its user, the revisions) can come from memory until a write touches them.
 *
 * Writes are seen at the driver: a statement outside a transaction counts once it has run, and the
 * tables a transaction wrote count when it commits (or rolls back), so a read that overlapped the
 * write carries a stamp that no longer matches. The writes of other processes arrive through
 * `written` (another instance's committed tables, published over Redis) and, on SQLite, through the
 * file's own data version. While nothing reports other writers' changes (`live` false: PostgreSQL
 * without a feed, or a feed that dropped) every memo reads through.
 */
export interface TableChanges {
  /** Moves whenever any of `tables` may have been written; equal stamps mean no write between. */
  stamp(tables: readonly string[]): number;
  /** Whether stamps can be trusted: every writer's commits reach this process. */
  readonly live: boolean;
  setLive(live: boolean): void;
  /** Counts a write by someone else: the tables named, or every table (null). */
  written(tables: readonly string[] | null): void;
  /** Calls `listener` with the tables of each of this process's committed writes (null: unknown). */
  onCommit(listener: (tables: readonly string[] | null) => void): () => void;
  /** Wraps a dialect so that this process's writes are counted. */
  track(dialect: Dialect): Dialect;
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

const READING = /^\s*(select|with|pragma|explain|show)\b/i;

/** Whether a statement only reads: a select, or raw SQL that starts like one and names no write. */
export function isRead(node: OperationNode): boolean {
  if (SelectQueryNode.is(node)) return true;
  if (!RawNode.is(node)) return false;
  const first = node.sqlFragments[0] ?? '';
  // A CTE may still write (`with … delete`); only a plain select-led raw query counts as a read.
  return READING.test(first) && !/\b(insert|update|delete|replace|merge)\b/i.test(first);
}

/** What one connection's open transaction has written: table names, or null once a write was unknown. */
type Pending = Set<string> | null;

export function createTableChanges({
  dataVersion = () => 0,
  live: startLive = true,
}: { dataVersion?: () => number; live?: boolean } = {}): TableChanges {
  const counts = new Map<string, number>();
  // Writes whose table is not known, other processes' unknown commits and feed gaps move every stamp.
  let unknown = 0;
  let lastDataVersion = dataVersion();
  let live = startLive;
  const listeners = new Set<(tables: readonly string[] | null) => void>();

  const bump = (tables: Iterable<string> | null) => {
    if (tables === null) unknown += 1;
    else for (const table of tables) counts.set(table, (counts.get(table) ?? 0) + 1);
  };
  const committed = (tables: Pending) => {
    const list = tables && [...tables];
    if (list && list.length === 0) return;
    bump(list);
    for (const listener of listeners) listener(list);
  };

  const changes: TableChanges = {
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
    get live() {
      return live;
    },
    setLive(next) {
      if (next === live) return;
      live = next;
      // Whatever was kept before a gap may have missed writes; whatever is kept after starts fresh.
      unknown += 1;
    },
    written: (tables) => bump(tables),
    onCommit(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    track(dialect) {
      return {
        createAdapter: () => dialect.createAdapter(),
        createQueryCompiler: () => dialect.createQueryCompiler(),
        createIntrospector: (db) => dialect.createIntrospector(db),
        createDriver: () => trackingDriver(dialect.createDriver(), committed),
      };
    },
  };
  return changes;
}

/** A driver that reports the tables each committed write touched. */
function trackingDriver(inner: Driver, committed: (tables: Pending) => void): Driver {
  const pending = new WeakMap<DatabaseConnection, { tables: Pending }>();
  const unwrap = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const innerOf = (connection: DatabaseConnection) => unwrap.get(connection) ?? connection;
  const settle = (connection: DatabaseConnection) => {
    const open = pending.get(connection);
    pending.delete(connection);
    if (open) committed(open.tables);
  };

  return {
    init: () => inner.init(),
    destroy: () => inner.destroy(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      const tracked: DatabaseConnection = {
        async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
          if (isRead(query.query)) return connection.executeQuery<R>(query);
          const table = writtenTable(query.query);
          const open = pending.get(tracked);
          if (open) {
            if (open.tables && table) open.tables.add(table);
            else open.tables = null;
            return connection.executeQuery<R>(query);
          }
          try {
            return await connection.executeQuery<R>(query);
          } finally {
            committed(table ? new Set([table]) : null);
          }
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      unwrap.set(tracked, connection);
      return tracked;
    },
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(innerOf(connection), settings);
      pending.set(connection, { tables: new Set() });
    },
    async commitTransaction(connection) {
      try {
        await inner.commitTransaction(innerOf(connection));
      } finally {
        settle(connection);
      }
    },
    async rollbackTransaction(connection) {
      try {
        await inner.rollbackTransaction(innerOf(connection));
      } finally {
        // Nothing was written, but a memo read inside the transaction may have seen its rows.
        settle(connection);
      }
    },
    ...(inner.savepoint && {
      savepoint: (connection, name, compile) => inner.savepoint!(innerOf(connection), name, compile),
    }),
    ...(inner.rollbackToSavepoint && {
      rollbackToSavepoint: (connection, name, compile) =>
        inner.rollbackToSavepoint!(innerOf(connection), name, compile),
    }),
    ...(inner.releaseSavepoint && {
      releaseSavepoint: (connection, name, compile) => inner.releaseSavepoint!(innerOf(connection), name, compile),
    }),
    releaseConnection: (connection) => inner.releaseConnection(innerOf(connection)),
  };
}

/** What a row memo keeps and what its rows depend on. */
export interface RowMemoDeclaration {
  /** For logs and the dependency test. */
  name: string;
  /**
   * Every table whose writes may change or remove a kept row: the row's own table, the tables its
   * query joins, and the tables whose deletes cascade into it (by foreign key or by the service that
   * deletes dependants, see LOGICAL_CASCADES).
   */
  tables: readonly string[];
  maxEntries: number;
}

/** Every memo declared in this process, so a test can check each against the schema's cascades. */
export const declaredMemos: RowMemoDeclaration[] = [];

/**
 * Deletes that reach other tables through a service rather than a foreign key: on SQLite the
 * credential tables live in another file, where foreign keys cannot point, so deleting a user
 * deletes its sessions, tickets and credential in the same transaction. Child -> parents.
 */
export const LOGICAL_CASCADES: Readonly<Record<string, readonly string[]>> = {
  session: ['users'],
  ticket: ['users'],
  user_credential: ['users'],
};

/**
 * Rows kept by key while no write touched their tables. While changes are not `live` every get
 * reads. A missing row is not kept, so unknown keys cost no memory. One row object serves many
 * requests: callers read it and never change it.
 */
/** Hits and misses of each row memo by name, in this process (the operators' metrics read them). */
export const memoStats = new Map<string, { hits: number; misses: number }>();

export function createRowMemo<V extends object>(changes: TableChanges | null, declaration: RowMemoDeclaration) {
  if (!declaredMemos.some((d) => d.name === declaration.name)) declaredMemos.push(declaration);
  const { tables, maxEntries } = declaration;
  const entries = new Map<string, { stamp: number; value: V }>();
  let stats = memoStats.get(declaration.name);
  if (!stats) memoStats.set(declaration.name, (stats = { hits: 0, misses: 0 }));
  const counted = stats;
  return {
    declaration,
    async get(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
      if (!changes?.live) return read();
      const stamp = changes.stamp(tables);
      const hit = entries.get(key);
      if (hit && hit.stamp === stamp) {
        counted.hits++;
        return hit.value;
      }
      counted.misses++;
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

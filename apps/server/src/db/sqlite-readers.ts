import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { DatabaseHandle, Db } from './index.ts';

/**
 * Heavy reads off the request thread on SQLite. better-sqlite3 runs each statement on the thread
 * that calls it, so a list that scans a thousand candidates holds every other request (and chat)
 * for its millisecond. In WAL mode any number of connections read the file while the one writer
 * writes, each seeing the last commit: readers here are worker threads with a read-only
 * connection each, and a query sent to them runs beside the event loop, not on it.
 *
 * `reads` is a Kysely instance for SELECTs only (anything else is refused). It reads what has
 * been committed, so it is for plain reads outside a transaction; a read that must see the
 * writes of an open transaction uses that transaction. On PostgreSQL, and on an in-memory SQLite
 * database (which another connection cannot open), `reads` is the database itself.
 */
export interface SqliteReaders {
  reads: Db;
  close(): Promise<void>;
}

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Reader {
  worker: Worker;
  pending: Map<number, Pending>;
}

const WORKER = new URL('./sqlite-read-worker.mjs', import.meta.url);

/** The threads and the dispatch: each statement goes to the thread with the fewest in hand. */
function startReaders(file: string, threads: number) {
  let nextId = 0;
  let closed = false;
  const readers: Reader[] = [];
  const start = (): Reader => {
    const reader: Reader = { worker: new Worker(WORKER, { workerData: { file } }), pending: new Map() };
    reader.worker.on(
      'message',
      (answer: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
        const waiting = reader.pending.get(answer.id);
        if (!waiting) return;
        reader.pending.delete(answer.id);
        if (answer.error) waiting.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
        else waiting.resolve(answer.rows!);
      },
    );
    // A thread that dies fails what it held and is replaced, so one bad moment costs those queries only.
    reader.worker.on('error', (error) => fail(reader, error));
    reader.worker.on('exit', (code) => fail(reader, new Error(`SQLite reader thread stopped (exit code ${code})`)));
    reader.worker.unref();
    return reader;
  };
  const fail = (reader: Reader, error: Error) => {
    for (const waiting of reader.pending.values()) waiting.reject(error);
    reader.pending.clear();
    const i = readers.indexOf(reader);
    if (i >= 0 && !closed) readers[i] = start();
  };
  for (let i = 0; i < threads; i++) readers.push(start());
  return {
    run(query: CompiledQuery): Promise<unknown[]> {
      if (closed) return Promise.reject(new Error('SQLite readers are closed'));
      const reader = readers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        reader.pending.set(id, { resolve, reject });
        reader.worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
      });
    },
    async close() {
      closed = true;
      await Promise.all(readers.map((r) => r.worker.terminate()));
    },
  };
}

type Threads = ReturnType<typeof startReaders>;

class ReadConnection implements DatabaseConnection {
  constructor(private readonly threads: Threads) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.threads.run(query)) as R[] };
  }
  /** The rows come over from the thread in one message: a stream of them is that one chunk. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}

class ReadDriver implements Driver {
  private readonly connection: ReadConnection;
  constructor(private readonly threads: Threads) {
    this.connection = new ReadConnection(threads);
  }
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('the SQLite readers read outside transactions only');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {
    await this.threads.close();
  }
}

/** The readers of a database: threads on a SQLite file when `threads` > 0, else the database itself. */
export function openSqliteReaders(handle: DatabaseHandle, threads: number): SqliteReaders {
  const source = handle.source;
  if (handle.dialect !== 'sqlite' || !('file' in source) || source.file === ':memory:' || threads < 1)
    return { reads: handle.db, close: async () => {} };
  const started = startReaders(source.file, threads);
  const reads = new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ReadDriver(started),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }) as Db;
  return {
    reads,
    async close() {
      await reads.destroy();
      // Kysely starts its driver with the first query only; threads never asked must stop too.
      await started.close();
    },
  };
}

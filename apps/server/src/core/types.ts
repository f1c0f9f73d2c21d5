import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/index.ts';
import type { AuthorityService } from './authority.ts';
import type { PushHub } from './push.ts';
import type { SettingsCache } from './settings.ts';
import type { ServerSecrets } from './server-secrets.ts';
import type { AdminSqlReader } from './admin-sql/index.ts';
import type { RecordAccess } from './record-access.ts';
import type { JobQueue } from './jobs/index.ts';
import type { Registry } from 'prom-client';
import type { FileStorage } from './storage.ts';
import type { TableChanges } from '../db/table-changes.ts';

/** The Fastify instance every module registers on, with zod schemas typing requests. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What modules get from the app: the database, the clock and shared services. */
export interface Services {
  config: Config;
  db: Db;
  /**
   * For heavy plain reads outside a transaction: on a SQLite file they run in reader threads
   * beside the event loop (db/sqlite-readers.ts); elsewhere this is `db`.
   */
  reads: Db;
  dialect: Dialect;
  /** Writes seen per table, which row memos check their rows against (docs/caching.md). */
  changes: TableChanges | null;
  authority: AuthorityService;
  settings: SettingsCache;
  /** Frames to users' open sockets (logout, refresh, message pushes). */
  push: PushHub;
  /** The operators' figures, scraped from /metrics (core/metrics.ts). */
  metrics: Registry;
  /** Keys shared by every instance (file-ticket signing). */
  secrets: ServerSecrets;
  /** Where admin-written SQL runs: no credential tables, read-only, with a time limit. */
  adminSql: AdminSqlReader;
  /** Who may see a record named by id, for record-bound reads such as print data. */
  records: RecordAccess;
  /** Durable background jobs: handlers by kind, retries, recurring jobs, run once across instances (docs/jobs.md). */
  jobs: JobQueue;
  /** Where uploaded and generated files live: the local folder, or the S3-compatible store of S3_*. */
  storage: FileStorage;
  now: () => number;
}

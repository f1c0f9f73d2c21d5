import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { ResultCode } from '@atrium/shared';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { newId } from './ids.ts';
import type { JobQueue } from './jobs/index.ts';

/**
 * The audit trail (docs/audit.md). A route that makes an administrative change declares what it
 * changes in its config, next to its access:
 *
 *     config: { access: {...}, audit: { resource: 'user', table: 'users', action: 'update' } }
 *
 * and core does the rest: before the handler it reads the resource as it is, after a successful
 * answer (envelope code 200) it reads it again and writes one `audit_log` row with who, when, from
 * where, which route, and both snapshots. Secrets never reach the row (`withoutSecrets`).
 */

export type AuditAction = 'create' | 'update' | 'delete' | 'other';

/** The tables whose rows are named by a text `id`: what `table` may name. */
export type AuditTable = {
  [K in keyof Database]: Database[K] extends { id: string } ? K : never;
}[keyof Database];

/** What a load sees: the request, and on the after read the answer's `data`. */
export interface AuditContext {
  request: FastifyRequest;
  /** The record's id as the declaration resolves it (undefined on a create's before read). */
  id: string | undefined;
  /** The answer's `data`, on the after read only. */
  data?: unknown;
}

export interface AuditRecord {
  /** What was changed, a stable code the admin UI names: 'user', 'organize', 'authorize' ... */
  resource: string;
  action: AuditAction;
  /** The one row the resource is: read by id for both snapshots (JSON text columns parsed). */
  table?: AuditTable;
  /**
   * The snapshot of a resource that is not one row (an object's grants, the settings) or more than
   * one (a user with their roles and positions). Called before the handler and after a successful
   * answer; answers null when there is nothing (not yet created, deleted).
   */
  load?: (db: Db, context: AuditContext) => Promise<unknown>;
  /**
   * The record's id: a path parameter's name, or a function of the request and the answer's data.
   * Default: `data.id` of the answer for creates (the new record), else the `id` path parameter.
   */
  id?: string | ((request: FastifyRequest, data: unknown) => string | undefined);
}

/** A mutating route of an audited area that changes nothing administrative, with the reason why. */
export interface AuditExemption {
  exempt: string;
}

export type AuditDeclaration = AuditRecord | AuditExemption;

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditDeclaration;
  }
  interface FastifyInstance {
    /** Every API route with its audit declaration, for the test that no admin change goes unrecorded. */
    auditedRoutes: { method: string; url: string; audit: AuditDeclaration }[];
  }
}

export const isExemption = (audit: AuditDeclaration): audit is AuditExemption => 'exempt' in audit;

// ------------------------------------------------------------------------------------- secrets

/** Words that name a secret: a password, its hash or salt, a token, a ticket, a signing key ... */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'secret',
  'salt',
  'token',
  'hash',
  'credential',
  'credentials',
  'ticket',
  'cookie',
  'authorization',
  'signature',
]);
/** Words that may follow a secret word and still name the secret itself (`password_hash`, `secret_key`). */
const SECRET_SUFFIXES = new Set([
  'hash',
  'salt',
  'md5',
  'digest',
  'encrypted',
  'cipher',
  'plain',
  'text',
  'value',
  'key',
]);
/** Two last words that name a key to something (`apiKey`, `private_key`). */
const SECRET_KEY_PAIRS = new Set(['api key', 'access key', 'private key', 'app key', 'client key', 'signing key']);

/** `password_hash`, `smtpPassword`, `access-token` -> lower-case words. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether a key names a secret, by its words: a secret word that ends the key, or is followed only
 * by words that still describe the secret (`password_hash`, `smtpPassword`, `access_token`,
 * `secret_key`). A secret word that only qualifies something else is not one: `tokenTimeout` and
 * `passwordErrorsNumber` are settings an administrator changes and must see in the trail.
 */
export function isSecretKey(key: string): boolean {
  const words = wordsOf(key);
  if (words.length === 0) return false;
  let last = -1;
  words.forEach((word, i) => {
    if (SECRET_WORDS.has(word)) last = i;
  });
  if (last >= 0 && words.slice(last + 1).every((word) => SECRET_SUFFIXES.has(word))) return true;
  return words.length >= 2 && SECRET_KEY_PAIRS.has(`${words[words.length - 2]} ${words[words.length - 1]}`);
}

/** Text that is a JSON object or array (designs, configs, name translations) is kept as its value. */
function parsedIfJson(value: string): unknown {
  const start = value.trimStart()[0];
  if (start !== '{' && start !== '[') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * A copy of `value` with every secret key removed, at any depth, and JSON text opened into values
 * so that secrets inside a stored JSON column (an interface's auth header) go as well, and the diff
 * view compares the fields rather than two long strings.
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    if (depth > 20) return value;
    const parsed = parsedIfJson(value);
    return parsed === value ? value : withoutSecrets(parsed, depth + 1);
  }
  if (value === null || typeof value !== 'object' || depth > 40) return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!isSecretKey(key)) out[key] = withoutSecrets(item, depth + 1);
  }
  return out;
}

/** Longest snapshot kept; a larger one (a huge form design) keeps its small fields and names the cut ones. */
export const MAX_SNAPSHOT_CHARS = 256 * 1024;

/** The JSON text of a snapshot, secrets removed, at most MAX_SNAPSHOT_CHARS (null for none). */
export function snapshotJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const clean = withoutSecrets(value);
  let text = JSON.stringify(clean);
  if (text.length <= MAX_SNAPSHOT_CHARS || clean === null || typeof clean !== 'object' || Array.isArray(clean))
    return text.length <= MAX_SNAPSHOT_CHARS ? text : JSON.stringify({ omitted: `${text.length} characters` });
  // Drop the largest fields first until the rest fits, saying what each held.
  const record = { ...(clean as Record<string, unknown>) };
  const sizes = Object.entries(record)
    .map(([key, item]) => [key, JSON.stringify(item)?.length ?? 0] as const)
    .sort((a, b) => b[1] - a[1]);
  for (const [key, size] of sizes) {
    record[key] = { omitted: `${size} characters` };
    text = JSON.stringify(record);
    if (text.length <= MAX_SNAPSHOT_CHARS) break;
  }
  return text;
}

// ------------------------------------------------------------------------------------- snapshots

/** One row by id, or null when there is none. */
export async function rowSnapshot(db: Db, table: AuditTable, id: string | undefined): Promise<unknown> {
  if (!id) return null;
  // Kysely cannot narrow a generic table name; every AuditTable has a text `id`.
  const row = await db
    .selectFrom(table as 'users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

function idOf(audit: AuditRecord, request: FastifyRequest, data: unknown): string | undefined {
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (typeof audit.id === 'function') return audit.id(request, data);
  if (typeof audit.id === 'string') return stringOf(params[audit.id]);
  if (audit.action === 'create') return stringOf((data as { id?: unknown } | undefined)?.id);
  return stringOf(params.id);
}

const stringOf = (value: unknown) =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined;

async function snapshot(db: Db, audit: AuditRecord, context: AuditContext): Promise<unknown> {
  if (audit.load) return audit.load(db, context);
  if (audit.table) return rowSnapshot(db, audit.table, context.id);
  return null;
}

// ------------------------------------------------------------------------------------- the hooks

interface Pending {
  before: string | null;
}

/**
 * Registers the audit hooks. Called before any module registers routes: each route that declares
 * `audit` gets a preHandler (the before snapshot) and a preSerialization hook (the after snapshot
 * and the row); other routes get nothing and pay nothing.
 *
 * The row is written after the handler's own transaction committed, while the answer waits: the
 * caller learns of the change only once it is in the trail. A crash between that commit and the
 * row's insert loses the row (docs/audit.md says why the change's own transaction is not used).
 */
export function registerAudit(app: FastifyInstance, deps: { db: Db; now: () => number }): void {
  const audited: FastifyInstance['auditedRoutes'] = [];
  app.decorate('auditedRoutes', audited);
  const pending = new WeakMap<FastifyRequest, Pending>();

  app.addHook('onRoute', (route) => {
    const audit = (route.config as { audit?: AuditDeclaration } | undefined)?.audit;
    if (!audit) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') audited.push({ method, url: route.url, audit });
    if (isExemption(audit)) {
      if (!audit.exempt.trim())
        throw new Error(`route ${String(route.method)} ${route.url} is exempt from audit without a reason`);
      return;
    }
    if (!audit.table && !audit.load)
      throw new Error(
        `route ${String(route.method)} ${route.url} audits ${audit.resource} but names no table and no load`,
      );

    const before: preHandlerHookHandler = async (request) => {
      // A create has no record before it; everything else is read as it stands now.
      const id = audit.action === 'create' && audit.id === undefined ? undefined : idOf(audit, request, undefined);
      const value = audit.action === 'create' && !audit.load ? null : await snapshot(deps.db, audit, { request, id });
      pending.set(request, { before: snapshotJson(value) });
    };
    const after = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      const state = pending.get(request);
      pending.delete(request);
      // Refused, failed or conflicting answers changed nothing: no row.
      if (!state || (payload as { code?: unknown } | null)?.code !== ResultCode.ok) return payload;
      const data = (payload as { data?: unknown }).data;
      try {
        const id = idOf(audit, request, data);
        const value =
          audit.action === 'delete' && !audit.load ? null : await snapshot(deps.db, audit, { request, id, data });
        await writeAuditRow(deps.db, request, {
          resource: audit.resource,
          action: audit.action,
          resourceId: id ?? null,
          before: state.before,
          after: snapshotJson(value),
          now: deps.now(),
        });
      } catch (err) {
        // The change is committed; turning its answer into an error would make the caller retry a
        // change that was made. The operator finds the lost row in the error log.
        request.log.error({ err, resource: audit.resource, url: route.url }, 'audit log row not written');
      }
      return payload;
    };
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), before];
    route.preSerialization = [...(route.preSerialization ? [route.preSerialization].flat() : []), after] as never;
  });
}

/** Longest user agent kept: enough to tell the browser and system, not a free-text channel. */
const USER_AGENT_CHARS = 300;

async function writeAuditRow(
  db: Db,
  request: FastifyRequest,
  row: {
    resource: string;
    action: AuditAction;
    resourceId: string | null;
    before: string | null;
    after: string | null;
    now: number;
  },
): Promise<void> {
  const user = request.authority?.user;
  await db
    .insertInto('audit_log')
    .values({
      id: newId(row.now),
      created_at: row.now,
      user_id: request.session?.userId ?? null,
      account: user?.account ?? '',
      real_name: user?.real_name ?? '',
      ip: request.ip ?? '',
      user_agent: String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_CHARS),
      method: request.method,
      url: (request.routeOptions.url ?? request.url).slice(0, 500),
      resource: row.resource,
      resource_id: row.resourceId?.slice(0, 200) ?? null,
      action: row.action,
      before_json: row.before,
      after_json: row.after,
      request_id: String(request.id),
    })
    .execute();
}

// ------------------------------------------------------------------------------------- retention

export const AUDIT_PRUNE_KIND = 'audit.prune';
export const DAY_MS = 86_400_000;
/** Rows deleted per statement, so a first prune of years of rows does not hold one huge transaction. */
const PRUNE_BATCH = 5_000;

/**
 * Deletes rows older than `retentionDays` (0 keeps everything) and answers how many went. Deleting
 * by age is idempotent, so a job run twice does no harm.
 */
export async function pruneAuditLog(db: Db, now: number, retentionDays: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = now - retentionDays * DAY_MS;
  let total = 0;
  for (;;) {
    const ids = db.selectFrom('audit_log').select('id').where('created_at', '<', cutoff).limit(PRUNE_BATCH);
    const result = await db.deleteFrom('audit_log').where('id', 'in', ids).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}

/**
 * The retention job: daily (at midnight UTC, the recurring jobs' rhythm), once across the
 * deployment, deleting rows older than `retentionDays`; with 0 the job still runs and deletes nothing.
 */
export function scheduleAuditPruning(jobs: JobQueue, db: Db, now: () => number, retentionDays: number): void {
  jobs.every(AUDIT_PRUNE_KIND, DAY_MS, async () => {
    await pruneAuditLog(db, now(), retentionDays);
  });
}

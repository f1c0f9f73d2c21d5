/**
 * The statements of the job table (014-jobs). Every state change of a claimed job is guarded by
 * the lease (`lease_owner` and state `running`), so a runner that lost its lease (it was too slow,
 * and another runner took the job over) changes nothing.
 */
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import type { JobTable } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { newId } from '../ids.ts';

export type JobRow = JobTable;
export type JobState = JobTable['state'];

/** The longest error text kept on a row. */
const ERROR_MAX_CHARS = 2000;
/** Rows deleted per statement when old jobs are cleaned up, so the writer is never held for long. */
const DELETE_CHUNK = 5000;

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: number;
  maxAttempts: number;
  dedupeKey?: string | null;
  /** Set for the one row of a recurring job. */
  intervalMs?: number | null;
  now: number;
}

/**
 * Inserts a pending job. With a dedupe key that a row already holds, nothing is inserted and the
 * existing row's id comes back with `created: false`, whatever that row's state.
 */
export async function insertJob(db: Db | Tx, job: NewJob): Promise<{ id: string; created: boolean }> {
  const row: JobRow = {
    id: newId(job.now),
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? null),
    run_at: job.runAt,
    attempts: 0,
    max_attempts: job.maxAttempts,
    state: 'pending',
    interval_ms: job.intervalMs ?? null,
    lease_owner: null,
    lease_until: null,
    last_error: null,
    dedupe_key: job.dedupeKey ?? null,
    created_at: job.now,
    updated_at: job.now,
  };
  const key = row.dedupe_key;
  if (key === null) {
    await db.insertInto('job').values(row).execute();
    return { id: row.id, created: true };
  }
  // The existing row can be cleaned up between the two statements; then the insert is tried again.
  for (let tries = 0; tries < 3; tries++) {
    const inserted = await db
      .insertInto('job')
      .values(row)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await db.selectFrom('job').select('id').where('dedupe_key', '=', key).executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
  }
  throw new Error(`job with dedupe key ${key} could not be enqueued`);
}

export interface ClaimInput {
  owner: string;
  /** Only jobs of these kinds: an instance claims only what it has handlers for. */
  kinds: string[];
  limit: number;
  now: number;
  leaseMs: number;
  /** Ids this runner already holds (a lease of its own that ran out is not claimed twice). */
  holding: string[];
}

/**
 * Takes up to `limit` jobs: first running ones whose lease ran out (their runner died or stalled),
 * then due pending ones, oldest due first. Each claimed row becomes `running` under this owner's
 * lease with its attempt counted. On PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so
 * concurrent claims from other instances pass over each other instead of waiting or colliding; on
 * SQLite every UPDATE holds the one write lock from start to end.
 */
export async function claimJobs(db: Db, dialect: Dialect, input: ClaimInput): Promise<JobRow[]> {
  if (input.limit <= 0 || input.kinds.length === 0) return [];
  const expired = await claimWhere(db, dialect, input, input.limit, 'running');
  const rest = input.limit - expired.length;
  const due = rest > 0 ? await claimWhere(db, dialect, input, rest, 'pending') : [];
  return [...expired, ...due].sort((a, b) => a.run_at - b.run_at);
}

function claimWhere(db: Db, dialect: Dialect, input: ClaimInput, limit: number, from: 'pending' | 'running') {
  let pick = db.selectFrom('job').select('id').where('state', '=', from).where('kind', 'in', input.kinds);
  pick =
    from === 'pending'
      ? pick.where('run_at', '<=', input.now).orderBy('run_at')
      : pick.where('lease_until', '<', input.now).orderBy('lease_until');
  if (input.holding.length) pick = pick.where('id', 'not in', input.holding);
  pick = pick.limit(limit);
  if (dialect === 'postgres') pick = pick.forUpdate().skipLocked();
  return db
    .updateTable('job')
    .set((eb) => ({
      state: 'running',
      lease_owner: input.owner,
      lease_until: input.now + input.leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: input.now,
    }))
    .where('id', 'in', pick)
    .returningAll()
    .execute();
}

/** Marks finished jobs done; answers the ids that were still this owner's. */
export async function completeJobs(db: Db, owner: string, ids: string[], now: number): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .updateTable('job')
    .set({ state: 'done', lease_owner: null, lease_until: null, updated_at: now })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Puts a claimed job back as pending for `runAt` (a retry, or a recurring job's next time), or
 * makes it dead. `attempts` restarts from 0 when given (a recurring job's next time).
 */
export async function rescheduleJob(
  db: Db,
  owner: string,
  id: string,
  change: { state: 'pending' | 'dead'; runAt?: number; attempts?: number; error: string | null; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({
      state: change.state,
      ...(change.runAt !== undefined ? { run_at: change.runAt } : {}),
      ...(change.attempts !== undefined ? { attempts: change.attempts } : {}),
      last_error: change.error === null ? null : change.error.slice(0, ERROR_MAX_CHARS),
      lease_owner: null,
      lease_until: null,
      updated_at: change.now,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Pushes the leases of jobs still in hand forward. */
export async function extendLeases(db: Db, owner: string, ids: string[], until: number, now: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('job')
    .set({ lease_until: until, updated_at: now })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/**
 * Gives jobs back unfinished (a runner stopping): pending again at their own time, and the attempt
 * that did not finish is not counted.
 */
export async function releaseJobs(db: Db, owner: string, ids: string[], now: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('job')
    .set((eb) => ({
      state: 'pending',
      attempts: eb('attempts', '-', 1),
      lease_owner: null,
      lease_until: null,
      updated_at: now,
    }))
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/**
 * The earliest run_at of pending jobs, to sleep until then: the first entry of the claim index.
 * Jobs of kinds this instance does not run count too; waking early for them costs one empty claim.
 */
export async function nextDue(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('job')
    .select((eb) => eb.fn.min('run_at').as('next'))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/**
 * Makes sure the one row of a recurring job exists. A new row is due at once; an existing row keeps
 * its time, except that a shorter interval than before brings it forward to at most one interval.
 */
export async function ensureRecurring(
  db: Db,
  input: { kind: string; intervalMs: number; maxAttempts: number; now: number },
): Promise<void> {
  const dedupeKey = recurringKey(input.kind);
  const { created } = await insertJob(db, { ...input, payload: null, runAt: input.now, dedupeKey });
  if (created) return;
  const latest = input.now + input.intervalMs;
  await db
    .updateTable('job')
    .set({
      interval_ms: input.intervalMs,
      max_attempts: input.maxAttempts,
      run_at: sql<number>`case when run_at > ${latest} then ${latest} else run_at end`,
      updated_at: input.now,
    })
    .where('dedupe_key', '=', dedupeKey)
    .where((eb) => eb.or([eb('interval_ms', 'is', null), eb('interval_ms', '<>', input.intervalMs)]))
    .execute();
}

/** The dedupe key of a recurring job's row. */
export const recurringKey = (kind: string) => `every:${kind}`;

/**
 * Deletes done jobs last changed before `doneBefore` and dead ones before `deadBefore`. On
 * PostgreSQL it then refreshes the table's statistics, which autovacuum does too when it runs: with
 * stale ones (a table analysed while nearly empty) the planner sorts every due row on each claim
 * instead of reading the claim index in order.
 */
export async function deleteOldJobs(db: Db, dialect: Dialect, doneBefore: number, deadBefore: number): Promise<number> {
  let deleted = 0;
  for (const [state, before] of [
    ['done', doneBefore],
    ['dead', deadBefore],
  ] as const) {
    for (;;) {
      const chunk = db
        .selectFrom('job')
        .select('id')
        .where('state', '=', state)
        .where('updated_at', '<', before)
        .limit(DELETE_CHUNK);
      const result = await db.deleteFrom('job').where('id', 'in', chunk).executeTakeFirst();
      const count = Number(result.numDeletedRows);
      deleted += count;
      if (count < DELETE_CHUNK) break;
    }
  }
  await refreshJobStatistics(db, dialect);
  return deleted;
}

/** PostgreSQL's statistics of the job table brought up to date (ANALYZE); nothing on SQLite. */
export async function refreshJobStatistics(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`analyze job`.execute(db);
}

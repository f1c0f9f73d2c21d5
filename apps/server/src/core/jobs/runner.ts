/**
 * Durable jobs (docs/jobs.md): handlers registered by kind, jobs kept in the database, a runner
 * that polls for due jobs, runs a bounded number at once under a lease, retries failures with
 * exponential back-off and keeps a job dead after its last attempt. Several instances share one
 * table and each job runs on one of them at a time.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db, Dialect } from '../../db/index.ts';
import type { Tx } from '../../db/tx.ts';
import {
  claimJobs,
  completeJobs,
  deleteOldJobs,
  ensureRecurring,
  extendLeases,
  insertJob,
  nextDue,
  releaseJobs,
  rescheduleJob,
  type JobRow,
} from './store.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Shortest sleep when due jobs were seen but none could be claimed. */
const MIN_RETRY_POLL_MS = 10;

/** What a handler learns about the job besides its payload. */
export interface JobContext {
  id: string;
  kind: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  maxAttempts: number;
  /** When the job was due (epoch ms). */
  runAt: number;
}

/**
 * Runs one job. It must be idempotent: a job can run more than once (its runner died after the
 * work but before marking it done, or its lease ran out while it was still working and another
 * instance took it over). Throwing schedules a retry.
 */
export type JobHandler<P = unknown> = (payload: P, job: JobContext) => Promise<void> | void;

export interface RetryPolicy {
  /** Runs before the job is dead (first run included). */
  maxAttempts: number;
  /** Wait before the first retry; each further retry waits twice as long... */
  retryBaseMs: number;
  /** ...up to this. */
  retryMaxMs: number;
}

export interface EnqueueOptions {
  /** Not before this time (epoch ms); default now. */
  runAt?: number;
  /** Not before now plus this; ignored when runAt is given. */
  delayMs?: number;
  /** One row per key: enqueuing again while the row is kept answers that row instead. */
  dedupeKey?: string;
  /** Default: the kind's registration, else 5. */
  maxAttempts?: number;
  /** A transaction to enqueue in, so the job exists exactly when the caller's writes commit. */
  db?: Db | Tx;
}

export interface JobQueueOptions {
  db: Db;
  dialect: Dialect;
  /** The clock (Services.now); tests drive scheduling with a fake one. */
  now?: () => number;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** Longest sleep between two looks at the table (jobs enqueued by this instance wake it sooner). */
  pollMs?: number;
  /** Jobs run at once by this instance. */
  concurrency?: number;
  /** How long a claimed job is this instance's; renewed while the handler runs. */
  leaseMs?: number;
  /** Done jobs are deleted this long after they finished, dead ones after `keepDeadMs`. */
  keepDoneMs?: number;
  keepDeadMs?: number;
  /** How often the clean-up job runs (0: never). */
  cleanupEveryMs?: number;
  /** Time given to running handlers on stop() before their jobs are given back. */
  stopGraceMs?: number;
  /** Name of this runner in `lease_owner`; default host, process and a random part. */
  owner?: string;
}

export interface JobQueue {
  /** Registers the handler of a kind; jobs of kinds without a handler here are left to other instances. */
  register<P>(kind: string, handler: JobHandler<P>, retry?: Partial<RetryPolicy>): void;
  /**
   * Makes a kind recurring: one row that runs every `intervalMs` across all instances, surviving
   * restarts. A new row is due at once, then on each multiple of the interval (nextSlot); times
   * missed while no server ran are not made up.
   */
  every<P = null>(kind: string, intervalMs: number, handler?: JobHandler<P>, retry?: Partial<RetryPolicy>): void;
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<{ id: string; created: boolean }>;
  /** Starts polling (the server does; tests call runDue instead, or start when they need the loop). */
  start(): Promise<void>;
  /** Stops claiming, lets running handlers finish within the grace time, then gives back the rest. */
  stop(): Promise<void>;
  /** Runs every job due now, and any that become due meanwhile, then resolves with how many ran. */
  runDue(): Promise<number>;
}

/** The default retry policy: 5 runs, waiting 10 s, 20 s, 40 s, 80 s in between; never more than an hour. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, retryBaseMs: 10 * SECOND, retryMaxMs: HOUR };

/** Wait after failed attempt `attempt` (1-based): base, 2 x base, 4 x base... capped. */
export function retryDelayMs(policy: Pick<RetryPolicy, 'retryBaseMs' | 'retryMaxMs'>, attempt: number): number {
  return Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * A recurring job's next time: the first multiple of its interval (counted from the epoch) after
 * now, so an hourly job keeps to whole hours whatever its runs and retries took, and times missed
 * while no server ran are skipped, not made up.
 */
export function nextSlot(intervalMs: number, now: number): number {
  return (Math.floor(now / intervalMs) + 1) * intervalMs;
}

/** The clean-up of old done and dead jobs is a recurring job itself. */
export const CLEANUP_KIND = 'jobs.cleanup';

interface Registration {
  handler: JobHandler;
  retry: RetryPolicy;
  intervalMs?: number;
}

const errorText = (error: unknown) =>
  error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, dialect } = options;
  const now = options.now ?? Date.now;
  const log = options.log;
  const pollMs = options.pollMs ?? SECOND;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 30 * SECOND;
  const keepDoneMs = options.keepDoneMs ?? DAY;
  const keepDeadMs = options.keepDeadMs ?? 30 * DAY;
  const cleanupEveryMs = options.cleanupEveryMs ?? HOUR;
  const stopGraceMs = options.stopGraceMs ?? 10 * SECOND;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  const kinds = new Map<string, Registration>();
  /** Claimed jobs not yet settled in the table, by id. */
  const inHand = new Map<string, JobRow>();
  const executions = new Set<Promise<void>>();
  let kindList: string[] = [];
  let recurringReady: Promise<void> | null = null;

  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let timerDue = Infinity;
  /** The loop's turn in progress; stop() waits for it so that nothing is claimed behind its back. */
  let currentTick: Promise<void> | null = null;
  let tickAgain = false;
  let lastHeartbeat = 0;

  // Successful jobs are marked done in batches: those that finish in the same turn share a statement.
  let doneBatch: { id: string; settle: () => void }[] = [];
  let doneFlush: Promise<void> | null = null;

  function registration(kind: string, handler: JobHandler | undefined, retry: Partial<RetryPolicy> | undefined) {
    const known = kinds.get(kind);
    const chosen = handler ?? known?.handler;
    if (!chosen) throw new Error(`job kind ${kind} has no handler`);
    const entry: Registration = { ...known, handler: chosen, retry: { ...DEFAULT_RETRY, ...known?.retry, ...retry } };
    kinds.set(kind, entry);
    kindList = [...kinds.keys()];
    return entry;
  }

  function ensureRecurringRows(): Promise<void> {
    recurringReady ??= (async () => {
      for (const [kind, entry] of kinds) {
        if (entry.intervalMs === undefined) continue;
        await ensureRecurring(db, {
          kind,
          intervalMs: entry.intervalMs,
          maxAttempts: entry.retry.maxAttempts,
          now: now(),
        });
      }
    })().catch((err: unknown) => {
      recurringReady = null;
      throw err;
    });
    return recurringReady;
  }

  function flushDone(): Promise<void> {
    doneFlush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const batch = doneBatch;
      doneBatch = [];
      doneFlush = null;
      try {
        const settled = new Set(
          await completeJobs(
            db,
            owner,
            batch.map((b) => b.id),
            now(),
          ),
        );
        const lost = batch.filter((b) => !settled.has(b.id)).map((b) => b.id);
        if (lost.length) log?.warn({ jobs: lost }, 'jobs finished after their lease was lost');
      } catch (err) {
        // The rows stay running; their leases run out and they run again (handlers are idempotent).
        log?.error({ err }, 'could not mark jobs done');
      }
      for (const b of batch) b.settle();
    });
    return doneFlush;
  }

  function markDone(id: string): Promise<void> {
    return new Promise<void>((settle) => {
      doneBatch.push({ id, settle });
      void flushDone();
    });
  }

  async function settleFailure(job: JobRow, entry: Registration | undefined, error: unknown): Promise<void> {
    const text = errorText(error);
    const at = now();
    const retry = entry?.retry ?? DEFAULT_RETRY;
    const context = { job: job.id, kind: job.kind, attempt: job.attempts };
    if (job.attempts < job.max_attempts) {
      const runAt = at + retryDelayMs(retry, job.attempts);
      log?.warn({ ...context, err: error, retryAt: runAt }, 'job failed; it will be retried');
      await rescheduleJob(db, owner, job.id, { state: 'pending', runAt, error: text, now: at });
    } else if (job.interval_ms !== null) {
      // A recurring job never dies: it gives up on this time and keeps its rhythm.
      log?.error({ ...context, err: error }, 'recurring job failed on its last attempt; next time as usual');
      const runAt = nextSlot(job.interval_ms, at);
      await rescheduleJob(db, owner, job.id, { state: 'pending', runAt, attempts: 0, error: text, now: at });
    } else {
      log?.error({ ...context, err: error }, 'job failed on its last attempt; it is dead');
      await rescheduleJob(db, owner, job.id, { state: 'dead', error: text, now: at });
    }
  }

  async function execute(job: JobRow): Promise<void> {
    const entry = kinds.get(job.kind);
    try {
      try {
        if (!entry) throw new Error(`no handler for job kind ${job.kind}`);
        await entry.handler(JSON.parse(job.payload) as unknown, {
          id: job.id,
          kind: job.kind,
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
          runAt: job.run_at,
        });
      } catch (error) {
        await settleFailure(job, entry, error);
        return;
      }
      if (job.interval_ms === null) await markDone(job.id);
      else {
        const at = now();
        const runAt = nextSlot(job.interval_ms, at);
        await rescheduleJob(db, owner, job.id, { state: 'pending', runAt, attempts: 0, error: null, now: at });
      }
    } catch (err) {
      log?.error({ err, job: job.id, kind: job.kind }, 'could not record the outcome of a job');
    } finally {
      inHand.delete(job.id);
      if (running && !stopping) wake(0);
    }
  }

  /** Claims what is due and free slots allow, and starts it; answers how many jobs it claimed. */
  async function claimAndStart(): Promise<number> {
    const free = concurrency - inHand.size;
    if (free <= 0 || stopping) return 0;
    const claimed = await claimJobs(db, dialect, {
      owner,
      kinds: kindList,
      limit: free,
      now: now(),
      leaseMs,
      holding: [...inHand.keys()],
    });
    for (const job of claimed) {
      inHand.set(job.id, job);
      const execution = execute(job);
      executions.add(execution);
      void execution.finally(() => executions.delete(execution));
    }
    return claimed.length;
  }

  async function heartbeat(): Promise<void> {
    const at = now();
    if (!inHand.size || at - lastHeartbeat < leaseMs / 3) return;
    lastHeartbeat = at;
    await extendLeases(db, owner, [...inHand.keys()], at + leaseMs, at);
  }

  /** One turn of the loop: renew leases, claim, and decide when to look again. */
  function tick(): void {
    timer = null;
    timerDue = Infinity;
    if (currentTick) {
      tickAgain = true;
      return;
    }
    currentTick = turn().finally(() => {
      currentTick = null;
    });
  }

  async function turn(): Promise<void> {
    let delay = pollMs;
    try {
      await heartbeat();
      const free = concurrency - inHand.size;
      const claimed = await claimAndStart();
      // A full claim may have left due jobs behind: a finishing job wakes the loop. Otherwise
      // sleep until the next pending job is due, or the poll interval, whichever comes first.
      if (free > 0 && claimed < free) {
        const next = await nextDue(db);
        if (next !== null) delay = Math.min(pollMs, Math.max(0, next - now()));
        // Due rows that could not be claimed are being claimed by another instance right now.
        if (claimed === 0) delay = Math.max(delay, Math.min(pollMs, MIN_RETRY_POLL_MS));
      }
    } catch (err) {
      log?.error({ err }, 'job poll failed');
    }
    if (tickAgain) {
      tickAgain = false;
      delay = 0;
    }
    wake(delay);
  }

  /** Runs the loop in `delay` ms, unless it is already due sooner. */
  function wake(delay: number): void {
    if (!running || stopping) return;
    const due = Date.now() + delay;
    if (timer && timerDue <= due) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    // Kept referenced: a process that only runs jobs stays up until stop().
    timer = setTimeout(tick, delay);
  }

  const queue: JobQueue = {
    register(kind, handler, retry) {
      registration(kind, handler as JobHandler, retry);
    },

    every(kind, intervalMs, handler, retry) {
      if (!(intervalMs > 0)) throw new Error(`job kind ${kind}: interval must be positive`);
      registration(kind, handler as JobHandler | undefined, retry).intervalMs = intervalMs;
      recurringReady = null;
      // Registered after start: its row is made now rather than at the next start.
      if (running)
        ensureRecurringRows().then(
          () => wake(0),
          (err: unknown) => log?.error({ err, kind }, 'could not schedule a recurring job'),
        );
    },

    async enqueue(kind, payload, enqueueOptions = {}) {
      const at = now();
      const runAt = enqueueOptions.runAt ?? at + (enqueueOptions.delayMs ?? 0);
      const result = await insertJob(enqueueOptions.db ?? db, {
        kind,
        payload,
        runAt,
        maxAttempts: enqueueOptions.maxAttempts ?? kinds.get(kind)?.retry.maxAttempts ?? DEFAULT_RETRY.maxAttempts,
        dedupeKey: enqueueOptions.dedupeKey ?? null,
        now: at,
      });
      // A job this instance can run soon need not wait for the next poll.
      if (result.created && kinds.has(kind) && runAt - at < pollMs) wake(Math.max(0, runAt - at));
      return result;
    },

    async start() {
      if (running) return;
      await ensureRecurringRows();
      running = true;
      stopping = false;
      wake(0);
    },

    async stop() {
      if (!running) return;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      timerDue = Infinity;
      if (currentTick) await currentTick;
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, stopGraceMs);
      });
      await Promise.race([Promise.allSettled([...executions]), grace]);
      clearTimeout(graceTimer);
      const unfinished = [...inHand.keys()];
      if (unfinished.length) {
        // Their handlers may still finish; whichever instance runs them next repeats the work.
        log?.warn({ jobs: unfinished }, 'stopping with jobs still running; giving them back');
        await releaseJobs(db, owner, unfinished, now()).catch((err: unknown) =>
          log?.error({ err }, 'could not give jobs back; they run again when their leases run out'),
        );
        inHand.clear();
      }
      if (doneFlush) await doneFlush;
      running = false;
    },

    async runDue() {
      await ensureRecurringRows();
      let total = 0;
      for (;;) {
        const claimed = await claimAndStart();
        total += claimed;
        if (claimed === 0 && executions.size === 0) return total;
        if (claimed === 0 || inHand.size >= concurrency) await Promise.race(executions);
      }
    },
  };
  if (cleanupEveryMs > 0) {
    queue.every(CLEANUP_KIND, cleanupEveryMs, async () => {
      const at = now();
      const deleted = await deleteOldJobs(db, dialect, at - keepDoneMs, at - keepDeadMs);
      if (deleted) log?.info({ deleted }, 'old jobs deleted');
    });
  }
  return queue;
}

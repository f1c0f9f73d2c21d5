/**
 * The durable job queue (apps/server/src/core/jobs) measured in this process, without HTTP: how
 * many jobs a runner gets through with 100 000 due at once, and how late jobs start after their
 * due time while 100 000 others wait for later. On SQLite always; on PostgreSQL too when
 * BENCH_DATABASE_URL is set (in a schema of its own, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, type DatabaseHandle } from '@atrium/server/db';
import { createJobQueue, refreshJobStatistics, type JobRow } from '@atrium/server/jobs';
import type { BenchOptions } from './options.ts';
import type { ReportSection } from './report.ts';

const PENDING = 100_000;
/** Jobs run at once by the runner; the server's default is 4, for handlers that wait on I/O. */
const CONCURRENCY = 16;
/** Due times of the lag phase, per second. */
const LAG_RATE = 1000;
const INSERT_BATCH = 1000;

export interface JobBenchFigures {
  name: string;
  pending: number;
  concurrency: number;
  /** Jobs marked done per second while draining 100 000 due jobs. */
  jobsPerSecond: number;
  drainSeconds: number;
  /** Start minus due time of jobs due at LAG_RATE per second, 100 000 others pending. */
  lagJobs: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
}

export interface JobBench {
  name: string;
  run(options: BenchOptions): Promise<JobBenchFigures>;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function insertJobs(database: DatabaseHandle, kind: string, count: number, runAt: (i: number) => number) {
  const now = Date.now();
  const tag = randomBytes(4).toString('hex');
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const rows: JobRow[] = [];
    for (let i = start; i < Math.min(count, start + INSERT_BATCH); i++) {
      rows.push({
        id: `${kind}-${tag}-${String(i).padStart(7, '0')}`,
        kind,
        payload: JSON.stringify({ i }),
        run_at: runAt(i),
        attempts: 0,
        max_attempts: 5,
        state: 'pending',
        interval_ms: null,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        dedupe_key: null,
        created_at: now,
        updated_at: now,
      });
    }
    await database.db.insertInto('job').values(rows).execute();
  }
  // Autovacuum analyses a table this changed within a minute (and the runner's clean-up job does
  // too); a bulk load measured at once would otherwise meet the plan of an empty table.
  await refreshJobStatistics(database.db, database.dialect);
}

async function measure(database: DatabaseHandle, name: string, options: BenchOptions): Promise<JobBenchFigures> {
  await migrate(database.db);

  // Throughput: 100 000 jobs all due, one runner draining them.
  await insertJobs(database, 'bench.drain', PENDING, () => Date.now() - 1000);
  let ran = 0;
  let drained!: () => void;
  const allRan = new Promise<void>((resolve) => (drained = resolve));
  const lags: number[] = [];
  const queue = createJobQueue({ db: database.db, dialect: database.dialect, concurrency: CONCURRENCY });
  queue.register('bench.drain', () => {
    if (++ran === PENDING) drained();
  });
  queue.register('bench.later', () => {});
  queue.register('bench.lag', (_payload, job) => void lags.push(Date.now() - job.runAt));
  const started = performance.now();
  await queue.start();
  await allRan;
  // stop() waits for the last ones to be marked done.
  await queue.stop();
  const drainSeconds = (performance.now() - started) / 1000;

  // Lag: jobs due at a steady rate for the measured duration while 100 000 wait for an hour from now.
  await insertJobs(database, 'bench.later', PENDING, () => Date.now() + 3600_000);
  const lagJobs = Math.round(LAG_RATE * options.durationSeconds);
  const first = Date.now() + 500;
  await insertJobs(database, 'bench.lag', lagJobs, (i) => first + Math.floor((i * 1000) / LAG_RATE));
  await queue.start();
  const deadline = first + options.durationSeconds * 1000 + 30_000;
  while (lags.length < lagJobs && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await queue.stop();
  if (lags.length < lagJobs) throw new Error(`only ${lags.length} of ${lagJobs} due jobs ran`);
  const sorted = Float64Array.from(lags).sort();
  return {
    name,
    pending: PENDING,
    concurrency: CONCURRENCY,
    jobsPerSecond: PENDING / drainSeconds,
    drainSeconds,
    lagJobs,
    lagP50Ms: percentile(sorted, 50),
    lagP99Ms: percentile(sorted, 99),
    lagMaxMs: sorted[sorted.length - 1] ?? NaN,
  };
}

const sqliteBench: JobBench = {
  name: 'Jobs on SQLite (100 000 pending)',
  async run(options) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-jobs-'));
    const database = openDatabase({ file: path.join(dir, 'atrium.db') });
    try {
      return await measure(database, this.name, options);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

function postgresBench(url: string): JobBench {
  return {
    name: 'Jobs on PostgreSQL (100 000 pending)',
    async run(options) {
      const schema = `bench_jobs_${randomBytes(4).toString('hex')}`;
      const admin = openDatabase({ url, poolSize: 1 });
      await admin.db.schema.createSchema(schema).execute();
      const database = openDatabase({ url, schema, poolSize: 10 });
      try {
        return await measure(database, this.name, options);
      } finally {
        await database.close();
        await admin.db.schema.dropSchema(schema).cascade().execute();
        await admin.close();
      }
    },
  };
}

/** The job benches this run measures: SQLite, and PostgreSQL with BENCH_DATABASE_URL. */
export function jobBenches(env: NodeJS.ProcessEnv = process.env): JobBench[] {
  const url = env.BENCH_DATABASE_URL;
  return [sqliteBench, ...(url ? [postgresBench(url)] : [])];
}

export function jobsSection(figures: JobBenchFigures[], failures: string[]): ReportSection {
  const lines = figures.map(
    (f) =>
      `${f.name}: ${f.jobsPerSecond.toFixed(0)} jobs/s draining ${f.pending} due jobs ` +
      `(${f.drainSeconds.toFixed(1)} s, ${f.concurrency} at once); start lag after due time ` +
      `p50 ${f.lagP50Ms.toFixed(1)} ms, p99 ${f.lagP99Ms.toFixed(1)} ms, max ${f.lagMaxMs.toFixed(0)} ms ` +
      `(${f.lagJobs} jobs due at ${LAG_RATE}/s, ${f.pending} more pending)`,
  );
  return { title: 'Jobs', lines: [...lines, ...failures] };
}

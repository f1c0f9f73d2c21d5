import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '../../db/index.ts';
import { dbTargets } from '../../testing/index.ts';
import { claimJobs, CLEANUP_KIND, createJobQueue, recurringKey, type JobQueueOptions } from './index.ts';

const T0 = Date.UTC(2030, 0, 1);
const SECOND = 1000;

/** A second connection to the same database, as another server would have. */
function openSecond(database: DatabaseHandle): DatabaseHandle {
  const source = database.source;
  return 'file' in source ? openDatabase({ file: source.file }) : openDatabase({ ...source, poolSize: 10 });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(dbTargets())('jobs on $name', (target) => {
  let database: DatabaseHandle;
  const clock = { now: T0 };
  const queue = (options: Partial<JobQueueOptions> = {}) =>
    createJobQueue({
      db: database.db,
      dialect: database.dialect,
      now: () => clock.now,
      pollMs: 5,
      cleanupEveryMs: 0,
      ...options,
    });
  const row = (id: string) => database.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await target.open();
    await migrate(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    clock.now = T0;
    await database.db.deleteFrom('job').execute();
  });

  it('enqueues a job once per dedupe key, also when enqueued at the same time', async () => {
    const jobs = queue();
    const first = await jobs.enqueue('mail', { to: 'a' }, { dedupeKey: 'mail:1' });
    const again = await jobs.enqueue('mail', { to: 'b' }, { dedupeKey: 'mail:1' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const together = await Promise.all(
      Array.from({ length: 10 }, () => jobs.enqueue('mail', { to: 'c' }, { dedupeKey: 'mail:2' })),
    );
    expect(new Set(together.map((r) => r.id)).size).toBe(1);
    expect(together.filter((r) => r.created)).toHaveLength(1);
    // Without a key every enqueue is a job of its own.
    await jobs.enqueue('mail', { to: 'd' });
    await jobs.enqueue('mail', { to: 'd' });
    const rows = await database.db.selectFrom('job').select(['dedupe_key', 'payload']).execute();
    expect(rows).toHaveLength(4);
    expect(JSON.parse(rows.find((r) => r.dedupe_key === 'mail:1')!.payload)).toEqual({ to: 'a' });

    // Once done the key still answers the same row, so a repeated request does not run it again.
    const ran: unknown[] = [];
    jobs.register('mail', (payload) => void ran.push(payload));
    await jobs.runDue();
    expect(ran).toHaveLength(4);
    expect(await jobs.enqueue('mail', { to: 'a' }, { dedupeKey: 'mail:1' })).toEqual({ id: first.id, created: false });
    await jobs.runDue();
    expect(ran).toHaveLength(4);
  });

  it('enqueues inside a transaction: a rolled-back transaction leaves no job', async () => {
    const jobs = queue();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await jobs.enqueue('mail', null, { db: trx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await database.db.selectFrom('job').select('id').execute()).toHaveLength(0);
  });

  it('does not run a job before its time', async () => {
    const jobs = queue();
    const seen: { payload: unknown; attempt: number; runAt: number }[] = [];
    jobs.register<{ n: number }>(
      'report',
      (payload, job) => void seen.push({ payload, attempt: job.attempt, runAt: job.runAt }),
    );
    const { id } = await jobs.enqueue('report', { n: 1 }, { delayMs: 60 * SECOND });
    expect(await jobs.runDue()).toBe(0);
    clock.now += 60 * SECOND - 1;
    expect(await jobs.runDue()).toBe(0);
    clock.now += 1;
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1, runAt: T0 + 60 * SECOND }]);
    expect((await row(id)).state).toBe('done');
    expect(await jobs.runDue()).toBe(0);
  });

  it('retries with exponential back-off up to its cap, then keeps the job dead with the last error', async () => {
    const jobs = queue();
    const attempts: number[] = [];
    jobs.register(
      'flaky',
      (_payload, job) => {
        attempts.push(job.attempt);
        throw new Error(`failure ${job.attempt}`);
      },
      { maxAttempts: 4, retryBaseMs: SECOND, retryMaxMs: 3 * SECOND },
    );
    const { id } = await jobs.enqueue('flaky', null);
    await jobs.runDue();
    // Waits after attempts 1, 2, 3: 1 s, 2 s, then 4 s capped at 3 s.
    for (const wait of [SECOND, 2 * SECOND, 3 * SECOND]) {
      const failed = await row(id);
      expect(failed).toMatchObject({ state: 'pending', run_at: clock.now + wait, lease_owner: null });
      expect(failed.last_error).toContain(`failure ${failed.attempts}`);
      clock.now += wait - 1;
      await jobs.runDue();
      expect(attempts).toHaveLength(failed.attempts);
      clock.now += 1;
      await jobs.runDue();
    }
    expect(attempts).toEqual([1, 2, 3, 4]);
    const dead = await row(id);
    expect(dead).toMatchObject({ state: 'dead', attempts: 4, lease_owner: null, lease_until: null });
    expect(dead.last_error).toContain('Error: failure 4');
    clock.now += 24 * 3600 * SECOND;
    expect(await jobs.runDue()).toBe(0);
  });

  it('completes a job that succeeds on a retry', async () => {
    const jobs = queue();
    jobs.register(
      'once-flaky',
      (_payload, job) => {
        if (job.attempt === 1) throw new Error('not yet');
      },
      { retryBaseMs: 5 * SECOND },
    );
    const { id } = await jobs.enqueue('once-flaky', null);
    await jobs.runDue();
    clock.now += 5 * SECOND;
    await jobs.runDue();
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2, last_error: expect.stringContaining('not yet') });
  });

  it('runs a recurring job once per interval, across instances and restarts, skipping missed times', async () => {
    const runs: number[] = [];
    const handler = (_payload: unknown, job: { runAt: number }) => void runs.push(job.runAt);
    const a = queue();
    const b = queue();
    a.every('digest', 60 * SECOND, handler);
    b.every('digest', 60 * SECOND, handler);
    await a.runDue();
    await b.runDue();
    expect(runs).toEqual([T0]);
    const rows = await database.db.selectFrom('job').selectAll().where('kind', '=', 'digest').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dedupe_key: recurringKey('digest'), state: 'pending', run_at: T0 + 60 * SECOND });

    clock.now += 60 * SECOND - 1;
    await a.runDue();
    await b.runDue();
    expect(runs).toHaveLength(1);
    clock.now += 1;
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toEqual([T0, T0 + 60 * SECOND]);

    // Down for three and a half intervals: it runs once, then keeps its rhythm.
    clock.now += 210 * SECOND;
    const restarted = queue();
    restarted.every('digest', 60 * SECOND, handler);
    await restarted.runDue();
    await restarted.runDue();
    expect(runs).toEqual([T0, T0 + 60 * SECOND, T0 + 120 * SECOND]);
    expect((await row(rows[0]!.id)).run_at).toBe(T0 + 300 * SECOND);

    // A shorter interval after a deploy brings the next time forward.
    const faster = queue();
    faster.every('digest', 10 * SECOND, handler);
    await faster.runDue();
    expect((await row(rows[0]!.id)).run_at).toBe(clock.now + 10 * SECOND);
  });

  it('keeps a recurring job alive after its last failed attempt', async () => {
    const jobs = queue();
    jobs.every(
      'sync',
      60 * SECOND,
      () => {
        throw new Error('remote down');
      },
      { maxAttempts: 2, retryBaseMs: SECOND },
    );
    await jobs.runDue();
    clock.now += SECOND;
    await jobs.runDue();
    const sync = await database.db.selectFrom('job').selectAll().where('kind', '=', 'sync').executeTakeFirstOrThrow();
    expect(sync).toMatchObject({ state: 'pending', attempts: 0, run_at: T0 + 60 * SECOND });
    expect(sync.last_error).toContain('remote down');
  });

  it('runs again a job whose runner died holding it, once its lease has run out', async () => {
    const jobs = queue({ leaseMs: 30 * SECOND });
    const attempts: number[] = [];
    jobs.register('import', (_payload, job) => void attempts.push(job.attempt));
    const { id } = await jobs.enqueue('import', { file: 'x' });
    // A server claims it and dies without a word.
    const [held] = await claimJobs(database.db, database.dialect, {
      owner: 'dead-server',
      kinds: ['import'],
      limit: 10,
      now: clock.now,
      leaseMs: 30 * SECOND,
      holding: [],
    });
    expect(held).toMatchObject({ id, state: 'running', attempts: 1, lease_owner: 'dead-server' });
    clock.now += 30 * SECOND;
    expect(await jobs.runDue()).toBe(0);
    clock.now += 1;
    expect(await jobs.runDue()).toBe(1);
    expect(attempts).toEqual([2]);
    expect(await row(id)).toMatchObject({ state: 'done', lease_owner: null });
  });

  it('lets a stalled runner lose its job to another and then changes nothing', async () => {
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const a = queue({ leaseMs: 10 * SECOND, owner: 'a' });
    const b = queue({ leaseMs: 10 * SECOND, owner: 'b' });
    const runs: string[] = [];
    a.register('export', async () => {
      runs.push('a');
      await stalled;
    });
    b.register('export', () => void runs.push('b'));
    const { id } = await a.enqueue('export', null);
    const aRun = a.runDue();
    await until('a to start', async () => runs.length === 1);
    expect(await b.runDue()).toBe(0);
    clock.now += 10 * SECOND + 1;
    expect(await b.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2 });
    release();
    await aRun;
    expect(runs).toEqual(['a', 'b']);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2, lease_owner: null });
  });

  it('renews the lease of a long job while its runner lives, so nobody takes it over', async () => {
    let release!: () => void;
    const working = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const a = queue({ leaseMs: 30 * SECOND, owner: 'a' });
    a.register('long', async () => {
      started = true;
      await working;
    });
    const b = queue({ leaseMs: 30 * SECOND, owner: 'b' });
    b.register('long', () => {
      throw new Error('taken over');
    });
    const { id } = await a.enqueue('long', null);
    await a.start();
    try {
      await until('the job to start', async () => started);
      clock.now += 20 * SECOND;
      await until('the lease to be renewed', async () => (await row(id)).lease_until === clock.now + 30 * SECOND);
      clock.now += 20 * SECOND;
      expect(await b.runDue()).toBe(0);
      release();
      await until('the job to be done', async () => (await row(id)).state === 'done');
    } finally {
      release();
      await a.stop();
    }
  });

  it('schedules a recurring job registered after the runner started', async () => {
    const jobs = queue();
    let runs = 0;
    await jobs.start();
    try {
      jobs.every('late', 60 * SECOND, () => void runs++);
      await until('the late job to run', async () => runs === 1);
    } finally {
      await jobs.stop();
    }
  });

  it('gives back the jobs still running when stopped, and finishes the others', async () => {
    const jobs = queue({ stopGraceMs: 100, concurrency: 4 });
    let started = 0;
    jobs.register('slow', async (payload: { ms: number }) => {
      started++;
      await new Promise((r) => setTimeout(r, payload.ms));
    });
    const quick = await jobs.enqueue('slow', { ms: 10 });
    const long = await jobs.enqueue('slow', { ms: 2000 });
    await jobs.start();
    await until('both to start', async () => started === 2);
    await jobs.stop();
    expect(await row(quick.id)).toMatchObject({ state: 'done' });
    expect(await row(long.id)).toMatchObject({ state: 'pending', attempts: 0, lease_owner: null, run_at: T0 });
  });

  it('deletes done jobs after the keeping time, dead ones later, and keeps recurring rows', async () => {
    const jobs = queue({
      cleanupEveryMs: 3600 * SECOND,
      keepDoneMs: 24 * 3600 * SECOND,
      keepDeadMs: 72 * 3600 * SECOND,
    });
    jobs.register('ok', () => {});
    jobs.register(
      'bad',
      () => {
        throw new Error('no');
      },
      { maxAttempts: 1 },
    );
    await jobs.enqueue('ok', null);
    await jobs.enqueue('bad', null);
    await jobs.runDue();
    const states = async () =>
      (await database.db.selectFrom('job').select(['kind', 'state']).orderBy('kind').execute()).map(
        (r) => `${r.kind}:${r.state}`,
      );
    expect(await states()).toEqual(['bad:dead', `${CLEANUP_KIND}:pending`, 'ok:done']);
    clock.now += 24 * 3600 * SECOND + 1;
    await jobs.runDue();
    expect(await states()).toEqual(['bad:dead', `${CLEANUP_KIND}:pending`]);
    clock.now += 48 * 3600 * SECOND;
    await jobs.runDue();
    expect(await states()).toEqual([`${CLEANUP_KIND}:pending`]);
  });

  it('runs each of 1 000 jobs exactly once with two instances sharing the table', async () => {
    const other = openSecond(database);
    const runsPerJob = new Map<number, number>();
    const byInstance = [0, 0];
    const instances = [database, other].map((handle, index) => {
      const jobs = createJobQueue({
        db: handle.db,
        dialect: handle.dialect,
        pollMs: 5,
        concurrency: 8,
        cleanupEveryMs: 0,
        owner: `instance-${index}`,
      });
      jobs.register<{ n: number }>('work', async ({ n }) => {
        runsPerJob.set(n, (runsPerJob.get(n) ?? 0) + 1);
        byInstance[index]!++;
        if (n % 7 === 0) await new Promise((r) => setImmediate(r));
      });
      return jobs;
    });
    try {
      const rows = Array.from({ length: 1000 }, (_, n) => ({
        id: `job-${String(n).padStart(4, '0')}`,
        kind: 'work',
        payload: JSON.stringify({ n }),
        run_at: Date.now() - 1000,
        attempts: 0,
        max_attempts: 5,
        state: 'pending' as const,
        interval_ms: null,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        dedupe_key: null,
        created_at: Date.now(),
        updated_at: Date.now(),
      }));
      for (let i = 0; i < rows.length; i += 250)
        await database.db
          .insertInto('job')
          .values(rows.slice(i, i + 250))
          .execute();
      await Promise.all(instances.map((jobs) => jobs.start()));
      const done = async () =>
        Number(
          (
            await database.db
              .selectFrom('job')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('state', '=', 'done')
              .executeTakeFirstOrThrow()
          ).n,
        );
      await until('1 000 jobs done', async () => (await done()) === 1000);
    } finally {
      await Promise.all(instances.map((jobs) => jobs.stop()));
      await other.close();
    }
    expect(runsPerJob.size).toBe(1000);
    expect([...runsPerJob.values()].every((count) => count === 1)).toBe(true);
    expect(byInstance[0]! + byInstance[1]!).toBe(1000);
    expect(byInstance[0]).toBeGreaterThan(0);
    expect(byInstance[1]).toBeGreaterThan(0);
  });
});

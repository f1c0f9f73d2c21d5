import { afterAll, describe, expect, it } from 'vitest';
import { createWorkerPool } from './worker-pool.ts';

const TASKS = new URL('./worker-pool-task.fixture.ts', import.meta.url);

describe('worker pool', () => {
  const pool = createWorkerPool({ maxThreads: 1, minThreads: 1, taskTimeoutMs: 3000, maxOldGenerationSizeMb: 48 });
  afterAll(() => pool.close());

  it('runs TypeScript task modules in a thread that stays up between tasks', async () => {
    const first = await pool.run<{ threadId: number; value: string }>(TASKS, { kind: 'echo', value: 'a' });
    const second = await pool.run<{ threadId: number; value: string }>(TASKS, { kind: 'echo', value: 'b' });
    expect(first.value).toBe('a');
    expect(second).toEqual({ threadId: first.threadId, value: 'b' });
  });

  it("fails a task with the task's error and keeps the thread", async () => {
    const before = await pool.run<{ threadId: number }>(TASKS, { kind: 'echo', value: '' });
    await expect(pool.run(TASKS, { kind: 'throw', message: 'bad workbook' })).rejects.toThrow('bad workbook');
    expect((await pool.run<{ threadId: number }>(TASKS, { kind: 'echo', value: '' })).threadId).toBe(before.threadId);
  });

  it('stops a task past the time limit, and one past the memory limit, and goes on with a new thread', async () => {
    await expect(pool.run(TASKS, { kind: 'sleep', ms: 60_000 })).rejects.toThrow(/took over 3000 ms/);
    await expect(pool.run(TASKS, { kind: 'allocate' })).rejects.toThrow();
    expect(await pool.run(TASKS, { kind: 'echo', value: 'still here' })).toMatchObject({ value: 'still here' });
  }, 30_000);
});

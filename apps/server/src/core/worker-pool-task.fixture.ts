/** A task module for worker-pool.test.ts. */
import { threadId } from 'node:worker_threads';

export type FixtureTask =
  | { kind: 'echo'; value: string }
  | { kind: 'sleep'; ms: number }
  | { kind: 'throw'; message: string }
  | { kind: 'allocate' };

export default async function run(task: FixtureTask): Promise<unknown> {
  switch (task.kind) {
    case 'echo':
      return { threadId, value: task.value };
    case 'sleep':
      await new Promise((r) => setTimeout(r, task.ms));
      return threadId;
    case 'throw':
      throw new Error(task.message);
    case 'allocate': {
      const keep: number[][] = [];
      for (;;) keep.push(Array.from({ length: 1_000_000 }, (_, i) => i));
    }
  }
}

/**
 * Heavy work off the request thread: a pool of worker threads that stay up between tasks
 * (piscina), each with its own heap limit, so that parsing or building a large file never blocks
 * requests and a hostile file meets the worker's memory limit, not the server's. Starting a thread
 * and loading its modules costs a few hundred milliseconds; a warm thread answers at once.
 *
 * A task module is a TypeScript file whose default export takes the task and answers the result
 * (both go through the structured clone); excel-worker.ts is one. Threads load
 * TypeScript through tsx, as the server does (worker-entry.mjs), and keep every module they load.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** What each thread loads first: it registers tsx, then imports and runs each task's module. */
const ENTRY = new URL('./worker-entry.mjs', import.meta.url).href;

export interface WorkerPoolOptions {
  /** Threads at most; default: the cores but one, at least 2 and at most 4. */
  maxThreads?: number;
  /** Threads kept up even when idle (default 1). */
  minThreads?: number;
  /** How long a thread above minThreads stays up without work (default one minute). */
  idleTimeoutMs?: number;
  /** A task running longer has its thread stopped and fails (default 30 s). */
  taskTimeoutMs?: number;
  /** Heap limit of each thread (default 256 MB); past it the thread stops and its task fails. */
  maxOldGenerationSizeMb?: number;
  /** Tasks waiting for a thread at most; more fail at once (default 200). */
  maxQueue?: number;
}

export interface WorkerPool {
  /** Runs the default export of `module` on `task` in a pool thread and answers its result. */
  run<T>(module: URL, task: unknown): Promise<T>;
  /** Stops every thread; tasks still queued or running fail. */
  close(): Promise<void>;
}

export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const taskTimeoutMs = options.taskTimeoutMs ?? 30_000;
  const pool = new Piscina({
    filename: ENTRY,
    maxThreads: options.maxThreads ?? Math.min(4, Math.max(2, availableParallelism() - 1)),
    minThreads: options.minThreads ?? 1,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    maxQueue: options.maxQueue ?? 200,
    resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 256 },
    // Not the server's own flags (profiling, loaders resolved from its working directory).
    execArgv: [],
  });
  return {
    async run<T>(module: URL, task: unknown): Promise<T> {
      // An aborted task that has started stops its thread; the pool starts another.
      const signal = AbortSignal.timeout(taskTimeoutMs);
      try {
        return (await pool.run({ module: module.href, task }, { signal })) as T;
      } catch (err) {
        if (signal.aborted)
          throw new Error(`worker task ${module.pathname} took over ${taskTimeoutMs} ms`, { cause: err });
        throw err;
      }
    },
    close: () => pool.close({ force: true }),
  };
}

let shared: WorkerPool | null = null;

/**
 * The process's pool, made on first use and shared by every kind of heavy task (spreadsheet
 * imports and exports now; chart rendering and other large files can join it).
 */
export function workerPool(): WorkerPool {
  shared ??= createWorkerPool();
  return shared;
}

/** Stops the shared pool (server shutdown); a later task makes a new one. */
export async function closeWorkerPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}

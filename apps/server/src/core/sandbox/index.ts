import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { ResultCode } from '@atrium/shared';
import type { SandboxAnswer, SandboxJob } from './protocol.ts';

/**
 * Runs an admin-written function `(data) => result` on JSON data in the sandbox thread
 * (worker.ts). The script has a time limit and a memory limit inside QuickJS; should the thread
 * itself stop answering, it is ended and replaced, so the server keeps serving either way.
 */
export interface SandboxLimits {
  timeoutMs: number;
  memoryBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeoutMs: 1_000, memoryBytes: 32 * 1024 * 1024 };

/** Grace beyond the script's own deadline before the thread is considered stuck. */
const WATCHDOG_GRACE_MS = 2_000;
/** Starting the thread (tsx, then loading the WebAssembly module) may take a while on a busy machine. */
const START_GRACE_MS = 15_000;

const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
  new URL('./worker.ts', import.meta.url).href,
)}); })`;

interface Pending {
  resolve(answer: SandboxAnswer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
let started = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function stopWorker(reason: Error) {
  const current = worker;
  worker = undefined;
  started = false;
  for (const [id, p] of pending) {
    clearTimeout(p.timer);
    pending.delete(id);
    p.reject(reason);
  }
  void current?.terminate();
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(BOOTSTRAP, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 128 } });
  // The thread must not keep the process alive on shutdown.
  w.unref();
  w.on('message', (answer: SandboxAnswer) => {
    started = true;
    const p = pending.get(answer.id);
    if (!p) return;
    clearTimeout(p.timer);
    pending.delete(answer.id);
    p.resolve(answer);
  });
  w.on('error', (error) => {
    if (worker === w) stopWorker(sandboxError('error', error.message));
  });
  w.on('exit', () => {
    if (worker === w) stopWorker(sandboxError('error', 'sandbox thread stopped'));
  });
  worker = w;
  return w;
}

function sandboxError(kind: 'timeout' | 'memory' | 'error', message = ''): AppError {
  const key = kind === 'timeout' ? 'scriptTimeout' : kind === 'memory' ? 'scriptMemory' : 'scriptFailed';
  return new AppError(ResultCode.failed, key, { detail: message });
}

/**
 * The function's answer for `data`. Throws 400 scriptTimeout, scriptMemory or scriptFailed
 * (with the script's own error message) when the script does not finish well.
 */
export async function runSandboxed(
  source: string,
  data: unknown,
  limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
): Promise<unknown> {
  const id = nextId++;
  const job: SandboxJob = {
    id,
    source,
    inputJson: JSON.stringify(data ?? null),
    timeoutMs: limits.timeoutMs,
    memoryBytes: limits.memoryBytes,
  };
  const w = ensureWorker();
  const answer = await new Promise<SandboxAnswer>((resolve, reject) => {
    // Jobs queue in the thread; each may use its whole time, so the watchdog allows for those ahead.
    const ahead = pending.size;
    const wait = (ahead + 1) * (limits.timeoutMs + WATCHDOG_GRACE_MS) + (started ? 0 : START_GRACE_MS);
    const timer = setTimeout(() => {
      if (worker === w) stopWorker(sandboxError('timeout'));
    }, wait);
    pending.set(id, { resolve, reject, timer });
    w.postMessage(job);
  });
  if (answer.failure) throw sandboxError(answer.failure.kind, answer.failure.message);
  return JSON.parse(answer.outputJson ?? 'null');
}

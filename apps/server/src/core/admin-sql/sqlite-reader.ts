import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import {
  AdminSqlError,
  type AdminSqlFailure,
  type AdminSqlReader,
  type BoundStatement,
  type ReadOptions,
} from './reader.ts';
import type { ChildReply, ChildRequest } from './sqlite-child.ts';

const CHILD = fileURLToPath(new URL('./sqlite-child.ts', import.meta.url));
/** Statements of every server in this process share the children (tests start many servers). */
const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism()));

interface Job {
  request: Omit<ChildRequest, 'id'>;
  timeoutMs: number;
  resolve(rows: Record<string, unknown>[][]): void;
  reject(error: Error): void;
}

interface Worker {
  child: ChildProcess;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
}

let nextId = 1;
const workers: Worker[] = [];
const queue: Job[] = [];

function failureOf(code: string, message: string): AdminSqlFailure {
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_AUTH')) return 'readOnly';
  if (/more than one statement/i.test(message)) return 'multiple';
  if (/no such (table|column|function)|has no column/i.test(message)) return 'unknownName';
  if (/syntax error|incomplete input|unrecognized token/i.test(message)) return 'syntax';
  return 'failed';
}

function startWorker(): Worker {
  // The child runs TypeScript through tsx, as the server does; it talks over the IPC channel only.
  const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const worker: Worker = { child, job: null };
  child.on('message', (reply: ChildReply) => {
    const job = worker.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(job.timer);
    worker.job = null;
    if ('rows' in reply) job.resolve(reply.rows);
    else job.reject(new AdminSqlError(failureOf(reply.error.code, reply.error.message), reply.error.message));
    pump();
  });
  child.on('exit', () => {
    const at = workers.indexOf(worker);
    if (at >= 0) workers.splice(at, 1);
    if (worker.job) {
      clearTimeout(worker.job.timer);
      worker.job.reject(new AdminSqlError('failed', 'the SQL process stopped'));
      worker.job = null;
    }
    pump();
  });
  // An idle child must not keep a finished process (a test run, a CLI) alive.
  child.unref();
  child.channel?.unref();
  workers.push(worker);
  return worker;
}

function pump() {
  while (queue.length) {
    const worker = workers.find((w) => !w.job) ?? (workers.length < POOL_SIZE ? startWorker() : undefined);
    if (!worker) return;
    const job = queue.shift()!;
    const id = nextId++;
    const timer = setTimeout(() => {
      // better-sqlite3 cannot interrupt a statement: the process goes, and the queue moves on.
      worker.job = null;
      workers.splice(workers.indexOf(worker), 1);
      worker.child.kill('SIGKILL');
      setImmediate(pump);
      job.reject(new AdminSqlError('timeout', `stopped after ${job.timeoutMs} ms`));
    }, job.timeoutMs);
    worker.job = { ...job, id, timer };
    worker.child.ref();
    worker.child.channel?.ref();
    worker.child.send({ id, ...job.request } satisfies ChildRequest);
  }
  for (const w of workers) {
    if (!w.job) {
      w.child.unref();
      w.child.channel?.unref();
    }
  }
}

export function createSqliteReader(file: string, log: FastifyBaseLogger): AdminSqlReader {
  return {
    dialect: 'sqlite',
    read(statements: readonly BoundStatement[], options: ReadOptions) {
      if (file === ':memory:') {
        // Only tests open a database in memory, and no other connection can see one.
        return Promise.reject(new AdminSqlError('unavailable', 'an in-memory database has no file to open'));
      }
      return new Promise<Record<string, unknown>[][]>((resolve, reject) => {
        queue.push({
          request: { file, statements: [...statements], maxRows: options.maxRows },
          timeoutMs: options.timeoutMs,
          resolve,
          reject: (error) => {
            log.warn({ err: error, sql: statements.map((s) => s.text) }, 'admin SQL failed');
            reject(error);
          },
        });
        pump();
      });
    },
    // The children are shared by every reader of the process and end with it.
    close: async () => undefined,
  };
}

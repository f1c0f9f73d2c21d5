import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerKind } from './scenario.ts';
import type { ParentMessage, ServerMessage } from './server-protocol.ts';

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-process.ts');
/**
 * Long enough for migration plus the demo seed, which hashes every demo password with argon2; the
 * large data sets (100 000 flows with 1 000 000 operator rows, 100 000 designed-form records) take
 * minutes on PostgreSQL on a two-core machine.
 */
const startTimeoutMs = (kind: ServerKind) => (kind.startsWith('atrium-large') ? 600_000 : 60_000);
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  kind: ServerKind;
  origin: string;
  pid: number;
  /** CPU microseconds the server process has used so far. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

/** Forks a server process and resolves once it listens; profileDir runs it under --cpu-prof. */
export function startServer(kind: ServerKind, profileDir?: string): Promise<RunningServer> {
  const execArgv = ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  const child = fork(entry, [kind], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${kind} server did not start within ${startTimeoutMs(kind) / 1000} s`));
    }, startTimeoutMs(kind));
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited with code ${code} before listening`));
    };
    child.once('exit', onExit);
    child.once('message', (message: ServerMessage) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      if (message.type !== 'ready') {
        child.kill('SIGKILL');
        return reject(new Error(`${kind} server failed to start: ${message.type === 'failed' ? message.error : ''}`));
      }
      resolve({
        kind,
        origin: `http://127.0.0.1:${message.port}`,
        pid: child.pid!,
        cpuMicros: () => cpuMicros(child),
        stop: () => stop(child),
      });
    });
  });
}

function request(child: ChildProcess, message: ParentMessage) {
  child.send(message);
}

/** The bench asks one question at a time, so the next 'cpu' reply is the answer to this one. */
function cpuMicros(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: ServerMessage) => {
      if (message.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve(message.micros);
    };
    child.on('message', onMessage);
    request(child, { type: 'cpu' });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    request(child, { type: 'stop' });
  });
}

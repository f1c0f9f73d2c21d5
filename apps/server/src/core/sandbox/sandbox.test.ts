import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { runSandboxed } from './index.ts';

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'resolved';
  } catch (error) {
    return error instanceof AppError ? error.messageKey : String(error);
  }
};

describe('sandbox (quickjs in a worker thread)', () => {
  it('runs (data) => result on JSON data and answers JSON', async () => {
    const out = await runSandboxed('(data) => data.map((c) => ({ ...c, upper: c.name.toUpperCase() }))', [
      { name: 'a' },
    ]);
    expect(out).toEqual([{ name: 'a', upper: 'A' }]);
    expect(await runSandboxed('(data) => undefined', 1)).toBeNull();
  });

  it('sees nothing of the server: no require, process, fetch or Node globals', async () => {
    const out = await runSandboxed(
      '() => [typeof require, typeof process, typeof fetch, typeof globalThis.setTimeout]',
      null,
    );
    expect(out).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
  });

  it('stops an endless loop at the time limit while the server thread keeps answering', async () => {
    const started = Date.now();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const key = await codeOf(runSandboxed('(data) => { while (true) {} }', null, { timeoutMs: 300, memoryBytes: 8e6 }));
    clearInterval(timer);
    expect(key).toBe('scriptTimeout');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(ticks).toBeGreaterThan(5);
    // The thread is still usable afterwards.
    expect(await runSandboxed('(d) => d + 1', 1)).toBe(2);
  });

  it('stops a script that eats memory, and reports script errors with their message', async () => {
    const key = await codeOf(
      runSandboxed('() => { const a = []; for (;;) a.push({ n: a.length }); }', null, {
        timeoutMs: 5_000,
        memoryBytes: 8 * 1024 * 1024,
      }),
    );
    expect(key).toBe('scriptMemory');
    expect(await codeOf(runSandboxed('(d) => d.x.y', {}))).toBe('scriptFailed');
    expect(await codeOf(runSandboxed('42', {}))).toBe('scriptFailed');
    expect(await codeOf(runSandboxed('(d) => {', {}))).toBe('scriptFailed');
    expect(await runSandboxed('(d) => d * 2', 21)).toBe(42);
  });
});

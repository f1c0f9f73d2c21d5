import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-main-'));

async function waitForHealth(url: string, deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('the server process', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates, migrates and seeds its database, and on SIGTERM finishes in-flight requests before exiting', async () => {
    const port = 3400 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        LOGIN_RATE_MAX: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, Date.now() + 30_000);
    expect(fs.existsSync(path.join(dataDir, 'atrium.db'))).toBe(true);

    // A sign-in whose request has started but whose body is still on its way when SIGTERM arrives.
    const body = new URLSearchParams({ account: 'admin', password: md5('admin123') }).toString();
    const answer = new Promise<{ code: number }>((resolve, reject) => {
      const req = http.request(`${base}/api/oauth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => child.kill('SIGTERM'), 300);
      setTimeout(() => req.end(body.slice(10)), 700);
    });
    await new Promise((r) => setTimeout(r, 500));
    // Once the signal is in, no new connection is accepted.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(await answer).toMatchObject({ code: 200 });
    expect(await exited).toBe(0);
  });
});

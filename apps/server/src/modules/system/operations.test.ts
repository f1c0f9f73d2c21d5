import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

describe.each(dbTargets())('operations endpoints on $name', (target) => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-ops-'));
    server = await createTestServer(target, { dataDir, metricsToken: 'scrape-secret' });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('/api/ready answers 200 when the database, its migrations and the storage are there', async () => {
    const res = await server.call('GET', '/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ready: true,
      database: true,
      migrations: true,
      redis: null,
      storage: true,
      objectStore: null,
      pending: [],
    });
  });

  it('/api/ready answers 503 naming the storage when the data folder cannot be written', async () => {
    const blocked = path.join(dataDir, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const other = await createTestServer(target, { dataDir: blocked });
    try {
      const res = await other.call('GET', '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 500, data: { ready: false, storage: false, database: true } });
    } finally {
      await other.close();
    }
  });

  it('/metrics needs its token and reports requests by route pattern, sockets, jobs and caches', async () => {
    expect((await server.call('GET', '/metrics')).statusCode).toBe(401);
    expect((await server.call('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const token = await server.login('admin');
    await server.call('GET', '/api/oauth/CurrentUser', { token });
    await server.call('GET', '/api/oauth/CurrentUser', { token });
    const res = await server.call('GET', '/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /atrium_http_request_duration_seconds_count\{method="GET",route="\/api\/oauth\/CurrentUser",status="200"\} [2-9]/,
    );
    expect(text).toContain('atrium_websocket_connections 0');
    expect(text).toMatch(/atrium_jobs_due \d+/);
    expect(text).toMatch(/atrium_job_lag_seconds \d/);
    expect(text).toMatch(/atrium_jobs_dead \d+/);
    if (target.name === 'postgres') expect(text).toMatch(/atrium_db_pool_connections\{state="total"\} \d+/);
    // Memory and event-loop delay, which the soak follows over time.
    const rss = Number(/atrium_process_memory_bytes\{kind="rss"\} (\d+)/.exec(text)?.[1]);
    expect(rss).toBeGreaterThan(10 * 1024 * 1024);
    expect(text).toMatch(/atrium_process_memory_bytes\{kind="heapUsed"\} \d+/);
    expect(text).toMatch(/atrium_event_loop_delay_seconds\{quantile="0.99"\} [\d.e-]+/);
    expect(text).toMatch(/atrium_event_loop_delay_seconds\{quantile="max"\} [\d.e-]+/);
  });

  it('/metrics does not exist while no token is configured', async () => {
    const other = await createTestServer(target, { dataDir });
    try {
      expect((await other.call('GET', '/metrics', { headers: { authorization: 'Bearer ' } })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

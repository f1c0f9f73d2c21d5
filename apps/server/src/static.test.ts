import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from './testing/index.ts';

describe('serving the built web app', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
    server = await createTestServer(dbTargets()[0]!, { webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('S1-2.1-20 answers index.html for any deep link (history mode), never cached', async () => {
    for (const url of ['/', '/home', '/login?redirect=%2Fhome', '/permission/user/deep']) {
      const res = await server.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await server.call('GET', '/assets/app-1a2b.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps API misses in the envelope instead of the page', async () => {
    for (const url of ['/api/unknown', '/prod/api/unknown']) {
      const res = await server.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
    }
    const post = await server.call('POST', '/somewhere', { body: {} });
    expect(post.json().code).toBe(404);
  });
});

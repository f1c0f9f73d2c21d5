import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from './testing/index.ts';

/** A script large enough that the build keeps compressed copies of it. */
const BIG = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];`;

describe('serving the built web app', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
    // What the build's precompress step writes beside a text asset and beside index.html.
    fs.writeFileSync(path.join(dist, 'assets', 'big-3c4d.js'), BIG);
    fs.writeFileSync(path.join(dist, 'assets', 'big-3c4d.js.br'), zlib.brotliCompressSync(BIG));
    fs.writeFileSync(path.join(dist, 'assets', 'big-3c4d.js.gz'), zlib.gzipSync(BIG));
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync('<!doctype html><div id="root"></div>'));
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

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await server.call('GET', '/assets/big-3c4d.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(BIG);
    expect(res.rawPayload.length).toBeLessThan(BIG.length / 4);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await server.call('GET', '/assets/big-3c4d.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await server.call('GET', '/assets/big-3c4d.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(BIG);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to the plain file when an asset has no compressed copy', async () => {
    const res = await server.call('GET', '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('sends index.html compressed but never cached, on the root and on deep links', async () => {
    for (const url of ['/', '/permission/user']) {
      const res = await server.call('GET', url, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString() : res.body;
      expect(body, url).toContain('<div id="root">');
    }
    const root = await server.call('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(root.headers['content-encoding']).toBe('gzip');
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

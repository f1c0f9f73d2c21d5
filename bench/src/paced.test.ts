import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paced } from './paced.ts';

describe('paced load', () => {
  const arrivals: number[] = [];
  const paths: string[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    paths.push(req.url ?? '');
    // A slow answer: a burst would find every connection busy at once.
    setTimeout(() => res.end(req.url === '/fail' ? '{"code":500}' : '{"code":200}'), 30);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('spreads the requests of each second evenly instead of sending them at its start', async () => {
    let n = 0;
    const result = await paced({
      origin,
      request: { method: 'POST', path: '/first', body: '{}', nextPath: () => (++n % 10 === 0 ? '/fail' : `/r${n}`) },
      connections: 16,
      rate: 50,
      seconds: 1,
      verifyBody: (body) => body.startsWith('{"code":200'),
    });
    expect(result.latencies).toHaveLength(50);
    expect(result.badBody).toBe(5);
    expect(result.non2xx + result.socket + result.timeouts).toBe(0);
    expect(paths).not.toContain('/first');
    // 50 a second is one every 20 ms: no 100 ms holds more than a few more than its 5. Sent in a
    // burst, as autocannon's rate limit does, the first 100 ms would hold all 50.
    const start = arrivals[0]!;
    const perWindow = new Map<number, number>();
    for (const at of arrivals)
      perWindow.set(Math.floor((at - start) / 100), (perWindow.get(Math.floor((at - start) / 100)) ?? 0) + 1);
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(12);
    expect(arrivals.at(-1)! - start).toBeGreaterThan(900);
  });
});

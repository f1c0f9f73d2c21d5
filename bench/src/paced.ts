import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { BenchRequest } from './measure.ts';

/** A response slower than this counts as a timeout (autocannon's default). */
const TIMEOUT_MS = 10_000;

export interface PacedOptions {
  origin: string;
  request: BenchRequest;
  /** Connections kept open; at most this many requests are in flight at once. */
  connections: number;
  /** Requests a second, spread evenly over each second. */
  rate: number;
  seconds: number;
  verifyBody?: (body: string) => boolean;
}

export interface PacedResult {
  /** Response times in milliseconds, in the order the responses came. */
  latencies: number[];
  non2xx: number;
  badBody: number;
  socket: number;
  timeouts: number;
  durationSeconds: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Sends requests at an even pace: request k leaves at k / rate seconds, over keep-alive
 * connections. This is what "at half load" means for a latency target. autocannon's rate limit
 * is not this: each connection sends its share of a second as fast as it can when the second
 * starts and then waits, so a "half load" run is full load for part of every second.
 *
 * A request due while every connection is busy waits for one (the server is behind; its wait is
 * not in the figure, as with autocannon, but the rate achieved then falls short of `rate`).
 */
export async function paced(options: PacedOptions): Promise<PacedResult> {
  const { request, connections, rate, seconds, verifyBody } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: PacedResult = {
    latencies: [],
    non2xx: 0,
    badBody: 0,
    socket: 0,
    timeouts: 0,
    durationSeconds: seconds,
  };
  const inFlight = new Set<Promise<void>>();

  const send = (path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      let timedOut = false;
      const req = http.request(
        options.origin + path,
        { method: request.method, headers: request.headers, agent, timeout: TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            result.latencies.push(performance.now() - started);
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299) result.non2xx += 1;
            else if (verifyBody && !verifyBody(Buffer.concat(chunks).toString('utf8'))) result.badBody += 1;
            resolve();
          });
          res.on('error', () => {
            result.socket += 1;
            resolve();
          });
        },
      );
      req.on('timeout', () => {
        timedOut = true;
        result.timeouts += 1;
        req.destroy();
      });
      req.on('error', () => {
        if (!timedOut) result.socket += 1;
        resolve();
      });
      req.end(request.body);
    });

  const interval = 1000 / rate;
  const start = performance.now();
  const total = Math.floor(seconds * rate);
  for (let k = 0; k < total; k += 1) {
    await sleep(start + k * interval - performance.now());
    while (inFlight.size >= connections) await Promise.race(inFlight);
    const path = request.nextPath ? request.nextPath() : request.path;
    const sent: Promise<void> = send(path).then(() => {
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  result.durationSeconds = Math.max(seconds, (performance.now() - start) / 1000);
  agent.destroy();
  return result;
}

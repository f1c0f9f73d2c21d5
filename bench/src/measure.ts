import autocannon from 'autocannon';
import { paced } from './paced.ts';

/** One HTTP request, repeated by every connection for the whole run. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * For requests that use something up (an approval takes a to-do): the path of each next request.
   * `path` is the first, which the probe sends.
   */
  nextPath?: () => string;
}

export interface Measurement {
  connections: number;
  /** Completed responses per second over the measured period. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Non-2xx answers, bodies that failed the check, socket errors and timeouts, all together. */
  errors: number;
  errorDetail: { non2xx: number; badBody: number; socket: number; timeouts: number };
  durationSeconds: number;
  /**
   * Server CPU time per response and the server's CPU use in percent of one core. Near 100% the
   * server is the bottleneck; well below, the load generator or a busy machine limits the figures.
   */
  serverCpuMsPerRequest: number;
  serverCpuPercent: number;
}

export interface MeasureOptions {
  origin: string;
  request: BenchRequest;
  connections: number;
  /** Requests a second across all connections, evenly paced (paced.ts); as fast as it goes without. */
  rate?: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Checks each response body during the run; a false answer counts as an error. */
  verifyBody?: (body: string | Buffer | undefined) => boolean;
  /** CPU microseconds used by the server process so far. */
  serverCpuMicros: () => Promise<number>;
}

function cannon(options: autocannon.Options, onLatency?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err: unknown, result) => (err ? reject(err) : resolve(result)));
    if (onLatency) instance.on('response', (_client, _status, _bytes, responseTime) => onLatency(responseTime));
  });
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Loads the server for a warm-up period, then measures a fresh period. Percentiles come from the
 * raw response times rather than autocannon's histogram, which keeps whole milliseconds only: too
 * coarse to compare two latencies of 2-3 ms.
 */
export async function measure(options: MeasureOptions): Promise<Measurement> {
  if (options.rate) return measurePaced({ ...options, rate: options.rate });
  const { request } = options;
  const base: autocannon.Options = {
    url: options.origin + request.path,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: options.connections,
    ...(options.verifyBody ? { verifyBody: options.verifyBody } : {}),
    ...(request.nextPath
      ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: request.nextPath!() }) }] }
      : {}),
  };
  await cannon({ ...base, duration: options.warmupSeconds });

  const latencies: number[] = [];
  const cpuBefore = await options.serverCpuMicros();
  const result = await cannon({ ...base, duration: options.durationSeconds }, (ms) => latencies.push(ms));
  const cpuMs = ((await options.serverCpuMicros()) - cpuBefore) / 1000;
  return figures(options.connections, latencies, result.duration, cpuMs, {
    non2xx: result.non2xx,
    badBody: result.mismatches,
    socket: result.errors - result.timeouts,
    timeouts: result.timeouts,
  });
}

/** The figures of a measured period from its raw response times, errors and server CPU time. */
function figures(
  connections: number,
  latencies: readonly number[],
  durationSeconds: number,
  cpuMs: number,
  errorDetail: Measurement['errorDetail'],
): Measurement {
  const sorted = Float64Array.from(latencies).sort();
  const requests = latencies.length;
  return {
    connections,
    rps: requests / durationSeconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    requests,
    errors: errorDetail.non2xx + errorDetail.badBody + errorDetail.socket + errorDetail.timeouts,
    errorDetail,
    durationSeconds,
    serverCpuMsPerRequest: requests ? cpuMs / requests : NaN,
    serverCpuPercent: (cpuMs / (durationSeconds * 1000)) * 100,
  };
}

/** The same figures for a run at a fixed rate, sent at an even pace rather than in bursts. */
async function measurePaced(options: MeasureOptions & { rate: number }): Promise<Measurement> {
  const verifyBody = options.verifyBody;
  const run = (seconds: number) =>
    paced({
      origin: options.origin,
      request: options.request,
      connections: options.connections,
      rate: options.rate,
      seconds,
      ...(verifyBody ? { verifyBody: (body: string) => verifyBody(body) } : {}),
    });
  await run(options.warmupSeconds);
  const cpuBefore = await options.serverCpuMicros();
  const result = await run(options.durationSeconds);
  const cpuMs = ((await options.serverCpuMicros()) - cpuBefore) / 1000;
  const { latencies, durationSeconds, non2xx, badBody, socket, timeouts } = result;
  return figures(options.connections, latencies, durationSeconds, cpuMs, { non2xx, badBody, socket, timeouts });
}

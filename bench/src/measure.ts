import autocannon from 'autocannon';

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
  /** Requests a second across all connections (autocannon's overallRate); as fast as it goes without. */
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
  const { request } = options;
  const base: autocannon.Options = {
    url: options.origin + request.path,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: options.connections,
    ...(options.rate ? { overallRate: options.rate } : {}),
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
  const sorted = Float64Array.from(latencies).sort();
  const errorDetail = {
    non2xx: result.non2xx,
    badBody: result.mismatches,
    socket: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
  return {
    connections: options.connections,
    rps: result.requests.total / result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    requests: result.requests.total,
    errors: errorDetail.non2xx + errorDetail.badBody + errorDetail.socket + errorDetail.timeouts,
    errorDetail,
    durationSeconds: result.duration,
    serverCpuMsPerRequest: result.requests.total ? cpuMs / result.requests.total : NaN,
    serverCpuPercent: (cpuMs / (result.duration * 1000)) * 100,
  };
}

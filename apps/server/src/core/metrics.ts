import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Db, DatabaseHandle } from '../db/index.ts';
import { memoStats } from '../db/table-changes.ts';
import type { PushHub } from './push.ts';

/** What the metrics read at scrape time. */
export interface MetricsSources {
  db: Db;
  push: PushHub;
  pool: DatabaseHandle['pool'];
  now: () => number;
}

/**
 * The figures an operator scrapes from `/metrics` (docs/operations.md), in Prometheus' text format:
 * - `atrium_http_request_duration_seconds{method,route,status}`: a histogram per route pattern
 *   (its count is the request rate);
 * - `atrium_websocket_connections`: sockets open on this instance;
 * - `atrium_jobs_due`, `atrium_job_lag_seconds`, `atrium_jobs_dead`: the shared job queue;
 * - `atrium_db_pool_connections{state}`: PostgreSQL's pool (total, idle, waiting);
 * - `atrium_cache_lookups{cache,result}`: hits and misses of each row memo in this process;
 * - `atrium_process_memory_bytes{kind}`: resident set and heap of this process;
 * - `atrium_event_loop_delay_seconds{quantile}`: how late timers ran since the previous scrape
 *   (0.5, 0.99, max): a blocked event loop delays every request and every chat frame.
 * Queue figures come from the database, so every instance reports the same queue.
 */
export function createMetrics(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'atrium_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Callback style: a hook on every request should not cost a promise, nor hold back the hooks after it.
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, not the path: ids in paths would give every record a series of its own.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'atrium_websocket_connections',
    help: 'Websockets open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.push.localSockets());
    },
  });

  const due = new Gauge({ name: 'atrium_jobs_due', help: 'Pending jobs whose time has come', registers: [registry] });
  const lag = new Gauge({
    name: 'atrium_job_lag_seconds',
    help: 'How long the oldest due job has waited past its time',
    registers: [registry],
  });
  new Gauge({
    name: 'atrium_jobs_dead',
    help: 'Jobs that failed every attempt',
    registers: [registry],
    async collect() {
      const now = sources.now();
      const [pending, failed] = await Promise.all([
        sources.db
          .selectFrom('job')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('run_at').as('oldest')])
          .where('state', '=', 'pending')
          .where('run_at', '<=', now)
          .executeTakeFirstOrThrow(),
        sources.db
          .selectFrom('job')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', 'dead')
          .executeTakeFirstOrThrow(),
      ]);
      due.set(Number(pending.n));
      lag.set(pending.oldest === null ? 0 : Math.max(0, now - Number(pending.oldest)) / 1000);
      this.set(Number(failed.n));
    },
  });

  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'atrium_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const figures = pool();
        this.set({ state: 'total' }, figures.total);
        this.set({ state: 'idle' }, figures.idle);
        this.set({ state: 'waiting' }, figures.waiting);
      },
    });
  }

  new Gauge({
    name: 'atrium_cache_lookups',
    help: 'Row memo lookups in this process, by memo and result',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      for (const [cache, stats] of memoStats) {
        this.set({ cache, result: 'hit' }, stats.hits);
        this.set({ cache, result: 'miss' }, stats.misses);
      }
    },
  });
  new Gauge({
    name: 'atrium_process_memory_bytes',
    help: 'Memory of this process: resident set and V8 heap in use',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const memory = process.memoryUsage();
      this.set({ kind: 'rss' }, memory.rss);
      this.set({ kind: 'heapUsed' }, memory.heapUsed);
    },
  });

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  app.addHook('onClose', async () => loopDelay.disable());
  new Gauge({
    name: 'atrium_event_loop_delay_seconds',
    help: 'Event loop delay since the previous scrape, by quantile',
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      // The histogram counts nanoseconds; it restarts at each scrape so every figure covers one interval.
      const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      this.set({ quantile: '0.5' }, seconds(loopDelay.percentile(50)));
      this.set({ quantile: '0.99' }, seconds(loopDelay.percentile(99)));
      this.set({ quantile: 'max' }, seconds(loopDelay.max));
      loopDelay.reset();
    },
  });
  return registry;
}

import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { z } from 'zod';

import { pendingMigrations } from '../../db/index.ts';
import { fileReply, okData } from '../../core/response-schema.ts';
import type { App, Services } from '../../core/types.ts';

const healthData = z.object({ ok: z.boolean(), database: z.enum(['sqlite', 'postgres']), dbMs: z.number().optional() });

const readyData = z.object({
  ready: z.boolean(),
  database: z.boolean(),
  migrations: z.boolean(),
  redis: z.boolean().nullable(),
  /** The data folder can be written (SQLite, scratch files, and the files themselves without S3). */
  storage: z.boolean(),
  /** The S3-compatible object store answers for its bucket; null when files stay in the data folder. */
  objectStore: z.boolean().nullable(),
  /** Migrations the database has not run yet. */
  pending: z.array(z.string()),
});

const plainText = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string() } },
});

/** Whether a check passes, without letting its failure escape. */
const passes = async (check: () => Promise<unknown>) => {
  try {
    return (await check()) !== false;
  } catch {
    return false;
  }
};

export async function healthRoutes(app: App, { db, dialect, config, push, metrics, storage: files }: Services) {
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database, migrations, Redis and the object store (when configured) and file storage',
        description:
          'A load balancer sends traffic only while this answers 200; 503 names what is not ready. ' +
          '`redis` is null when the instance runs without Redis, `objectStore` when files stay in the data folder.',
        response: {
          200: okData(readyData),
          503: z.object({ code: z.literal(500), msg: z.string(), data: readyData }),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      let pending: string[] = [];
      const [database, migrations, redis, storage, objectStore] = await Promise.all([
        passes(() => sql`select 1`.execute(db)),
        passes(async () => (pending = await pendingMigrations(db)).length === 0),
        config.redisUrl ? passes(() => push.reachable()) : Promise.resolve(null),
        // The folder is made on first use; ready means it can be, and can be written.
        passes(async () => {
          await fs.mkdir(config.dataDir, { recursive: true });
          await fs.access(config.dataDir, fs.constants.W_OK);
        }),
        // HeadBucket, within a few seconds: the bucket exists and these keys may reach it.
        files.kind === 's3' ? passes(() => files.check()) : Promise.resolve(null),
      ]);
      const data = { database, migrations, redis, storage, objectStore, pending, ready: false };
      data.ready = database && migrations && redis !== false && storage && objectStore !== false;
      if (data.ready) return { code: 200 as const, msg: 'Success', data };
      request.log.warn({ ready: data }, 'not ready');
      return reply.status(503).send({ code: 500, msg: 'not ready', data });
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        // An operator's endpoint outside the API: plain text, not the envelope, and not in /api/docs.
        hide: true,
        tags: ['system'],
        summary: 'Prometheus metrics, behind the bearer token of METRICS_TOKEN (404 while it is unset)',
        response: {
          ...fileReply('the metrics in Prometheus text format', 'text/plain'),
          401: plainText('the token is missing or wrong'),
          404: plainText('METRICS_TOKEN is not set'),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const token = config.metricsToken;
      // No token configured: the route does not exist, as far as anyone can tell.
      if (!token) return reply.status(404).type('text/plain').send('Not Found');
      if (request.headers.authorization !== `Bearer ${token}`)
        return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized');
      return reply.type(metrics.contentType).send(await metrics.metrics());
    },
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness with a database round trip',
        // A load balancer reads the status: 503 with code 500 while the database is unreachable.
        response: {
          200: okData(healthData),
          503: z.object({ code: z.literal(500), msg: z.string(), data: healthData }),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const started = performance.now();
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ code: 500, msg: 'database unreachable', data: { database: dialect, ok: false } });
      }
      return {
        code: 200 as const,
        msg: 'Success',
        data: { ok: true, database: dialect, dbMs: Math.round((performance.now() - started) * 100) / 100 },
      };
    },
  );
}

import { sql } from 'kysely';
import { z } from 'zod';

import { okData } from '../../core/response-schema.ts';
import type { App, Services } from '../../core/types.ts';

const healthData = z.object({ ok: z.boolean(), database: z.enum(['sqlite', 'postgres']), dbMs: z.number().optional() });

export async function healthRoutes(app: App, { db, dialect }: Services) {
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

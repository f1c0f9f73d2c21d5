import { sql } from 'kysely';

import type { App, Services } from '../../core/types.ts';

export async function healthRoutes(app: App, { db, dialect }: Services) {
  app.get(
    '/api/health',
    {
      schema: { tags: ['system'], summary: 'Liveness with a database round trip' },
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
        code: 200,
        msg: 'Success',
        data: { ok: true, database: dialect, dbMs: Math.round((performance.now() - started) * 100) / 100 },
      };
    },
  );
}

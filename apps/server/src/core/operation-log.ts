import type { FastifyReply, FastifyRequest } from 'fastify';
import { newId } from './ids.ts';
import { placeOf } from './place.ts';
import type { App, Services } from './types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route only reads, though its method is POST: a list or a picker whose query is too rich
     * for a URL. It is not an operation, so it is not logged.
     */
    reads?: true;
  }
}

/**
 * Writes an operation entry (category 5) for every change a signed-in user makes through the API,
 * so "my system log" shows what was done, from where and how long it took. Reads are not logged:
 * GET, HEAD and OPTIONS, and the POST routes that declare `reads`. The row keeps codes (method,
 * route pattern, status), not words: core/log-text.ts says them in the language of whoever reads
 * the log.
 */
export function registerOperationLog(app: App, { db, now }: Services): void {
  // Reads, most of the traffic, leave without a promise; changes wait for their log line.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    if (request.routeOptions.config.reads) return done();
    const session = request.session;
    const authority = request.authority;
    if (!session || !authority) return done();
    void write(request, reply, session.userId, authority.user.real_name).then(() => done());
  });

  async function write(request: FastifyRequest, reply: FastifyReply, userId: string, userName: string) {
    try {
      await db
        .insertInto('sys_log')
        .values({
          id: newId(now()),
          category: 5,
          user_id: userId,
          user_name: userName,
          ip: request.ip,
          place: placeOf(request.ip),
          user_agent: (request.headers['user-agent'] ?? '').slice(0, 500),
          // For whoever reads the table; lists make the row's text from method, route and status
          // in the reader's language (core/log-text.ts).
          abstracts: (request.routeOptions.schema?.summary ?? '').slice(0, 500),
          request_url: (request.routeOptions.url ?? request.url).slice(0, 500),
          request_method: request.method,
          status: reply.statusCode,
          duration: Math.round(reply.elapsedTime),
          created_at: now(),
        })
        .execute();
    } catch (err) {
      // The change itself has been made; a lost log line must not turn it into an error.
      request.log.warn({ err }, 'operation log not written');
    }
  }
}

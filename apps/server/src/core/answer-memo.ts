import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRowMemo, type TableChanges } from '../db/table-changes.ts';
import { encodedOnce, preferredCoding } from './content-coding.ts';

/**
 * Ready answers of a read whose result depends only on the request's key and on a few tables, and
 * not on who asks (areas for an address picker, for example). The serialised bytes are kept until a
 * write to one of the tables is seen (a row memo, docs/caching.md), so a repeated read costs
 * neither its queries nor its serialisation; a compressed copy is made once per kept answer.
 * Where memos cannot trust their rows (PostgreSQL without Redis) every call reads through.
 */
export function createAnswerMemo(
  changes: TableChanges | null,
  declaration: { name: string; tables: readonly string[]; maxEntries: number },
) {
  const memo = createRowMemo<{ body: Buffer }>(changes, declaration);
  return {
    declaration: memo.declaration,
    /**
     * Sends the kept answer for `key`, or the one `read` makes (as the route would answer it: the
     * route's response schema serialises it). Answer with what this returns.
     */
    async send(request: FastifyRequest, reply: FastifyReply, key: string, read: () => Promise<unknown>) {
      const kept = await memo.get(key, async () => ({ body: Buffer.from(reply.serialize(await read()) as string) }));
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const coding = preferredCoding(request.headers['accept-encoding']);
      if (!coding) return reply.send(kept!.body);
      return reply.header('content-encoding', coding).send(encodedOnce(kept!.body, coding));
    },
  };
}

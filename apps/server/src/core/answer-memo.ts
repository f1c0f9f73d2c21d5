import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRowMemo, type TableChanges } from '../db/table-changes.ts';
import type { Authority } from './authority.ts';
import { encodedOnce, preferredCoding } from './content-coding.ts';
import { withoutHiddenFields } from './field-grants.ts';

const authorityKeys = new WeakMap<Authority, number>();
let nextAuthorityKey = 1;

/**
 * A key part that stands for one computed authority of one user: the authority service answers
 * the same object while none of the user's rows and revisions moved, and a new one as soon as any
 * grant, data scheme or membership could have changed (core/authority.ts). An answer kept under
 * it is therefore one this caller, with these grants and scopes, may be given.
 */
export function authorityKey(authority: Authority): string {
  let key = authorityKeys.get(authority);
  if (key === undefined) authorityKeys.set(authority, (key = nextAuthorityKey++));
  return `${authority.user.id}#${key}`;
}

/**
 * Ready answers of a read whose result depends only on the request's key and on a few tables: the
 * same for everyone (areas for an address picker), or, with `authorityKey` in the key, for one
 * caller's grants (a users list under his data scope and column grants). The serialised bytes are
 * kept until a write to one of the tables is seen (a row memo, docs/caching.md), so a repeated read
 * costs neither its queries nor its serialisation; a compressed copy is made once per kept answer.
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
     * Sends the kept answer for `key`, or the one `read` makes as the route would answer it: without
     * the fields the caller may not see, serialised by the route's response schema. Answer with
     * what this returns.
     */
    async send(request: FastifyRequest, reply: FastifyReply, key: string, read: () => Promise<unknown>) {
      const kept = await memo.get(key, async () => {
        const answer = await read();
        const shown = request.fieldGrants ? withoutHiddenFields(answer, request.fieldGrants) : answer;
        return { body: Buffer.from(reply.serialize(shown) as string) };
      });
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const coding = preferredCoding(request.headers['accept-encoding']);
      if (!coding) return reply.send(kept!.body);
      return reply.header('content-encoding', coding).send(encodedOnce(kept!.body, coding));
    },
  };
}

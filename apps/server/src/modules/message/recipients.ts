import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Tx } from '../../db/tx.ts';
import { membersOfSubtree } from '../permission/users.ts';

type RelationType = 'Position' | 'Role' | 'Group';
const RELATION_OF: Record<string, RelationType> = { position: 'Position', role: 'Role', group: 'Group' };
const ORGANISATION = new Set(['company', 'department', 'organize']);

/**
 * The enabled users a notice goes to. `values` are picker values `id--type` (a bare id is a user):
 * organisations count with their whole subtree, roles, positions and groups by membership. The
 * empty list is everyone.
 */
export async function resolveRecipients(db: Db | Tx, values: readonly string[]): Promise<string[]> {
  let query = db.selectFrom('users').select('users.id').where('users.enabled', '=', 1);
  if (values.length) {
    query = query.where((eb) => {
      const parts: Expression<SqlBool>[] = [];
      const userIds: string[] = [];
      const related = new Map<RelationType, string[]>();
      for (const value of values) {
        const [id, type = 'user'] = value.split('--') as [string, string?];
        if (ORGANISATION.has(type)) parts.push(eb('users.id', 'in', membersOfSubtree(db, id)));
        else if (RELATION_OF[type]) {
          const list = related.get(RELATION_OF[type]) ?? [];
          list.push(id);
          related.set(RELATION_OF[type], list);
        } else userIds.push(id);
      }
      if (userIds.length) parts.push(eb('users.id', 'in', userIds));
      for (const [type, ids] of related)
        parts.push(
          eb(
            'users.id',
            'in',
            db
              .selectFrom('user_relation')
              .select('user_relation.user_id')
              .where('user_relation.object_type', '=', type)
              .where('user_relation.object_id', 'in', ids),
          ),
        );
      return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
    });
  }
  const rows = await query.execute();
  return rows.map((r) => r.id);
}

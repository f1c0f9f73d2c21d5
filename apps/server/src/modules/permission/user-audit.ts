import { rowSnapshot, type AuditContext, type AuditRecord } from '../../core/audit.ts';
import type { Db } from '../../db/index.ts';

/**
 * A user as the audit trail keeps them: the row (the sign-in secrets live in the credential store
 * and never in it) with the organisations, positions, roles and groups they belong to, since a
 * user's edit changes those as much as the name.
 */
export async function userSnapshot(db: Db, { id }: AuditContext): Promise<unknown> {
  const row = await rowSnapshot(db, 'users', id);
  if (!row || !id) return null;
  const relations = await db
    .selectFrom('user_relation')
    .select(['object_type', 'object_id'])
    .where('user_id', '=', id)
    .orderBy('object_type')
    .orderBy('object_id')
    .execute();
  const of = (type: string) => relations.filter((r) => r.object_type === type).map((r) => r.object_id);
  return {
    ...(row as Record<string, unknown>),
    organizeIds: of('Organize'),
    positionIds: of('Position'),
    roleIds: of('Role'),
    groupIds: of('Group'),
  };
}

/** The audit declaration of a route that changes one user (`:id`, or the new user's id on create). */
export const auditUser = (action: AuditRecord['action']): AuditRecord => ({
  resource: 'user',
  action,
  load: userSnapshot,
});

import type { FastifyRequest } from 'fastify';
import type { Authority } from '../../../core/authority.ts';
import type { RecordSource } from '../../../core/record-access.ts';
import type { Db } from '../../../db/index.ts';
import { recordList } from './detail.ts';
import type { Tx } from '../../../db/tx.ts';

/** The menu whose holders watch and steer every instance (docs/workflow.md, "Who may read an instance"). */
export const MONITOR_MENU = 'workFlow.flowMonitor';

/** True when the user holds the monitor menu (administrators hold everything). */
const monitors = (authority: Authority) => authority.user.is_administrator === 1 || authority.codes.has(MONITOR_MENU);

/** True when the signed-in caller holds the monitor menu. */
export function holdsMonitor(request: FastifyRequest): boolean {
  return request.authority ? monitors(request.authority) : false;
}

/**
 * Whether a user takes part in an instance: its initiator (or who launched it for him), one of its
 * operators now or before (as assignee or as the one a delegate or a transfer stood in for), or
 * someone it was copied to.
 */
export async function takesPart(db: Db | Tx, userId: string, instanceId: string): Promise<boolean> {
  const instance = await db
    .selectFrom('flow_instance')
    .select('id')
    .where('id', '=', instanceId)
    .where((eb) => eb.or([eb('initiator_id', '=', userId), eb('delegated_by', '=', userId)]))
    .executeTakeFirst();
  if (instance) return true;
  const operator = await db
    .selectFrom('flow_operator')
    .select('id')
    .where('instance_id', '=', instanceId)
    .where((eb) => eb.or([eb('assignee_id', '=', userId), eb('original_assignee_id', '=', userId)]))
    .limit(1)
    .executeTakeFirst();
  if (operator) return true;
  const copy = await db
    .selectFrom('flow_circulate')
    .select('id')
    .where('instance_id', '=', instanceId)
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return copy !== undefined;
}

/**
 * Whether the caller may read an instance. Callers who may not are answered 404, as if it did not
 * exist: ids are not secrets. An instance that does not exist is readable by nobody.
 */
export async function canReadInstance(db: Db, request: FastifyRequest, instanceId: string): Promise<boolean> {
  const userId = request.session?.userId;
  if (!userId) return false;
  if (holdsMonitor(request)) return instanceExists(db, instanceId);
  return takesPart(db, userId, instanceId);
}

const instanceExists = async (db: Db, instanceId: string) =>
  (await db.selectFrom('flow_instance').select('id').where('id', '=', instanceId).executeTakeFirst()) !== undefined;

/**
 * Flow instances as records that record-bound reads may name (a print template printing an
 * instance): the same readers as the detail page, and the instance's approvals for the template's
 * approval table.
 */
export function flowRecordSource(db: Db): RecordSource {
  return {
    kind: 'flowTask',
    async maySee(authority, id) {
      if (!(await instanceExists(db, id))) return undefined;
      return monitors(authority) || takesPart(db, authority.user.id, id);
    },
    async approvalRecords(id) {
      if (!(await instanceExists(db, id))) return undefined;
      return (await recordList(db, id)).map((r) => ({
        nodeName: r.nodeName,
        userName: r.userName,
        handleTime: r.handleTime,
        handleStatus: r.handleStatus,
        handleOpinion: r.handleOpinion,
      }));
    },
  };
}

/** The initiator's own calls beside withdraw: urging the current handlers and deleting a flow. */
import { FlowStatus, HandleStatus, TERMINAL_FLOW_STATUSES } from '@atrium/shared/workflow';
import { fail, notFound } from '../../../core/errors.ts';
import type { UnitOfWork } from '../../../core/unit-of-work.ts';
import { lockRow } from '../../../db/tx.ts';
import { EngineError } from '../engine/errors.ts';
import { onInstance, type RuntimeServices } from './service.ts';

/** An initiator may urge one instance once in this time. */
export const URGE_INTERVAL_MS = 10 * 60_000;

/** Tells the pending handlers again (message title 【催办】), at most once per interval. */
export async function urge(
  services: RuntimeServices,
  unit: UnitOfWork,
  instanceId: string,
  userId: string,
): Promise<void> {
  await onInstance(services, unit, instanceId, { userId, source: 'user' }, async (w) => {
    if (w.instance.initiator_id !== userId && w.instance.delegated_by !== userId) throw notFound('flowNotFound');
    if (w.instance.status !== FlowStatus.wait) throw new EngineError('flowNotRunning');
    const now = w.now();
    const last = await unit.trx
      .selectFrom('flow_record')
      .select('created_at')
      .where('instance_id', '=', instanceId)
      .where('handle_status', '=', HandleStatus.urged)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (last && now - last.created_at < URGE_INTERVAL_MS)
      throw fail('flowUrgeTooOften', { minutes: Math.ceil((URGE_INTERVAL_MS - (now - last.created_at)) / 60_000) });
    w.record({
      node: { id: null, nodeId: w.state.tree.nodeId, name: w.state.tree.name },
      handleStatus: HandleStatus.urged,
      visible: false,
    });
    for (const op of w.state.operators)
      if (op.state === 'pending')
        w.notify({
          kind: 'urge',
          userIds: [op.assignee_id],
          operatorId: op.id,
          nodeId: op.node_id,
          nodeName: op.node_name,
        });
  });
}

/** Deletes an own draft or ended flow with its rows; child flows belong to their parent and stay. */
export async function deleteInstance(unit: UnitOfWork, instanceId: string, userId: string): Promise<void> {
  const trx = unit.trx;
  await lockRow(trx, 'flow_instance', instanceId);
  const row = await trx.selectFrom('flow_instance').selectAll().where('id', '=', instanceId).executeTakeFirst();
  if (!row) throw notFound('flowNotFound');
  const own = row.initiator_id === userId || row.delegated_by === userId;
  const deletable = row.status === FlowStatus.draft || TERMINAL_FLOW_STATUSES.includes(row.status);
  if (!own || !deletable || row.parent_instance_id) throw fail('flowDeleteNotAllowed');
  for (const table of ['flow_record', 'flow_operator', 'flow_node_instance', 'flow_circulate', 'flow_comment'] as const)
    await trx.deleteFrom(table).where('instance_id', '=', instanceId).execute();
  await trx.deleteFrom('flow_instance').where('id', '=', instanceId).execute();
}

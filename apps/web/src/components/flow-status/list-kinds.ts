import { FlowOpType, type FlowDetailConfig, type FlowListItem } from '@atrium/shared/workflow';

/** The flow menus' lists: my applications, to-do, done, CC and the monitor. */
export type FlowListKind = 'launch' | 'todo' | 'done' | 'circulate' | 'monitor';

/**
 * The detail page's config for a row: a row's `id` is the operator (to-do), the record (done), the
 * CC row (CC) or the instance (launch, monitor); `taskId` is always the instance. A draft of mine
 * opens as a launch again, to be edited and submitted.
 */
export function detailConfigOf(kind: FlowListKind, row: FlowListItem): FlowDetailConfig {
  const instance = row.taskId || row.id;
  switch (kind) {
    case 'launch':
      return row.status === 0
        ? { id: row.id, flowId: row.flowId, opType: FlowOpType.launch }
        : { id: row.id, flowId: row.flowId, opType: FlowOpType.myLaunch };
    case 'todo':
      return {
        id: instance,
        flowId: row.flowId,
        opType: FlowOpType.todo,
        taskOperatorId: row.id,
        taskNodeId: row.thisStepId || undefined,
      };
    case 'done':
      return { id: instance, flowId: row.flowId, opType: FlowOpType.done, taskOperatorId: row.id };
    case 'circulate':
      return { id: instance, flowId: row.flowId, opType: FlowOpType.circulate, circulateId: row.id };
    case 'monitor':
      return { id: instance, flowId: row.flowId, opType: FlowOpType.monitor };
  }
}

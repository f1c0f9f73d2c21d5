/**
 * The read side of one instance: the detail page (`FlowBefore/{id}`), its records, a draft, and
 * whether an operator can still act. Callers have checked `canReadInstance` first.
 */
import {
  FlowOpType,
  FlowStatus,
  findNode,
  isApproverNode,
  type FlowNode,
  type FormOperate,
  type StartProperties,
} from '@atrium/shared/workflow';
import type { Db } from '../../../db/index.ts';
import { ticketedAttachments, type FileLinks } from '../../file/links.ts';
import { lookAhead } from '../engine/preview.ts';
import type { Choices, InstanceState } from '../engine/state.ts';
import { expectedHandlers } from './resolve.ts';
import { conditionOf, versionTree } from './store.ts';

const parse = <T>(text: string | null | undefined, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

async function userNames(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)].filter(Boolean);
  if (!list.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', list).execute();
  return new Map(rows.map((r) => [r.id, `${r.real_name}/${r.account}`]));
}

/** The fields a node lets its handlers read: all when it lists none. */
export function readableData(data: Record<string, unknown>, operates: FormOperate[] | undefined) {
  if (!operates?.length) return data;
  const readable = new Set(operates.filter((o) => o.read || o.write).map((o) => o.id));
  return Object.fromEntries(Object.entries(data).filter(([k]) => readable.has(k)));
}

/** The records of an instance; with `links`, their attachments carry fresh links for that reader. */
export async function recordList(db: Db, instanceId: string, links?: FileLinks) {
  const rows = await db
    .selectFrom('flow_record')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .where('visible', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.handler_id, ...(r.target_user_ids?.split(',') ?? [])]),
  );
  return rows.map((r) => ({
    id: r.id,
    nodeId: r.node_id,
    nodeName: r.node_name,
    handleId: r.handler_id,
    userName: names.get(r.handler_id) ?? r.handler_id,
    handleTime: r.created_at,
    handleStatus: r.handle_status,
    handleOpinion: r.opinion,
    signImg: r.sign_img,
    fileList: parse<unknown[]>(links ? ticketedAttachments(r.file_list, links) : r.file_list, []),
    operatorId: r.operator_id,
    targetUserNames: r.target_user_ids
      ? r.target_user_ids
          .split(',')
          .map((id) => names.get(id) ?? id)
          .join(',')
      : null,
  }));
}

export interface Viewer {
  userId: string;
  monitor: boolean;
  now: number;
  /** The viewer's links to the records' attachments. */
  links?: FileLinks;
}

export async function instanceDetail(
  db: Db,
  viewer: Viewer,
  instanceId: string,
  query: { taskOperatorId?: string; circulateId?: string },
) {
  const instance = await db
    .selectFrom('flow_instance')
    .selectAll()
    .where('id', '=', instanceId)
    .executeTakeFirstOrThrow();
  const [template, version, nodes, operators, records] = await Promise.all([
    db.selectFrom('flow_template').selectAll().where('id', '=', instance.template_id).executeTakeFirst(),
    db
      .selectFrom('flow_template_version')
      .select(['version_no'])
      .where('id', '=', instance.version_id)
      .executeTakeFirst(),
    db
      .selectFrom('flow_node_instance')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .orderBy('entered_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('flow_operator')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
    recordList(db, instanceId, viewer.links),
  ]);
  const tree = (await versionTree(db, instance.version_id))!;
  const root: FlowNode = tree.tree;
  const formData = parse<Record<string, unknown>>(instance.form_data, {});
  const names = await userNames(db, [
    instance.initiator_id,
    ...(instance.delegated_by ? [instance.delegated_by] : []),
    ...operators.map((o) => o.assignee_id),
  ]);

  // Whose view: the operator's (to-do or done), the initiator's, a copy's, or the monitor's.
  const ownOperator = (o: (typeof operators)[number]) =>
    o.assignee_id === viewer.userId || o.original_assignee_id === viewer.userId;
  let operator = query.taskOperatorId
    ? operators.find((o) => o.id === query.taskOperatorId && ownOperator(o))
    : undefined;
  const isInitiator = instance.initiator_id === viewer.userId || instance.delegated_by === viewer.userId;
  let opType: number = FlowOpType.monitor;
  if (!operator && !isInitiator) {
    const copies = await db
      .selectFrom('flow_circulate')
      .select(['id', 'read_at'])
      .where('instance_id', '=', instanceId)
      .where('user_id', '=', viewer.userId)
      .execute();
    if (copies.length) {
      opType = FlowOpType.circulate;
      const unread = copies.filter((c) => c.read_at === null).map((c) => c.id);
      if (unread.length)
        await db.updateTable('flow_circulate').set({ read_at: viewer.now }).where('id', 'in', unread).execute();
    } else if (!viewer.monitor) {
      // Only one of its handlers: he reads through his own latest task's node, whatever operator id
      // he named (or none), so the fields his node hides stay hidden.
      operator = operators.filter(ownOperator).at(-1);
    }
  }
  if (operator)
    opType = operator.state === 'pending' && instance.status === FlowStatus.wait ? FlowOpType.todo : FlowOpType.done;
  else if (isInitiator) opType = FlowOpType.myLaunch;
  const node = operator ? findNode(root, operator.node_id) : root;
  const properties = (node?.properties ?? {}) as Record<string, unknown>;
  const operates =
    (node &&
      (isApproverNode(node) ? node.properties.formOperates : (node.properties as StartProperties).formOperates)) ??
    [];
  const actionable = opType === FlowOpType.todo;
  const seen = readableData(formData, operates);

  const handlersOf = (niId: string) =>
    operators
      .filter((o) => o.node_instance_id === niId)
      .map((o) => ({
        userId: o.assignee_id,
        userName: names.get(o.assignee_id) ?? o.assignee_id,
        state: o.state,
        handleStatus: o.handle_status,
      }));
  const shown = nodes.filter((n) => n.node_type !== 'condition' && n.node_type !== 'parallel' && n.state !== 'void');
  const taskNodes = shown.map((n) => {
    const handlers = handlersOf(n.id);
    return {
      nodeId: n.node_id,
      nodeName: n.name,
      nodeType: n.node_type,
      type: (n.state === 'active' ? 'current' : 'past') as 'past' | 'current' | 'future',
      userName: handlers.map((h) => h.userName).join(','),
      handlers,
    };
  });
  if (instance.status === FlowStatus.wait || instance.status === FlowStatus.suspended) {
    const condition = await conditionOf(db, instance, root);
    const ctx = { formData, system: condition.system, belongsTo: condition.belongsTo };
    const choices = parse<Choices>(instance.choices, {});
    const chosen = choices.branches ?? [];
    // The instance as the engine sees it, for telling who will handle the nodes ahead (read only).
    const state: InstanceState = {
      instance,
      formData,
      choices,
      tree: root,
      template: {
        id: instance.template_id,
        enCode: template?.en_code ?? '',
        fullName: template?.full_name ?? '',
        flowType: template?.flow_type ?? 0,
      },
      nodes,
      operators,
      condition: { system: condition.system, belongsTo: condition.belongsTo },
    };
    const present = new Set(nodes.filter((n) => n.state === 'active').map((n) => n.node_id));
    const ahead: FlowNode[] = [];
    for (const current of nodes.filter(
      (n) => n.state === 'active' && n.node_type !== 'condition' && n.node_type !== 'parallel',
    ))
      for (const next of lookAhead(root, current.node_id, ctx, chosen, false).nodes) {
        if (present.has(next.nodeId)) continue;
        present.add(next.nodeId);
        ahead.push(next);
      }
    const expected = await Promise.all(ahead.map((n) => (isApproverNode(n) ? expectedHandlers(db, n, state) : [])));
    const futureNames = await userNames(db, expected.flat());
    for (const [i, next] of ahead.entries()) {
      const handlers = expected[i]!.map((userId) => ({
        userId,
        userName: futureNames.get(userId) ?? userId,
        state: 'waiting' as const,
        handleStatus: null,
      }));
      taskNodes.push({
        nodeId: next.nodeId,
        nodeName: next.name,
        nodeType: next.type,
        type: 'future',
        userName: handlers.map((h) => h.userName).join(','),
        handlers,
      });
    }
  }
  if (instance.status !== FlowStatus.draft)
    taskNodes.push({
      nodeId: 'end',
      nodeName: 'end',
      nodeType: 'end',
      type: instance.status === FlowStatus.adopt ? 'past' : 'future',
      userName: '',
      handlers: [],
    });

  return {
    flowTaskInfo: {
      id: instance.id,
      flowId: instance.version_id,
      templateId: instance.template_id,
      flowCode: template?.en_code ?? '',
      flowName: template?.full_name ?? '',
      flowCategory: template?.category ?? '',
      flowType: template?.flow_type ?? 0,
      flowVersion: String(version?.version_no ?? ''),
      fullName: instance.title,
      enCode: instance.bill_no,
      flowUrgent: instance.urgent,
      status: instance.status,
      creatorUserId: instance.initiator_id,
      userName: names.get(instance.initiator_id) ?? '',
      delegateUser: instance.delegated_by ? (names.get(instance.delegated_by) ?? null) : null,
      startTime: instance.submitted_at,
      endTime: instance.finished_at,
      creatorTime: instance.created_at,
      completion: instance.completion,
      thisStep: instance.current_node_names,
      thisStepId: instance.current_node_ids,
      parentId: instance.parent_instance_id,
      isAsync: instance.is_async === 1,
      version: instance.version,
    },
    flowTaskNodeList: taskNodes,
    flowTaskOperatorList: operators.map((o) => ({
      id: o.id,
      taskNodeId: o.node_instance_id,
      nodeCode: o.node_id,
      nodeName: o.node_name,
      handleId: o.assignee_id,
      userName: names.get(o.assignee_id) ?? o.assignee_id,
      originalHandleId: o.original_assignee_id,
      source: o.source,
      state: o.state,
      handleStatus: o.handle_status,
      creatorTime: o.received_at,
      handleTime: o.handled_at,
      parentId: o.parent_operator_id,
    })),
    flowTaskOperatorRecordList: records,
    flowTemplateInfo: {
      id: instance.template_id,
      flowId: instance.version_id,
      enCode: template?.en_code ?? '',
      fullName: template?.full_name ?? '',
      category: template?.category ?? '',
      flowType: template?.flow_type ?? 0,
      formType: template?.form_type ?? 1,
      formId: template?.form_id ?? null,
      versionNo: version?.version_no ?? 0,
      nodeTree: root,
    },
    flowFormInfo: {
      formType: template?.form_type ?? 1,
      formId: template?.form_id ?? null,
      formData: parse<unknown>(tree.formSnapshot, null),
    },
    formOperates: operates,
    approversProperties: properties,
    formData: seen,
    draftData: operator?.draft_data ? parse<Record<string, unknown> | null>(operator.draft_data, null) : null,
    noOperateAuth: !actionable,
    opType,
    taskOperatorId: operator?.id ?? null,
    nodeId: operator?.node_id ?? (isInitiator ? root.nodeId : null),
  };
}

/**
 * Routing over the node tree (docs/workflow.md): a node done goes to its `childNode`; at the end of a
 * branch's chain the group joins once every branch it started has finished, then goes on with the
 * group's `childNode`; the end of the root chain ends the instance as approved. A node instance's
 * `branch_scope` names the groups and branches it runs in, outermost first, so a join finds its group.
 */
import {
  branchPath,
  CounterSign,
  DEFAULT_CALLBACK_MINUTES,
  FlowStatus,
  HandleStatus,
  isApproverNode,
  matchBranches,
  parentChain,
  type ApproverNode,
  type ConditionBranch,
  type FlowNode,
  type SubFlowProperties,
  type TimerProperties,
  type TriggerProperties,
} from '@atrium/shared/workflow';
import { EngineError } from './errors.ts';
import { interfaceParamList } from './interface-params.ts';
import type { GroupSnapshot, NodeInstanceRow, OperatorRow } from './state.ts';
import { isApproval, SYSTEM_HANDLER, type Working } from './working.ts';

const MINUTE = 60_000;
const LEVEL = '|';
const PLACE = '/';

/** The branch scope of a node as the tree places it. */
export function scopeOf(tree: FlowNode, nodeId: string): string {
  return branchPath(tree, nodeId)
    .map((p) => `${p.group.nodeId}${PLACE}${p.branch.nodeId}`)
    .join(LEVEL);
}

/** The innermost level of a scope: its group and branch, and the scope around the group. */
export function innermostPlace(scope: string): { outer: string; groupId: string; branchId: string } {
  const levels = scope.split(LEVEL);
  const [groupId = '', branchId = ''] = (levels.pop() ?? '').split(PLACE);
  return { outer: levels.join(LEVEL), groupId, branchId };
}

/** The active node instance of a group in its scope. */
export function activeGroup(w: Working, groupId: string, outer: string): NodeInstanceRow | undefined {
  return w.state.nodes.find((n) => n.state === 'active' && n.node_id === groupId && n.branch_scope === outer);
}

const nodeRef = (ni: NodeInstanceRow) => ({ id: ni.id, nodeId: ni.node_id, name: ni.name });

export function groupSnapshot(ni: NodeInstanceRow): GroupSnapshot {
  try {
    const parsed = JSON.parse(ni.property_snapshot) as Partial<GroupSnapshot>;
    return { activated: parsed.activated ?? [], finished: parsed.finished ?? [] };
  } catch {
    return { activated: [], finished: [] };
  }
}

/** Enters a node: makes its node instance and does what the node's type does on entry. */
export async function enterNode(w: Working, node: FlowNode, scope: string, createdBy: string | null): Promise<void> {
  const base = {
    node_id: node.nodeId,
    node_type: node.type,
    name: node.name,
    state: 'active' as const,
    branch_scope: scope,
    multi_mode: 0,
    pass_threshold: 1,
    total_count: 0,
    approved_count: 0,
    rejected_count: 0,
    property_snapshot: JSON.stringify(node.properties ?? {}),
    created_by_node_instance_id: createdBy,
    due_at: null,
    completed_at: null,
  };
  switch (node.type) {
    case 'start': {
      const ni = w.addNode(base);
      return completeNode(w, ni);
    }
    case 'approver':
    case 'handle':
      return enterApprover(w, node, w.addNode(base));
    case 'copy': {
      const ni = w.addNode(base);
      w.circulate(nodeRef(ni), await w.ports.resolveCopyRecipients(node.properties, w.state), 'rule');
      return completeNode(w, ni);
    }
    case 'condition':
    case 'parallel': {
      const branches = chosenBranches(w, node);
      const snapshot: GroupSnapshot = { activated: branches.map((b) => b.nodeId), finished: [] };
      const ni = w.addNode({ ...base, property_snapshot: JSON.stringify(snapshot) });
      for (const branch of branches) {
        const inner = `${scope ? scope + LEVEL : ''}${node.nodeId}${PLACE}${branch.nodeId}`;
        if (ni.state !== 'active') break;
        if (branch.childNode) await enterNode(w, branch.childNode, inner, ni.id);
        else await chainEnded(w, inner);
      }
      return;
    }
    case 'subFlow': {
      const ni = w.addNode(base);
      const props: SubFlowProperties = node.properties;
      const formData: Record<string, unknown> = {};
      for (const { from, to } of props.mapIn ?? []) formData[to] = w.state.formData[from];
      w.changes.childStarts.push({
        nodeInstanceId: ni.id,
        node,
        templateCode: props.templateCode,
        initiatorId: subFlowInitiator(w, props),
        formData,
        wait: props.wait,
      });
      if (!props.wait) return completeNode(w, ni);
      return;
    }
    case 'timer': {
      const ni = w.addNode(base);
      const runAt = timerDue(w, node.properties);
      if (runAt === null || runAt <= w.now()) return completeNode(w, ni);
      ni.due_at = runAt;
      w.changes.jobs.push({
        kind: 'workflow.timer',
        runAt,
        payload: { instanceId: w.instance.id, nodeInstanceId: ni.id },
        dedupeKey: `workflow.timer:${ni.id}`,
      });
      return;
    }
    case 'trigger': {
      const ni = w.addNode(base);
      const props = node.properties;
      for (const { field, value } of props.setFields ?? []) w.state.formData[field] = value;
      if (!props.interfaceId) return completeNode(w, ni);
      if (props.mode === 'callback') return awaitCallback(w, ni, props);
      queueTriggerCall(w, ni, props, `workflow.trigger:${ni.id}`);
      if (props.mode === 'wait') return;
      return completeNode(w, ni);
    }
  }
}

/**
 * A trigger's call as a job of this command (the outbox): it exists exactly when the step commits,
 * goes out after the commit, and is retried on failure; the values sent are those of this moment.
 * A call waiting for a callback carries the seed of its token (`callbackSeed`), every attempt the same.
 */
export function queueTriggerCall(
  w: Working,
  ni: NodeInstanceRow,
  props: TriggerProperties,
  dedupeKey: string,
  callbackSeed?: string,
): void {
  if (!props.interfaceId) return;
  w.changes.jobs.push({
    kind: 'workflow.trigger',
    runAt: w.now(),
    payload: {
      instanceId: w.instance.id,
      nodeInstanceId: ni.id,
      interfaceId: props.interfaceId,
      params: interfaceParamList(w.state, props.interfaceParams, callbackSeed !== undefined),
      wait: props.mode === 'wait',
      ...(callbackSeed !== undefined ? { callbackSeed } : {}),
    },
    dedupeKey,
    ...(props.maxAttempts && props.maxAttempts > 0 ? { maxAttempts: Math.floor(props.maxAttempts) } : {}),
  });
}

/** Minutes a trigger waits for its callback: its own setting, else a day. */
export const callbackMinutesOf = (props: TriggerProperties): number =>
  props.callbackMinutes && props.callbackMinutes > 0 ? props.callbackMinutes : DEFAULT_CALLBACK_MINUTES;

/**
 * A trigger waiting for a callback: the step keeps only the hash of a fresh single-use token, its call
 * goes out with the token (derived again from the seed when it goes out), and unless the outside
 * system answers before `due_at` the deadline's job fails the step as `onFailure` says.
 */
async function awaitCallback(w: Working, ni: NodeInstanceRow, props: TriggerProperties): Promise<void> {
  const { seed, hash } = await w.ports.newCallbackToken();
  ni.callback_token_digest = hash;
  ni.due_at = w.now() + callbackMinutesOf(props) * MINUTE;
  queueTriggerCall(w, ni, props, `workflow.trigger:${ni.id}`, seed);
  queueCallbackDeadline(w, ni, props, ni.due_at, `workflow.triggerTimeout:${ni.id}`);
}

/** The job that ends a callback's wait at `runAt` (its step's deadline, or at once after a restore). */
export function queueCallbackDeadline(
  w: Working,
  ni: NodeInstanceRow,
  props: TriggerProperties,
  runAt: number,
  dedupeKey: string,
): void {
  w.changes.jobs.push({
    kind: 'workflow.triggerTimeout',
    runAt,
    payload: { instanceId: w.instance.id, nodeInstanceId: ni.id, minutes: callbackMinutesOf(props) },
    dedupeKey,
  });
}

function subFlowInitiator(w: Working, props: SubFlowProperties): string {
  const initiator = props.initiator;
  if (initiator.mode === 'users' && initiator.users?.[0]) return initiator.users[0];
  if (initiator.mode === 'formField' && initiator.formField) {
    const value = w.state.formData[initiator.formField];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) return first;
  }
  return w.instance.initiator_id;
}

function timerDue(w: Working, props: TimerProperties): number | null {
  if (props.untilField) {
    const value = w.state.formData[props.untilField];
    const time = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
    return Number.isFinite(time) ? time : null;
  }
  return props.minutes && props.minutes > 0 ? w.now() + props.minutes * MINUTE : null;
}

function chosenBranches(w: Working, node: FlowNode & { conditionNodes: ConditionBranch[] }): ConditionBranch[] {
  if (node.type === 'parallel') return node.conditionNodes;
  if (node.type !== 'condition') return [];
  if (node.properties.mode === 'chooser') {
    const picked = new Set(w.state.choices.branches ?? []);
    const branches = node.conditionNodes.filter((b) => picked.has(b.nodeId));
    if (!branches.length) throw new EngineError('flowBranchRequired', { node: node.name });
    return branches;
  }
  const branches = matchBranches(node, w.conditionContext());
  if (!branches.length) throw new EngineError('flowNoBranchMatches', { node: node.name });
  return branches;
}

/** Completes a node instance and goes on from it. */
export async function completeNode(w: Working, ni: NodeInstanceRow): Promise<void> {
  ni.state = 'completed';
  ni.completed_at = w.now();
  w.touchNode(ni);
  const node = w.treeNode(ni.node_id);
  if (isApproverNode(node) && node.properties.cc) {
    const cc = node.properties.cc;
    const users = await w.ports.resolveCopyRecipients(cc, w.state);
    w.circulate(nodeRef(ni), cc.toInitiator ? [...users, w.instance.initiator_id] : users, 'rule');
  }
  const returnTo = w.instance.return_to_node_id;
  if (returnTo && isApproverNode(node) && returnTo !== node.nodeId && w.instance.status === FlowStatus.wait) {
    // A reject asked to come straight back to the rejecting node once this one approved again.
    w.instance.return_to_node_id = null;
    const target = w.treeNode(returnTo);
    const scope = scopeOf(w.state.tree, returnTo);
    ensureScope(w, scope, ni.id);
    return enterNode(w, target, scope, ni.id);
  }
  if (node.childNode) return enterNode(w, node.childNode, ni.branch_scope, ni.id);
  return chainEnded(w, ni.branch_scope);
}

/** The chain of `scope` ran out: join its group, or end the instance at the root. */
export async function chainEnded(w: Working, scope: string): Promise<void> {
  if (!scope) {
    if (w.instance.status === FlowStatus.wait) w.finish(FlowStatus.adopt);
    return;
  }
  const { outer, groupId, branchId } = innermostPlace(scope);
  const group = activeGroup(w, groupId, outer);
  if (!group) return;
  const snapshot = groupSnapshot(group);
  if (!snapshot.finished.includes(branchId)) snapshot.finished.push(branchId);
  group.property_snapshot = JSON.stringify(snapshot);
  w.touchNode(group);
  if (snapshot.activated.every((b) => snapshot.finished.includes(b))) await completeNode(w, group);
}

/**
 * Makes sure the groups of `scope` are active with its branches started, for a node entered out of
 * the normal order (a change or a revive into a branch), so the branch still joins its group.
 */
export function ensureScope(w: Working, scope: string, createdBy: string | null): void {
  if (!scope) return;
  const levels = scope.split(LEVEL);
  for (let i = 0; i < levels.length; i++) {
    const outer = levels.slice(0, i).join(LEVEL);
    const [groupId = '', branchId = ''] = (levels[i] ?? '').split(PLACE);
    let group = activeGroup(w, groupId, outer);
    if (!group) {
      const node = w.treeNode(groupId);
      group = w.addNode({
        node_id: groupId,
        node_type: node.type,
        name: node.name,
        state: 'active',
        branch_scope: outer,
        multi_mode: 0,
        pass_threshold: 1,
        total_count: 0,
        approved_count: 0,
        rejected_count: 0,
        property_snapshot: JSON.stringify({ activated: [], finished: [] }),
        created_by_node_instance_id: createdBy,
        due_at: null,
        completed_at: null,
      });
    }
    const snapshot = groupSnapshot(group);
    if (!snapshot.activated.includes(branchId)) snapshot.activated.push(branchId);
    snapshot.finished = snapshot.finished.filter((b) => b !== branchId);
    group.property_snapshot = JSON.stringify(snapshot);
    w.touchNode(group);
  }
}

/** The previous approval node instance on the way to `ni` (for "skip if same as previous"). */
function previousApproval(w: Working, ni: NodeInstanceRow): NodeInstanceRow | null {
  let id = ni.created_by_node_instance_id;
  while (id) {
    const prev = w.state.nodes.find((n) => n.id === id);
    if (!prev) return null;
    if (prev.node_type === 'approver' || prev.node_type === 'handle') return prev;
    id = prev.created_by_node_instance_id;
  }
  return null;
}

async function assigneesOrPolicy(
  w: Working,
  node: ApproverNode,
): Promise<{ users: string[]; source: 'rule' | 'candidate' | 'emptyPolicy' } | 'autoApprove' | 'picks'> {
  const users = [...new Set(await w.ports.resolveAssignees(node, w.state))].filter(Boolean);
  if (users.length) return { users, source: node.properties.assigneeType === 7 ? 'candidate' : 'rule' };
  const policy = node.properties.emptyPolicy ?? w.startProperties().defaultEmptyPolicy ?? 'admin';
  let fallback: string[] = [];
  switch (policy) {
    case 'autoApprove':
      return 'autoApprove';
    case 'block':
      throw new EngineError('flowNodeBlocked', { node: node.name });
    case 'initiator':
      fallback = [w.instance.initiator_id];
      break;
    case 'users':
      fallback = node.properties.emptyUsers ?? [];
      break;
    case 'previousPicks':
      fallback = w.state.choices.errorRule?.[node.nodeId] ?? [];
      if (!fallback.length) return 'picks';
      break;
    case 'admin': {
      const admin = await w.ports.adminUserId();
      fallback = admin ? [admin] : [];
      break;
    }
  }
  fallback = [...new Set(fallback)].filter(Boolean);
  if (!fallback.length) throw new EngineError('flowNodeBlocked', { node: node.name });
  return { users: fallback, source: 'emptyPolicy' };
}

async function enterApprover(w: Working, node: ApproverNode, ni: NodeInstanceRow): Promise<void> {
  const props = node.properties;
  const found = await assigneesOrPolicy(w, node);
  if (found === 'picks') {
    w.needsPicks.push({ nodeId: node.nodeId, nodeName: node.name });
    return;
  }
  if (found === 'autoApprove') {
    w.record({
      node: nodeRef(ni),
      handleStatus: HandleStatus.autoApproved,
      handlerId: SYSTEM_HANDLER,
      source: 'system-rule',
    });
    return completeNode(w, ni);
  }
  ni.multi_mode = props.counterSign ?? CounterSign.any;
  const dedup = props.dedup ?? {};
  const previous = previousApproval(w, ni);
  const approvedBefore = new Set(
    w.state.operators.filter((o) => isApproval(o.handle_status)).map((o) => o.assignee_id),
  );
  const created: OperatorRow[] = [];
  for (const [index, user] of found.users.entries()) {
    const skip =
      (dedup.skipIfInitiator && user === w.instance.initiator_id) ||
      (dedup.skipIfSameAsPrevious &&
        !!previous &&
        w.operatorsOf(previous.id).some((o) => o.assignee_id === user && isApproval(o.handle_status))) ||
      (dedup.skipIfAlreadyApproved && approvedBefore.has(user));
    const delegate = skip ? null : await w.ports.delegateOf(user, w.state);
    const op = w.addOperator({
      node_instance_id: ni.id,
      node_id: node.nodeId,
      node_name: node.name,
      assignee_id: delegate ?? user,
      source: skip ? 'autoDedup' : delegate ? 'delegate' : found.source,
      original_assignee_id: delegate ? user : null,
      parent_operator_id: null,
      sequence_index: index,
      state: skip ? 'done' : 'waiting',
      handle_status: skip ? HandleStatus.autoApproved : null,
      handled_at: skip ? w.now() : null,
      draft_data: null,
      received_at: w.now(),
      due_at: null,
      remind_count: 0,
      overdue_count: 0,
      batchable: props.batchApprovable ? 1 : 0,
      read_at: null,
    });
    if (skip)
      w.record({
        node: nodeRef(ni),
        handleStatus: HandleStatus.autoApproved,
        operatorId: op.id,
        handlerId: user,
        source: 'system-rule',
      });
    else created.push(op);
  }
  w.recount(ni);
  ni.pass_threshold = w.threshold(ni);
  const toActivate = ni.multi_mode === CounterSign.sequential ? created.slice(0, 1) : created;
  for (const op of toActivate) w.activate(op);
  await settleNode(w, ni);
}

/**
 * After a vote: completes the node when enough approved, rejects it when approval can no longer be
 * reached, and in sequential mode hands the turn to the next operator. Answers what happened.
 */
export async function settleNode(w: Working, ni: NodeInstanceRow): Promise<'completed' | 'rejected' | 'open'> {
  if (ni.state !== 'active') return 'open';
  w.recount(ni);
  const ops = w.operatorsOf(ni.id);
  const childOpen = ops.some((o) => o.parent_operator_id !== null && (o.state === 'pending' || o.state === 'waiting'));
  const main = ops.filter((o) => o.parent_operator_id === null && o.state !== 'void');
  const open = main.filter((o) => o.state === 'pending' || o.state === 'waiting');
  if (ni.approved_count >= ni.pass_threshold && !childOpen) {
    for (const op of ops) if (op.state === 'pending' || op.state === 'waiting') w.voidOperator(op);
    await completeNode(w, ni);
    return 'completed';
  }
  const stillPossible = ni.approved_count + open.length + (childOpen ? 1 : 0) >= ni.pass_threshold;
  if (ni.rejected_count > 0 && (ni.multi_mode === CounterSign.any || !stillPossible)) return 'rejected';
  if (!stillPossible && !childOpen) return 'rejected';
  if (ni.multi_mode === CounterSign.sequential && !ops.some((o) => o.state === 'pending') && !childOpen) {
    const next = open.filter((o) => o.state === 'waiting').sort((a, b) => a.sequence_index - b.sequence_index)[0];
    if (next) w.activate(next);
  }
  return 'open';
}

/** Every node instance of the executed path after (and including) the node `nodeId`, still active. */
export function activeAfter(w: Working, nodeId: string): NodeInstanceRow[] {
  return w.activeNodes().filter((ni) => {
    if (ni.node_id === nodeId) return true;
    return parentChain(w.state.tree, ni.node_id).some((n) => n.nodeId === nodeId);
  });
}

/**
 * The engine's commands: each takes a working copy of one instance (already locked by the runtime),
 * re-validates what it needs, applies the transition and fills the change set. Refusals throw
 * EngineError before anything is written (the runtime's transaction rolls back on a throw).
 */
import {
  CounterSign,
  FlowStatus,
  HandleStatus,
  isApproverNode,
  parentChain,
  RejectType,
  type ApproverNode,
  type ApproverProperties,
  type FlowButton,
  type FormOperate,
  type TriggerProperties,
} from '@atrium/shared/workflow';
import { EngineError, NeedsPicks } from './errors.ts';
import {
  activeAfter,
  activeGroup,
  completeNode,
  enterNode,
  ensureScope,
  groupSnapshot,
  innermostPlace,
  queueCallbackDeadline,
  queueTriggerCall,
  scopeOf,
  settleNode,
} from './routing.ts';
import type { Choices, NodeInstanceRow, OperatorRow, RecordRow } from './state.ts';
import { isApproval, SYSTEM_HANDLER, type Working } from './working.ts';

/** What a handler sends with an action (the engine's view of the handling body). */
export interface HandleInput {
  opinion?: string | null;
  signImg?: string | null;
  fileList?: unknown[];
  formData?: Record<string, unknown>;
  copyIds?: string[];
  candidateList?: Record<string, string[]>;
  errorRuleUserList?: Record<string, string[]>;
  branchList?: string[];
}

const nodeRef = (ni: NodeInstanceRow) => ({ id: ni.id, nodeId: ni.node_id, name: ni.name });

/** The start node as a record's node. */
function startRef(w: Working) {
  return { id: null, nodeId: w.state.tree.nodeId, name: w.state.tree.name };
}

/** Takes the handler's picks into the instance's choices. */
function mergeChoices(w: Working, input: HandleInput): void {
  const choices: Choices = w.state.choices;
  if (input.candidateList && Object.keys(input.candidateList).length)
    choices.candidates = { ...choices.candidates, ...input.candidateList };
  if (input.errorRuleUserList && Object.keys(input.errorRuleUserList).length)
    choices.errorRule = { ...choices.errorRule, ...input.errorRuleUserList };
  if (input.branchList?.length) choices.branches = [...new Set([...(choices.branches ?? []), ...input.branchList])];
}

/**
 * Merges the fields a node may write (its `formOperates`): the start writes every field unless its
 * list says otherwise; an approver writes only the fields its list marks writable. Answers the diff.
 */
export function mergeWritable(
  w: Working,
  operates: FormOperate[] | undefined,
  sent: Record<string, unknown> | undefined,
  writeAllWhenUnset: boolean,
): Record<string, unknown> {
  if (!sent) return {};
  const list = operates ?? [];
  const writable =
    list.length === 0 && writeAllWhenUnset ? null : new Set(list.filter((o) => o.write).map((o) => o.id));
  const diff: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(sent)) {
    if (writable && !writable.has(field)) continue;
    if (JSON.stringify(w.state.formData[field]) === JSON.stringify(value)) continue;
    diff[field] = { from: w.state.formData[field] ?? null, to: value };
    w.state.formData[field] = value;
  }
  for (const operate of list)
    if (operate.required && operate.write && isEmptyValue(w.state.formData[operate.id]))
      throw new EngineError('flowFieldRequired', { field: operate.name ?? operate.id });
  return diff;
}

const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function approverOf(w: Working, nodeId: string): ApproverNode {
  const node = w.treeNode(nodeId);
  if (!isApproverNode(node)) throw new EngineError('flowNodeUnknown', { node: nodeId });
  return node;
}

const buttonOff = (props: ApproverProperties, button: FlowButton) => props.buttons?.[button]?.enabled === false;

function requireOpinionAndSign(props: ApproverProperties, input: HandleInput): void {
  if (props.requireOpinion && !input.opinion?.trim()) throw new EngineError('flowOpinionRequired');
  if (props.requireSign && !input.signImg) throw new EngineError('flowSignRequired');
}

function throwIfPicksNeeded(w: Working): void {
  if (w.needsPicks.length) throw new NeedsPicks(w.needsPicks);
}

// ---------------------------------------------------------------------------------------------
// Start and resubmit
// ---------------------------------------------------------------------------------------------

/**
 * Submits an instance in status 0 (new or draft), 3 (rejected to the start) or 4 (withdrawn): the start
 * is recorded and the flow runs to its first waiting nodes. After a reject that asked to return to
 * the rejecting node, the flow goes straight back there.
 */
export async function submit(w: Working, input: HandleInput & { formOperatesChecked?: boolean }): Promise<void> {
  const { instance } = w;
  mergeChoices(w, input);
  const now = w.now();
  instance.status = FlowStatus.wait;
  instance.submitted_at = now;
  instance.finished_at = null;
  const start = w.state.tree;
  const returnTo = instance.return_to_node_id;
  instance.return_to_node_id = null;
  const startNi = w.addNode({
    node_id: start.nodeId,
    node_type: 'start',
    name: start.name,
    state: 'completed',
    branch_scope: '',
    multi_mode: 0,
    pass_threshold: 1,
    total_count: 0,
    approved_count: 0,
    rejected_count: 0,
    property_snapshot: JSON.stringify(start.properties ?? {}),
    created_by_node_instance_id: null,
    due_at: null,
    completed_at: now,
  });
  w.record({
    node: nodeRef(startNi),
    handleStatus: HandleStatus.initiated,
    signImg: input.signImg,
    fileList: input.fileList,
  });
  if (returnTo) {
    const target = w.treeNode(returnTo);
    const scope = scopeOf(w.state.tree, target.nodeId);
    ensureScope(w, scope, startNi.id);
    await enterNode(w, target, scope, startNi.id);
  } else if (start.childNode) await enterNode(w, start.childNode, '', startNi.id);
  else w.finish(FlowStatus.adopt);
  throwIfPicksNeeded(w);
}

// ---------------------------------------------------------------------------------------------
// Approve, save, reject
// ---------------------------------------------------------------------------------------------

export async function approve(w: Working, operatorId: string, input: HandleInput): Promise<OperatorRow> {
  const op = w.pendingOperatorOf(operatorId);
  const node = approverOf(w, op.node_id);
  const props = node.properties;
  if (w.actor.source === 'user') requireOpinionAndSign(props, input);
  const diff = mergeWritable(w, props.formOperates, input.formData, false);
  mergeChoices(w, input);
  const ni = w.nodeInstance(op.node_instance_id);
  if (input.copyIds?.length) {
    if (!props.cc?.allowApproverAddCc) throw new EngineError('flowCopyNotAllowed');
    w.circulate(nodeRef(ni), input.copyIds, 'approver');
  }
  const now = w.now();
  op.state = 'done';
  op.handle_status = HandleStatus.approved;
  op.handled_at = now;
  w.touchOperator(op);
  w.record({
    node: nodeRef(ni),
    handleStatus: HandleStatus.approved,
    operatorId: op.id,
    opinion: input.opinion,
    signImg: input.signImg,
    fileList: input.fileList,
    formDiff: diff,
  });
  await afterVote(w, op, ni);
  throwIfPicksNeeded(w);
  return op;
}

/** After an operator voted: add-sign reflux to its parent, then the node's count. */
async function afterVote(w: Working, op: OperatorRow, ni: NodeInstanceRow): Promise<void> {
  if (op.parent_operator_id) {
    const parent = w.operator(op.parent_operator_id);
    const siblings = w.operatorsOf(ni.id).filter((o) => o.parent_operator_id === op.parent_operator_id);
    const allDone = siblings.every((o) => o.state === 'done' || o.state === 'void');
    if (parent && allDone && siblings.every((o) => o.state === 'void' || isApproval(o.handle_status))) {
      if (parent.handle_status === HandleStatus.countersignAdded) {
        // Added after: the parent's approval, held back until now, counts.
        parent.handle_status = HandleStatus.approved;
        w.touchOperator(parent);
      } else if (parent.state === 'waiting') {
        w.activate(parent);
        return;
      }
    }
  }
  const outcome = await settleNode(w, ni);
  if (outcome === 'rejected') await rejectNode(w, ni, { step: '0', type: RejectType.restart, opinion: null });
}

export function saveDraft(w: Working, operatorId: string, formData: Record<string, unknown>): OperatorRow {
  const op = w.pendingOperatorOf(operatorId);
  op.draft_data = JSON.stringify(formData);
  w.touchOperator(op);
  return op;
}

/** Where a reject from this node may go: '0' the start, or earlier approval nodes of its path. */
export function rejectTargets(w: Working, nodeId: string): { nodeId: string; nodeName: string }[] {
  const node = approverOf(w, nodeId);
  const rule = node.properties.rejectTarget ?? 'start';
  const earlier = parentChain(w.state.tree, nodeId).filter(isApproverNode);
  const start = { nodeId: '0', nodeName: w.state.tree.name };
  const asTarget = (n: ApproverNode) => ({ nodeId: n.nodeId, nodeName: n.name });
  switch (rule) {
    case 'start':
      return [start];
    case 'previous': {
      const previous = earlier.at(-1);
      return previous ? [asTarget(previous)] : [start];
    }
    case 'node': {
      const allowed = new Set(node.properties.rejectNodeIds ?? []);
      const list = earlier.filter((n) => allowed.has(n.nodeId)).map(asTarget);
      return allowed.has('0') || allowed.has(w.state.tree.nodeId) || !list.length ? [start, ...list] : list;
    }
    case 'any':
      return [start, ...earlier.map(asTarget)];
  }
}

/** A handling node never rejects; an approval node unless its reject button is off. */
const mayReject = (node: ApproverNode) => node.type !== 'handle' && !buttonOff(node.properties, 'reject');

export async function reject(
  w: Working,
  operatorId: string,
  input: HandleInput & { rejectStep?: string; rejectType?: number },
): Promise<OperatorRow> {
  const op = w.pendingOperatorOf(operatorId);
  const node = approverOf(w, op.node_id);
  const props = node.properties;
  if (!mayReject(node)) throw new EngineError('flowRejectNotAllowed');
  if (w.actor.source === 'user') requireOpinionAndSign(props, input);
  const targets = rejectTargets(w, node.nodeId);
  let step = input.rejectStep ?? targets[0]?.nodeId ?? '0';
  if (step === '1') step = targets.at(-1)?.nodeId ?? '0';
  if (step === w.state.tree.nodeId) step = '0';
  if (!targets.some((t) => t.nodeId === step)) throw new EngineError('flowRejectTargetInvalid', { node: step });
  const type = input.rejectType ?? RejectType.restart;
  if (type === RejectType.returnToRejecter && !(props.rejectTypes ?? []).includes(RejectType.returnToRejecter))
    throw new EngineError('flowRejectTargetInvalid', { node: step });
  const ni = w.nodeInstance(op.node_instance_id);
  op.state = 'done';
  op.handle_status = HandleStatus.returned;
  op.handled_at = w.now();
  w.touchOperator(op);
  w.record({
    node: nodeRef(ni),
    handleStatus: HandleStatus.returned,
    operatorId: op.id,
    opinion: input.opinion,
    signImg: input.signImg,
    fileList: input.fileList,
  });
  w.recount(ni);
  const ops = w.operatorsOf(ni.id);
  const main = ops.filter((o) => o.parent_operator_id === null && o.state !== 'void');
  const open = main.filter((o) => o.state === 'pending' || o.state === 'waiting').length;
  // One reject rejects, unless a ratio still lets the others reach the threshold.
  const rejects =
    ni.multi_mode !== CounterSign.all || ni.approved_count + open < ni.pass_threshold || op.parent_operator_id !== null;
  if (rejects) await rejectNode(w, ni, { step, type, opinion: input.opinion ?? null });
  else await settleNode(w, ni);
  throwIfPicksNeeded(w);
  return op;
}

/** The node is rejected: the flow goes back to the start (status 3) or re-enters an earlier node. */
async function rejectNode(
  w: Working,
  ni: NodeInstanceRow,
  target: { step: string; type: number; opinion: string | null },
): Promise<void> {
  ni.state = 'rejected';
  ni.completed_at = w.now();
  w.touchNode(ni);
  for (const o of w.operatorsOf(ni.id)) if (o.state === 'pending' || o.state === 'waiting') w.voidOperator(o);
  w.instance.return_to_node_id = target.type === RejectType.returnToRejecter ? ni.node_id : null;
  w.notify({
    kind: 'rejected',
    userIds: [w.instance.initiator_id],
    nodeId: ni.node_id,
    nodeName: ni.name,
    opinion: target.opinion,
  });
  if (target.step === '0') {
    w.finish(FlowStatus.reject);
    return;
  }
  const node = w.treeNode(target.step);
  for (const active of activeAfter(w, node.nodeId)) w.voidNode(active);
  cancelAsyncChildrenAfter(w, node.nodeId);
  const scope = scopeOf(w.state.tree, node.nodeId);
  ensureScope(w, scope, ni.id);
  if (target.type === RejectType.returnToRejecter) w.instance.return_to_node_id = null;
  await enterNode(w, node, scope, ni.id);
  if (target.type === RejectType.returnToRejecter) {
    // After the target approves again, the flow jumps back to the rejecting node (kept on the instance).
    w.instance.return_to_node_id = ni.node_id;
  }
}

// ---------------------------------------------------------------------------------------------
// Recall, withdraw, cancel
// ---------------------------------------------------------------------------------------------

/** The node instances an approval's completion made, transitively. */
function madeBy(w: Working, ni: NodeInstanceRow): NodeInstanceRow[] {
  const out: NodeInstanceRow[] = [];
  const queue = [ni.id];
  while (queue.length) {
    const id = queue.shift()!;
    for (const n of w.state.nodes)
      if (n.created_by_node_instance_id === id && n.state !== 'void') {
        out.push(n);
        queue.push(n.id);
      }
  }
  return out;
}

const actedByPerson = (o: OperatorRow) =>
  o.handle_status !== null && o.handle_status !== HandleStatus.autoApproved && o.source !== 'autoDedup';

/**
 * Whether an operator was set aside by a monitor's assignment: an assignment voids every open
 * operator of the node and adds its assignee after all of them (a higher sequence index), so an
 * operator whose own turn (or, when add-signed, its parent's) comes before the last assignee's was
 * already there when the node was assigned.
 */
function replacedByAssignment(w: Working, ni: NodeInstanceRow): (op: OperatorRow) => boolean {
  const main = w.mainOperatorsOf(ni.id);
  const assigned = main.filter((o) => o.source === 'assign').map((o) => o.sequence_index);
  if (!assigned.length) return () => false;
  const last = Math.max(...assigned);
  return (op) => {
    const owner = op.parent_operator_id ? main.find((o) => o.id === op.parent_operator_id) : op;
    return owner !== undefined && owner.sequence_index < last;
  };
}

/** An approver takes back his approval while what it started is untouched. */
export async function recall(w: Working, record: RecordRow): Promise<void> {
  w.requireRunning();
  const rule = w.startProperties().recallRule;
  if (rule === 'none' || rule === 'start') throw new EngineError('flowRecallNotAllowed');
  if (record.handle_status !== HandleStatus.approved || record.recalled || record.handler_id !== w.actor.userId)
    throw new EngineError('flowRecallNotAllowed');
  const op = record.operator_id ? w.operator(record.operator_id) : undefined;
  if (!op || op.handle_status !== HandleStatus.approved || op.assignee_id !== w.actor.userId)
    throw new EngineError('flowRecallNotAllowed');
  const ni = w.nodeInstance(op.node_instance_id);
  if (ni.state === 'completed') {
    const made = madeBy(w, ni);
    if (made.some((n) => w.operatorsOf(n.id).some(actedByPerson))) throw new EngineError('flowRecallNotAllowed');
    if (!made.length && ni.branch_scope) {
      // The approval finished a branch: take it back out of its group, which must still wait.
      const { outer, groupId, branchId } = innermostPlace(ni.branch_scope);
      const group = activeGroup(w, groupId, outer);
      if (!group) throw new EngineError('flowRecallNotAllowed');
      const snapshot = groupSnapshot(group);
      snapshot.finished = snapshot.finished.filter((b) => b !== branchId);
      group.property_snapshot = JSON.stringify(snapshot);
      w.touchNode(group);
    } else if (!made.some((n) => n.state === 'active')) throw new EngineError('flowRecallNotAllowed');
    for (const n of made) w.voidNode(n);
    ni.state = 'active';
    ni.completed_at = null;
    w.touchNode(ni);
    // Operators the completion set aside take their turn again; those an assignment replaced before
    // it stay aside (the assignment gave the node to its assignee alone).
    const replaced = replacedByAssignment(w, ni);
    for (const other of w.operatorsOf(ni.id))
      if (other.state === 'void' && other.handle_status === null && other.id !== op.id && !replaced(other)) {
        other.state = ni.multi_mode === CounterSign.sequential ? 'waiting' : 'pending';
        w.touchOperator(other);
        if (other.state === 'pending') w.activate(other);
      }
  } else if (ni.state === 'active') {
    const later = w.mainOperatorsOf(ni.id).filter((o) => o.sequence_index > op.sequence_index);
    if (ni.multi_mode === CounterSign.sequential) {
      if (later.some(actedByPerson)) throw new EngineError('flowRecallNotAllowed');
      for (const o of later)
        if (o.state === 'pending') {
          o.state = 'waiting';
          w.touchOperator(o);
        }
    }
  } else throw new EngineError('flowRecallNotAllowed');
  op.handle_status = null;
  op.handled_at = null;
  w.activate(op);
  w.recount(ni);
  w.recalledRecordIds.push(record.id);
  w.record({ node: nodeRef(ni), handleStatus: HandleStatus.withdrawn, operatorId: op.id });
}

/** The initiator withdraws while the recall rule allows and no approver has acted (status 4). */
export function withdraw(w: Working, opinion: string | null): void {
  w.requireRunning();
  if (w.actor.userId !== w.instance.initiator_id && w.actor.userId !== w.instance.delegated_by)
    throw new EngineError('flowWithdrawNotAllowed');
  const rule = w.startProperties().recallRule ?? 'start';
  if (rule === 'none') throw new EngineError('flowWithdrawNotAllowed');
  const since = w.instance.submitted_at ?? 0;
  const looked =
    rule === 'all'
      ? w.activeNodes()
      : w.state.nodes.filter((n) => n.entered_at >= since && n.state !== 'void' && n.node_type !== 'start');
  if (looked.some((n) => w.operatorsOf(n.id).some(actedByPerson))) throw new EngineError('flowWithdrawNotAllowed');
  w.finish(FlowStatus.revoke);
  w.record({ node: startRef(w), handleStatus: HandleStatus.withdrawn, opinion });
}

/** A monitor terminates a running or suspended instance (status 5). */
export function cancel(w: Working, opinion: string | null): void {
  if (w.instance.status !== FlowStatus.wait && w.instance.status !== FlowStatus.suspended)
    throw new EngineError('flowNotRunning');
  w.finish(FlowStatus.cancel);
  w.instance.status_before_suspend = null;
  w.record({ node: startRef(w), handleStatus: HandleStatus.terminated, opinion, source: 'admin' });
}

// ---------------------------------------------------------------------------------------------
// Transfer, assign, add-sign
// ---------------------------------------------------------------------------------------------

function requireNotHandler(w: Working, ni: NodeInstanceRow, userId: string): void {
  if (w.operatorsOf(ni.id).some((o) => o.assignee_id === userId && (o.state === 'pending' || o.state === 'waiting')))
    throw new EngineError('flowAlreadyHandler');
}

export function transfer(w: Working, operatorId: string, toUserId: string, input: HandleInput): OperatorRow {
  const op = w.pendingOperatorOf(operatorId);
  const props = approverOf(w, op.node_id).properties;
  if (buttonOff(props, 'transfer')) throw new EngineError('flowRejectNotAllowed');
  if (!toUserId) throw new EngineError('flowUserRequired');
  const ni = w.nodeInstance(op.node_instance_id);
  requireNotHandler(w, ni, toUserId);
  w.record({
    node: nodeRef(ni),
    handleStatus: HandleStatus.transferred,
    operatorId: op.id,
    targetUserIds: [toUserId],
    opinion: input.opinion,
  });
  op.original_assignee_id = op.original_assignee_id ?? op.assignee_id;
  op.assignee_id = toUserId;
  op.source = 'transfer';
  op.draft_data = null;
  w.activate(op);
  return op;
}

/** A monitor replaces the handlers of a current node by one user. */
export async function assign(w: Working, nodeId: string, toUserId: string, opinion: string | null): Promise<void> {
  w.requireRunning();
  if (!toUserId) throw new EngineError('flowUserRequired');
  const ni = w
    .activeNodes()
    .find((n) => n.node_id === nodeId && (n.node_type === 'approver' || n.node_type === 'handle'));
  if (!ni) throw new EngineError('flowNodeNotCurrent', { node: nodeId });
  const open = w.operatorsOf(ni.id).filter((o) => o.state === 'pending' || o.state === 'waiting');
  for (const o of open) w.voidOperator(o);
  const op = w.addOperator({
    node_instance_id: ni.id,
    node_id: ni.node_id,
    node_name: ni.name,
    assignee_id: toUserId,
    source: 'assign',
    original_assignee_id: null,
    parent_operator_id: null,
    sequence_index: Math.max(0, ...w.mainOperatorsOf(ni.id).map((o) => o.sequence_index)) + 1,
    state: 'waiting',
    handle_status: null,
    handled_at: null,
    draft_data: null,
    received_at: w.now(),
    due_at: null,
    remind_count: 0,
    overdue_count: 0,
    batchable: 0,
    read_at: null,
  });
  w.activate(op);
  w.recount(ni);
  // The node passes with the assignee's approval, on top of those it already has, whatever its
  // ratio would make of the smaller number of handlers left.
  ni.pass_threshold = ni.approved_count + 1;
  w.record({
    node: nodeRef(ni),
    handleStatus: HandleStatus.assigned,
    targetUserIds: [toUserId],
    opinion,
    source: 'admin',
  });
  await settleNode(w, ni);
}

/**
 * Add-sign: before (1) the added users act first and the operator's turn comes back after them;
 * after (2) the operator's approval is held until the added users have approved too.
 */
export async function addSign(
  w: Working,
  operatorId: string,
  userIds: string[],
  kind: number,
  input: HandleInput,
): Promise<void> {
  const op = w.pendingOperatorOf(operatorId);
  const props = approverOf(w, op.node_id).properties;
  if (buttonOff(props, 'addSign')) throw new EngineError('flowRejectNotAllowed');
  const users = [...new Set(userIds)].filter((u) => u && u !== op.assignee_id);
  if (!users.length) throw new EngineError('flowUserRequired');
  const ni = w.nodeInstance(op.node_instance_id);
  for (const user of users) requireNotHandler(w, ni, user);
  const after = kind === 2;
  if (after) {
    requireOpinionAndSign(props, input);
    mergeWritable(w, props.formOperates, input.formData, false);
    op.state = 'done';
    op.handle_status = HandleStatus.countersignAdded;
    op.handled_at = w.now();
  } else op.state = 'waiting';
  w.touchOperator(op);
  w.record({
    node: nodeRef(ni),
    handleStatus: HandleStatus.countersignAdded,
    operatorId: op.id,
    targetUserIds: users,
    opinion: input.opinion,
    signImg: input.signImg,
  });
  for (const [index, user] of users.entries()) {
    const child = w.addOperator({
      node_instance_id: ni.id,
      node_id: ni.node_id,
      node_name: ni.name,
      assignee_id: user,
      source: after ? 'addSignAfter' : 'addSignBefore',
      original_assignee_id: null,
      parent_operator_id: op.id,
      sequence_index: index,
      state: 'waiting',
      handle_status: null,
      handled_at: null,
      draft_data: null,
      received_at: w.now(),
      due_at: null,
      remind_count: 0,
      overdue_count: 0,
      batchable: 0,
      read_at: null,
    });
    w.activate(child);
  }
  w.recount(ni);
}

// ---------------------------------------------------------------------------------------------
// Change, revive, suspend, restore
// ---------------------------------------------------------------------------------------------

/** A monitor moves a running flow to a node (change), or reopens an ended one there (revive). */
/**
 * The flow goes back to `nodeId` (a reject, an administrator's change or revival): asynchronous
 * child flows started by sub-flow steps after it go back with it, since those steps will run again
 * and start new children (waited-for children went with their voided step).
 */
function cancelAsyncChildrenAfter(w: Working, nodeId: string): void {
  for (const done of w.state.nodes)
    if (
      done.node_type === 'subFlow' &&
      done.state === 'completed' &&
      parentChain(w.state.tree, done.node_id).some((n) => n.nodeId === nodeId)
    )
      w.changes.cancelChildrenOf.add(done.id);
}

export async function change(w: Working, nodeId: string, revive: boolean, opinion: string | null): Promise<void> {
  const node = approverOf(w, nodeId);
  if (revive) {
    if (
      w.instance.status === FlowStatus.wait ||
      w.instance.status === FlowStatus.suspended ||
      w.instance.status === FlowStatus.draft
    )
      throw new EngineError('flowNotEnded');
    w.instance.status = FlowStatus.wait;
    w.instance.finished_at = null;
    w.instance.return_to_node_id = null;
  } else w.requireRunning();
  for (const ni of w.activeNodes()) w.voidNode(ni);
  cancelAsyncChildrenAfter(w, node.nodeId);
  const scope = scopeOf(w.state.tree, node.nodeId);
  ensureScope(w, scope, null);
  w.record({
    node: { id: null, nodeId: node.nodeId, name: node.name },
    handleStatus: revive ? HandleStatus.revived : HandleStatus.changed,
    opinion,
    source: 'admin',
  });
  await enterNode(w, node, scope, null);
  throwIfPicksNeeded(w);
}

export function suspend(w: Working): void {
  w.requireRunning();
  const parked: string[] = [];
  for (const op of w.state.operators)
    if (op.state === 'pending') {
      op.state = 'waiting';
      w.touchOperator(op);
      parked.push(op.id);
    }
  w.state.choices.suspendedOperatorIds = parked;
  w.instance.status_before_suspend = w.instance.status;
  w.instance.status = FlowStatus.suspended;
  w.record({ node: startRef(w), handleStatus: HandleStatus.suspended, source: 'admin' });
}

export function restore(w: Working): void {
  if (w.instance.status !== FlowStatus.suspended) throw new EngineError('flowNotRunning');
  w.instance.status = w.instance.status_before_suspend ?? FlowStatus.wait;
  w.instance.status_before_suspend = null;
  const parked = new Set(w.state.choices.suspendedOperatorIds ?? []);
  delete w.state.choices.suspendedOperatorIds;
  const deferred = w.state.choices.deferredJobs ?? [];
  delete w.state.choices.deferredJobs;
  const now = w.now();
  for (const op of w.state.operators)
    if (parked.has(op.id) && op.state === 'waiting') {
      op.state = 'pending';
      w.touchOperator(op);
      // A reminder or overdue action that fell due meanwhile did nothing: it runs now.
      for (const job of deferred.filter((d) => d.operatorId === op.id))
        if (job.kind === 'workflow.remind') w.queueRemind(op, now);
        else w.queueOverdue(op, now);
    }
  w.record({ node: startRef(w), handleStatus: HandleStatus.restored, source: 'admin' });
  requeueWaits(w);
}

/**
 * A timer or a waiting trigger whose job came while the flow was suspended did nothing (a suspended
 * flow does not move): on restore a timer already due fires again and a waiting trigger is called
 * again, each as a new job (the old one is spent). A trigger waiting for a callback was called all
 * the same (its call moves nothing) and keeps its token; only a deadline that passed meanwhile runs
 * again. A job that finds its node moved on does nothing.
 */
function requeueWaits(w: Working): void {
  const now = w.now();
  for (const ni of w.activeNodes()) {
    if (ni.node_type === 'timer' && ni.due_at !== null && ni.due_at <= now)
      w.changes.jobs.push({
        kind: 'workflow.timer',
        runAt: now,
        payload: { instanceId: w.instance.id, nodeInstanceId: ni.id },
        dedupeKey: `workflow.timer:${ni.id}:${now}`,
      });
    const node = ni.node_type === 'trigger' ? w.treeNode(ni.node_id) : null;
    if (node?.type !== 'trigger') continue;
    if (node.properties.mode !== 'callback')
      queueTriggerCall(w, ni, node.properties, `workflow.trigger:${ni.id}:${now}`);
    else if (ni.due_at !== null && ni.due_at <= now)
      queueCallbackDeadline(w, ni, node.properties, now, `workflow.triggerTimeout:${ni.id}:${now}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Timers, jobs, sub-flows
// ---------------------------------------------------------------------------------------------

/** A timer node's time came: it completes (nothing when it is no longer waiting). */
export async function timerFired(w: Working, nodeInstanceId: string): Promise<boolean> {
  if (w.instance.status !== FlowStatus.wait) return false;
  const ni = w.state.nodes.find((n) => n.id === nodeInstanceId);
  if (!ni || ni.state !== 'active' || ni.node_type !== 'timer') return false;
  await completeNode(w, ni);
  throwIfPicksNeeded(w);
  return true;
}

/** A waited-for child instance ended: the sub-flow node completes with the child's fields, or fails. */
export async function childEnded(
  w: Working,
  nodeInstanceId: string,
  childStatus: number,
  childFormData: Record<string, unknown>,
): Promise<boolean> {
  if (w.instance.status !== FlowStatus.wait) return false;
  const ni = w.state.nodes.find((n) => n.id === nodeInstanceId);
  if (!ni || ni.state !== 'active' || ni.node_type !== 'subFlow') return false;
  const node = w.treeNode(ni.node_id);
  if (node.type !== 'subFlow') return false;
  if (childStatus !== FlowStatus.adopt && node.properties.onChildFailure !== 'continue') {
    ni.state = 'rejected';
    w.touchNode(ni);
    w.notify({ kind: 'rejected', userIds: [w.instance.initiator_id], nodeId: ni.node_id, nodeName: ni.name });
    w.finish(FlowStatus.reject);
    return true;
  }
  for (const { from, to } of node.properties.mapOut ?? []) w.state.formData[to] = childFormData[from];
  await completeNode(w, ni);
  throwIfPicksNeeded(w);
  return true;
}

/** The value at a dot path of an interface's answer ('' the whole answer); undefined when absent. */
export function answerAt(answer: unknown, path: string): unknown {
  let at: unknown = answer;
  for (const key of path.split('.').filter(Boolean)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function activeTrigger(w: Working, nodeInstanceId: string) {
  if (w.instance.status !== FlowStatus.wait) return null;
  const ni = w.state.nodes.find((n) => n.id === nodeInstanceId);
  if (!ni || ni.state !== 'active' || ni.node_type !== 'trigger') return null;
  const node = w.treeNode(ni.node_id);
  return node.type === 'trigger' ? { ni, props: node.properties } : null;
}

/** Sets the form fields of a trigger's `responseMap` from an answer; answers what changed (a record's diff). */
function mapAnswer(w: Working, props: TriggerProperties, answer: unknown): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const { from, to } of props.responseMap ?? []) {
    const value = answerAt(answer, from);
    if (!to || value === undefined) continue;
    if (JSON.stringify(w.state.formData[to]) !== JSON.stringify(value))
      diff[to] = { from: w.state.formData[to] ?? null, to: value };
    w.state.formData[to] = value;
  }
  return diff;
}

/**
 * A waiting trigger's interface answered: its `responseMap` fills the form and the flow goes on.
 * Nothing when the node no longer waits (a recall, reject or withdraw came first).
 */
export async function triggerAnswered(w: Working, nodeInstanceId: string, answer: unknown): Promise<boolean> {
  const found = activeTrigger(w, nodeInstanceId);
  if (!found) return false;
  mapAnswer(w, found.props, answer);
  await completeNode(w, found.ni);
  throwIfPicksNeeded(w);
  return true;
}

/**
 * An outside system answered a trigger waiting for a callback, with the token whose hash is
 * `tokenHash`: the token is spent, the `responseMap` fills the form, a system record keeps what the
 * answer changed, and the flow goes on. Nothing when no step waits for that token any more (answered,
 * timed out, taken back, the flow ended). A suspended flow refuses and keeps the token, so the same
 * answer may come again once the flow is restored.
 */
export async function callbackAnswered(
  w: Working,
  nodeInstanceId: string,
  tokenHash: string,
  answer: unknown,
): Promise<boolean> {
  const ni = w.state.nodes.find((n) => n.id === nodeInstanceId);
  if (!ni || ni.state !== 'active' || ni.callback_token_digest !== tokenHash) return false;
  if (w.instance.status === FlowStatus.suspended) throw new EngineError('flowCallbackSuspended', {}, 409);
  const found = activeTrigger(w, nodeInstanceId);
  if (!found) return false;
  ni.callback_token_digest = null;
  w.record({
    node: nodeRef(ni),
    handleStatus: HandleStatus.autoApproved,
    handlerId: SYSTEM_HANDLER,
    formDiff: mapAnswer(w, found.props, answer),
    source: 'system-rule',
  });
  await completeNode(w, ni);
  throwIfPicksNeeded(w);
  return true;
}

/**
 * No callback came before a trigger's deadline: its token is dropped and the step fails as its
 * `onFailure` says, with a system record whose opinion is `reason`: the flow is rejected to its
 * start, or goes on without the answer. Nothing when the step no longer waits; while the flow is
 * suspended nothing either, and restoring it queues the deadline again.
 */
export async function callbackTimedOut(w: Working, nodeInstanceId: string, reason: string): Promise<boolean> {
  const found = activeTrigger(w, nodeInstanceId);
  if (!found) return false;
  const { ni, props } = found;
  ni.callback_token_digest = null;
  w.touchNode(ni);
  if (props.onFailure !== 'continue') return triggerFailed(w, nodeInstanceId, reason);
  w.record({ node: nodeRef(ni), handleStatus: HandleStatus.autoApproved, handlerId: SYSTEM_HANDLER, opinion: reason });
  await completeNode(w, ni);
  throwIfPicksNeeded(w);
  return true;
}

/**
 * A waiting trigger's last call failed: the flow goes on without the answer (`onFailure: 'continue'`)
 * or is rejected to the start, with a system record carrying the reason.
 */
export async function triggerFailed(w: Working, nodeInstanceId: string, reason: string | null): Promise<boolean> {
  const found = activeTrigger(w, nodeInstanceId);
  if (!found) return false;
  const { ni, props } = found;
  if (props.onFailure === 'continue') {
    await completeNode(w, ni);
    throwIfPicksNeeded(w);
    return true;
  }
  ni.state = 'rejected';
  ni.completed_at = w.now();
  w.touchNode(ni);
  w.record({
    node: nodeRef(ni),
    handleStatus: HandleStatus.returned,
    handlerId: SYSTEM_HANDLER,
    opinion: reason,
    source: 'system-rule',
  });
  w.notify({ kind: 'rejected', userIds: [w.instance.initiator_id], nodeId: ni.node_id, nodeName: ni.name });
  w.finish(FlowStatus.reject);
  return true;
}

/**
 * The parent flow took back the step that started this child (a recall, a reject to an earlier
 * node, a change) or ended without approval: the child is cancelled (status 5) with a terminated
 * record, unless it already ended for good. A child sent back to its start is cancelled too, so it
 * cannot be resubmitted into a parent that no longer waits for it.
 */
export function cancelByParent(w: Working): boolean {
  const open: number[] = [FlowStatus.wait, FlowStatus.suspended, FlowStatus.reject];
  if (!open.includes(w.instance.status)) return false;
  w.finish(FlowStatus.cancel);
  w.instance.status_before_suspend = null;
  w.changes.cancelledByParent = true;
  w.record({ node: startRef(w), handleStatus: HandleStatus.terminated, source: 'system-rule' });
  return true;
}

/** Which of an operator's jobs: its reminders or its overdue action. */
type OperatorJobKind = 'workflow.remind' | 'workflow.overdue';

/** What a reminder or overdue job was queued for: its operator, the count it acts on, the receipt it belongs to. */
export interface OperatorJob {
  operatorId: string;
  count: number;
  /** The operator's `received_at` when the job was queued; absent in jobs queued before it was carried. */
  receivedAt?: number;
}

/**
 * The operator a reminder or overdue job may act on: still pending on a running flow, with the same
 * count and the same receipt (a task handed on since has jobs of its own). A job that falls due while
 * the flow is suspended is kept on the instance for restore to queue again (`deferred`).
 */
function operatorDue(w: Working, kind: OperatorJobKind, job: OperatorJob): OperatorRow | 'deferred' | null {
  const op = w.operator(job.operatorId);
  const count = kind === 'workflow.remind' ? op?.remind_count : op?.overdue_count;
  if (!op || count !== job.count) return null;
  if (job.receivedAt !== undefined && op.received_at !== job.receivedAt) return null;
  const choices = w.state.choices;
  if (w.instance.status === FlowStatus.suspended && op.state === 'waiting') {
    if (!choices.suspendedOperatorIds?.includes(op.id)) return null;
    if (choices.deferredJobs?.some((d) => d.kind === kind && d.operatorId === op.id)) return null;
    choices.deferredJobs = [...(choices.deferredJobs ?? []), { kind, operatorId: op.id }];
    return 'deferred';
  }
  if (w.instance.status !== FlowStatus.wait || op.state !== 'pending') return null;
  return op;
}

/** A reminder fell due: the still-pending operator is told again, and the next reminder is set. */
export function remindDue(w: Working, job: OperatorJob): boolean {
  const op = operatorDue(w, 'workflow.remind', job);
  if (op === 'deferred') return true;
  if (!op) return false;
  const remind = w.approverProperties(op.node_id)?.remind;
  op.remind_count += 1;
  w.touchOperator(op);
  w.notify({
    kind: 'remind',
    userIds: [op.assignee_id],
    operatorId: op.id,
    nodeId: op.node_id,
    nodeName: op.node_name,
    senderId: null,
  });
  if (remind && op.remind_count < remind.maxCount && remind.interval > 0)
    w.queueRemind(op, w.now() + remind.interval * 3_600_000);
  return true;
}

/**
 * An operator went overdue: he is told, and the node's `autoAction` approves or rejects for him (as
 * the system timer, in the name of the operator's assignee). Only once per overdue count, so a job
 * run twice does nothing the second time. A rejection goes where the node's reject rule sends it
 * first; a node that may not reject (a handling node, its reject button off) only tells the handler.
 */
export async function overdueDue(w: Working, job: OperatorJob): Promise<boolean> {
  const op = operatorDue(w, 'workflow.overdue', job);
  if (op === 'deferred') return true;
  if (!op) return false;
  const node = approverOf(w, op.node_id);
  const overdue = node.properties.overdue;
  op.overdue_count += 1;
  w.touchOperator(op);
  w.notify({
    kind: 'overdue',
    userIds: [op.assignee_id],
    operatorId: op.id,
    nodeId: op.node_id,
    nodeName: op.node_name,
    senderId: null,
  });
  if (overdue?.autoAction === 'approve') await approve(w, op.id, {});
  else if (overdue?.autoAction === 'reject' && mayReject(node)) await reject(w, op.id, {});
  return true;
}

import {
  CounterSign,
  findNode,
  flowNodeList,
  FlowStatus,
  HandleStatus,
  isApproverNode,
  type ApproverProperties,
  type ConditionContext,
  type FlowNode,
  type StartProperties,
} from '@atrium/shared/workflow';
import { EngineError } from './errors.ts';
import type { EnginePorts } from './ports.ts';
import {
  emptyChanges,
  type ChangeSet,
  type CirculateRow,
  type InstanceState,
  type NodeInstanceRow,
  type Notification,
  type OperatorRow,
  type RecordRow,
  type RecordSource,
} from './state.ts';

/** Who runs a command: a user, a timer or a rule of the system, or a monitor (admin). */
export interface Actor {
  userId: string;
  source: RecordSource;
  /** The request's idempotency key, stored on the first record the actor writes. */
  requestId?: string | null;
}

/** The handler id of records the system writes without a person (auto-approval of an empty node). */
export const SYSTEM_HANDLER = 'system';

const HOUR = 3_600_000;

/**
 * A command's working copy: the state it mutates and the change set it fills. Every row it changes
 * goes through `touch*` so persistence writes exactly those, each once, with its version bumped.
 */
export class Working {
  readonly changes: ChangeSet = emptyChanges();
  /** Nodes whose rule found nobody and whose policy asks the submitter to pick. */
  readonly needsPicks: { nodeId: string; nodeName: string }[] = [];
  /** Records a recall took back (their `recalled` flag is set). */
  readonly recalledRecordIds: string[] = [];
  private requestUsed = false;

  constructor(
    readonly state: InstanceState,
    readonly ports: EnginePorts,
    readonly actor: Actor,
  ) {}

  get instance() {
    return this.state.instance;
  }

  now(): number {
    return this.ports.now();
  }

  treeNode(nodeId: string): FlowNode {
    const node = findNode(this.state.tree, nodeId);
    if (!node) throw new EngineError('flowNodeUnknown', { node: nodeId });
    return node;
  }

  startProperties(): StartProperties {
    return (this.state.tree.type === 'start' ? this.state.tree.properties : {}) as StartProperties;
  }

  conditionContext(): ConditionContext {
    return { formData: this.state.formData, ...this.state.condition };
  }

  nodeInstance(id: string): NodeInstanceRow {
    const row = this.state.nodes.find((n) => n.id === id);
    if (!row) throw new EngineError('flowNodeUnknown', { node: id }, 404);
    return row;
  }

  operator(id: string): OperatorRow | undefined {
    return this.state.operators.find((o) => o.id === id);
  }

  operatorsOf(nodeInstanceId: string): OperatorRow[] {
    return this.state.operators.filter((o) => o.node_instance_id === nodeInstanceId);
  }

  /** Main operators: those of the node's rule (add-signed ones hang under a parent). */
  mainOperatorsOf(nodeInstanceId: string): OperatorRow[] {
    return this.operatorsOf(nodeInstanceId).filter((o) => o.parent_operator_id === null);
  }

  activeNodes(): NodeInstanceRow[] {
    return this.state.nodes.filter((n) => n.state === 'active');
  }

  addNode(
    values: Omit<NodeInstanceRow, 'id' | 'instance_id' | 'version' | 'entered_at' | 'round' | 'callback_token_digest'>,
  ): NodeInstanceRow {
    const round = 1 + Math.max(0, ...this.state.nodes.filter((n) => n.node_id === values.node_id).map((n) => n.round));
    const row: NodeInstanceRow = {
      ...values,
      callback_token_digest: null,
      id: this.ports.newId(),
      instance_id: this.instance.id,
      round,
      entered_at: this.now(),
      version: 0,
    };
    this.state.nodes.push(row);
    this.changes.newNodeIds.add(row.id);
    return row;
  }

  touchNode(row: NodeInstanceRow): void {
    if (!this.changes.newNodeIds.has(row.id)) this.changes.touchedNodeIds.add(row.id);
  }

  addOperator(values: Omit<OperatorRow, 'id' | 'instance_id' | 'version'>): OperatorRow {
    const row: OperatorRow = { ...values, id: this.ports.newId(), instance_id: this.instance.id, version: 0 };
    this.state.operators.push(row);
    this.changes.newOperatorIds.add(row.id);
    return row;
  }

  touchOperator(row: OperatorRow): void {
    if (!this.changes.newOperatorIds.has(row.id)) this.changes.touchedOperatorIds.add(row.id);
  }

  record(values: {
    node: { id: string | null; nodeId: string; name: string };
    handleStatus: number;
    operatorId?: string | null;
    handlerId?: string;
    targetUserIds?: string[];
    opinion?: string | null;
    signImg?: string | null;
    fileList?: unknown[];
    formDiff?: Record<string, unknown> | null;
    source?: RecordSource;
    visible?: boolean;
  }): RecordRow {
    const handlerId = values.handlerId ?? this.actor.userId;
    // The idempotency key is unique per handler: only the command's own first record carries it.
    const takesRequest = !this.requestUsed && handlerId === this.actor.userId && !!this.actor.requestId;
    if (takesRequest) this.requestUsed = true;
    const row: RecordRow = {
      id: this.ports.newId(),
      instance_id: this.instance.id,
      node_instance_id: values.node.id,
      node_id: values.node.nodeId,
      node_name: values.node.name,
      operator_id: values.operatorId ?? null,
      handle_status: values.handleStatus,
      handler_id: handlerId,
      target_user_ids: values.targetUserIds?.length ? values.targetUserIds.join(',') : null,
      opinion: values.opinion ?? null,
      sign_img: values.signImg ?? null,
      file_list: JSON.stringify(values.fileList ?? []),
      form_diff: values.formDiff && Object.keys(values.formDiff).length ? JSON.stringify(values.formDiff) : null,
      visible: values.visible === false ? 0 : 1,
      request_id: takesRequest ? (this.actor.requestId ?? null) : null,
      source: values.source ?? this.actor.source,
      recalled: 0,
      created_at: this.now(),
    };
    this.changes.records.push(row);
    this.instance.last_record_at = row.created_at;
    return row;
  }

  circulate(
    node: { id: string | null; nodeId: string; name: string },
    userIds: string[],
    source: CirculateRow['source'],
  ) {
    const users = [...new Set(userIds)].filter(Boolean);
    if (!users.length) return;
    for (const userId of users)
      this.changes.circulates.push({
        id: this.ports.newId(),
        instance_id: this.instance.id,
        node_instance_id: node.id,
        node_id: node.nodeId,
        node_name: node.name,
        user_id: userId,
        source,
        read_at: null,
        created_at: this.now(),
      });
    this.notify({ kind: 'copy', userIds: users, nodeId: node.nodeId, nodeName: node.name });
  }

  notify(n: Omit<Notification, 'instanceId' | 'senderId'> & { senderId?: string | null }): void {
    if (!n.userIds.length) return;
    this.changes.notifications.push({
      ...n,
      instanceId: this.instance.id,
      senderId: n.senderId === undefined ? (this.actor.source === 'user' ? this.actor.userId : null) : n.senderId,
    });
  }

  /** Makes an operator the one to act now: received, due, told, reminded. */
  activate(op: OperatorRow): void {
    const props = this.approverProperties(op.node_id);
    const now = this.now();
    op.state = 'pending';
    op.received_at = now;
    op.due_at = props?.timeLimit?.hours ? now + props.timeLimit.hours * HOUR : null;
    this.touchOperator(op);
    this.notify({
      kind: 'todo',
      userIds: [op.assignee_id],
      operatorId: op.id,
      nodeId: op.node_id,
      nodeName: op.node_name,
    });
    const remind = props?.remind;
    if (remind && remind.maxCount > 0 && remind.firstAfter > 0) this.queueRemind(op, now + remind.firstAfter * HOUR);
    const overdue = props?.overdue;
    if (overdue && overdue.firstAfter > 0) this.queueOverdue(op, now + overdue.firstAfter * HOUR);
  }

  /**
   * The operator's next reminder. The job carries the count it is for and the time the operator
   * received the task: a transfer, recall or add-sign hands the task on with a new receipt time (and
   * jobs of its own), so a job of an earlier receipt finds it no longer matches and does nothing.
   */
  queueRemind(op: OperatorRow, runAt: number): void {
    this.changes.jobs.push({
      kind: 'workflow.remind',
      runAt,
      payload: { instanceId: this.instance.id, operatorId: op.id, count: op.remind_count, receivedAt: op.received_at },
      dedupeKey: `workflow.remind:${op.id}:${op.remind_count}:${this.now()}`,
    });
  }

  /** The operator's overdue action, stamped like a reminder (see `queueRemind`). */
  queueOverdue(op: OperatorRow, runAt: number): void {
    this.changes.jobs.push({
      kind: 'workflow.overdue',
      runAt,
      payload: { instanceId: this.instance.id, operatorId: op.id, count: op.overdue_count, receivedAt: op.received_at },
      dedupeKey: `workflow.overdue:${op.id}:${op.overdue_count}:${this.now()}`,
    });
  }

  approverProperties(nodeId: string): ApproverProperties | null {
    const node = findNode(this.state.tree, nodeId);
    return node && isApproverNode(node) ? node.properties : null;
  }

  /** Counters of a node instance from its main operators (the invariant: counters equal rows). */
  recount(ni: NodeInstanceRow): void {
    const main = this.mainOperatorsOf(ni.id);
    ni.total_count = main.filter((o) => o.state !== 'void').length;
    ni.approved_count = main.filter((o) => isApproval(o.handle_status)).length;
    ni.rejected_count = main.filter((o) => o.handle_status === HandleStatus.returned).length;
    this.touchNode(ni);
  }

  /** Votes an "all" or sequential node needs: every main operator, or the ratio of them. */
  threshold(ni: NodeInstanceRow): number {
    if (ni.multi_mode === CounterSign.any) return 1;
    const total = this.mainOperatorsOf(ni.id).filter((o) => o.state !== 'void').length;
    const ratio = this.approverProperties(ni.node_id)?.countersignRatio;
    if (ni.multi_mode === CounterSign.all && ratio && ratio > 0 && ratio < 100)
      return Math.max(1, Math.ceil((total * ratio) / 100));
    return Math.max(1, total);
  }

  /** Voids a node instance and whatever of its operators has not acted (and the child flow it started). */
  voidNode(ni: NodeInstanceRow): void {
    ni.state = 'void';
    ni.completed_at = this.now();
    this.touchNode(ni);
    if (ni.node_type === 'subFlow') this.changes.cancelChildrenOf.add(ni.id);
    for (const op of this.operatorsOf(ni.id))
      if (op.state === 'pending' || op.state === 'waiting') this.voidOperator(op);
  }

  voidOperator(op: OperatorRow): void {
    op.state = 'void';
    this.touchOperator(op);
  }

  /** Ends the instance: nothing stays active or pending. */
  finish(status: number): void {
    for (const ni of this.activeNodes()) this.voidNode(ni);
    const now = this.now();
    this.instance.status = status;
    this.instance.finished_at = now;
    if (status === FlowStatus.adopt) this.instance.completion = 100;
    // An approved flow leaves its asynchronous children running; any other end takes them with it.
    else this.changes.cancelAllChildren = true;
    this.changes.ended = true;
    if (status === FlowStatus.adopt) this.notify({ kind: 'approved', userIds: [this.instance.initiator_id] });
  }

  requireRunning(): void {
    if (this.instance.status === FlowStatus.suspended) throw new EngineError('flowSuspended');
    if (this.instance.status !== FlowStatus.wait) throw new EngineError('flowNotRunning');
  }

  /** The caller's pending operator, or a refusal saying why not. */
  pendingOperatorOf(operatorId: string): OperatorRow {
    this.requireRunning();
    const op = this.operator(operatorId);
    if (!op) throw new EngineError('flowOperatorDone', {}, 404);
    if (op.assignee_id !== this.actor.userId) throw new EngineError('flowOperatorNotYours', {}, 403);
    if (op.state !== 'pending') throw new EngineError('flowOperatorDone');
    return op;
  }

  /** Denormalised current nodes and progress for the lists; the instance's JSON columns. */
  finalize(): void {
    // Counters follow the operator rows of every node the command touched.
    const touchedOps = new Set(
      this.state.operators
        .filter((o) => this.changes.newOperatorIds.has(o.id) || this.changes.touchedOperatorIds.has(o.id))
        .map((o) => o.node_instance_id),
    );
    for (const ni of this.state.nodes)
      if (
        isApproverType(ni.node_type) &&
        (this.changes.newNodeIds.has(ni.id) || this.changes.touchedNodeIds.has(ni.id) || touchedOps.has(ni.id))
      )
        this.recount(ni);
    const current = this.activeNodes().filter((n) => !['condition', 'parallel'].includes(n.node_type));
    this.instance.current_node_ids = current.map((n) => n.node_id).join(',');
    this.instance.current_node_names = current.map((n) => n.name).join(',');
    if (this.instance.status === FlowStatus.wait) {
      // Progress: the share of the tree's approval nodes passed, never 100 before the end.
      const total = flowNodeList(this.state.tree).filter(isApproverNode).length;
      const done = new Set(
        this.state.nodes.filter((n) => n.state === 'completed' && isApproverType(n.node_type)).map((n) => n.node_id),
      );
      this.instance.completion = Math.min(99, Math.round((done.size / Math.max(total, 1)) * 100));
    }
    this.instance.form_data = JSON.stringify(this.state.formData);
    this.instance.choices = JSON.stringify(this.state.choices);
    this.instance.updated_at = this.now();
  }
}

export const isApproval = (status: number | null) =>
  status === HandleStatus.approved || status === HandleStatus.autoApproved;

export const isApproverType = (type: string) => type === 'approver' || type === 'handle';

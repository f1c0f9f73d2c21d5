/**
 * The engine's in-memory model of one instance (docs/workflow.md): the instance, its node instances
 * and operators, and the node tree of the version it runs on. Rows have the columns of the runtime
 * tables, so persistence writes them as they are; the engine itself never touches a database.
 */
import type { ConditionContext, FlowNode } from '@atrium/shared/workflow';

export type NodeState = 'pending' | 'active' | 'completed' | 'rejected' | 'skipped' | 'void';
export type OperatorState = 'waiting' | 'pending' | 'done' | 'void';

/** Where an operator came from (flow_operator.source). */
export type OperatorSource =
  | 'rule'
  | 'candidate'
  | 'transfer'
  | 'assign'
  | 'delegate'
  | 'addSignBefore'
  | 'addSignAfter'
  | 'emptyPolicy'
  | 'autoDedup';

/** Who caused a record (flow_record.source). */
export type RecordSource = 'user' | 'system-timer' | 'system-rule' | 'admin';

export interface InstanceRow {
  id: string;
  template_id: string;
  version_id: string;
  bill_no: string;
  title: string;
  urgent: number;
  status: number;
  status_before_suspend: number | null;
  initiator_id: string;
  delegated_by: string | null;
  submitted_at: number | null;
  finished_at: number | null;
  form_data: string;
  current_node_ids: string;
  current_node_names: string;
  completion: number;
  choices: string;
  parent_instance_id: string | null;
  parent_node_instance_id: string | null;
  is_async: number;
  return_to_node_id: string | null;
  last_record_at: number | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface NodeInstanceRow {
  id: string;
  instance_id: string;
  node_id: string;
  node_type: string;
  name: string;
  round: number;
  state: NodeState;
  branch_scope: string;
  multi_mode: number;
  pass_threshold: number;
  total_count: number;
  approved_count: number;
  rejected_count: number;
  property_snapshot: string;
  created_by_node_instance_id: string | null;
  due_at: number | null;
  entered_at: number;
  completed_at: number | null;
  /** A trigger waiting for a callback: the SHA-256 of its token (engine/callback-token.ts); null once spent. */
  callback_token_digest: string | null;
  version: number;
}

export interface OperatorRow {
  id: string;
  instance_id: string;
  node_instance_id: string;
  node_id: string;
  node_name: string;
  assignee_id: string;
  source: string;
  original_assignee_id: string | null;
  parent_operator_id: string | null;
  sequence_index: number;
  state: OperatorState;
  handle_status: number | null;
  handled_at: number | null;
  draft_data: string | null;
  received_at: number;
  due_at: number | null;
  remind_count: number;
  overdue_count: number;
  batchable: number;
  read_at: number | null;
  version: number;
}

export interface RecordRow {
  id: string;
  instance_id: string;
  node_instance_id: string | null;
  node_id: string;
  node_name: string;
  operator_id: string | null;
  handle_status: number;
  handler_id: string;
  target_user_ids: string | null;
  opinion: string | null;
  sign_img: string | null;
  file_list: string;
  form_diff: string | null;
  visible: number;
  request_id: string | null;
  source: string;
  recalled: number;
  created_at: number;
}

export interface CirculateRow {
  id: string;
  instance_id: string;
  node_instance_id: string | null;
  node_id: string;
  node_name: string;
  user_id: string;
  source: 'rule' | 'approver' | 'initiator';
  read_at: number | null;
  created_at: number;
}

/** What the handlers chose at submit or approval, kept on the instance (`choices`). */
export interface Choices {
  /** Candidates picked for assignee type 7 nodes, by node id. */
  candidates?: Record<string, string[]>;
  /** Handlers picked for nodes whose rule found nobody (empty policy "previous picks"). */
  errorRule?: Record<string, string[]>;
  /** Branches picked for chooser conditions. */
  branches?: string[];
  /** Operators made waiting by a suspension, made pending again on restore. */
  suspendedOperatorIds?: string[];
  /** Reminders and overdue actions of parked operators that fell due during a suspension: queued again on restore. */
  deferredJobs?: { kind: 'workflow.remind' | 'workflow.overdue'; operatorId: string }[];
}

/** A group node instance's bookkeeping in `property_snapshot`: the branches it started and those done. */
export interface GroupSnapshot {
  activated: string[];
  finished: string[];
}

export interface InstanceState {
  instance: InstanceRow;
  formData: Record<string, unknown>;
  choices: Choices;
  /** The node tree of the instance's version (never the template's newest). */
  tree: FlowNode;
  template: { id: string; enCode: string; fullName: string; flowType: number };
  nodes: NodeInstanceRow[];
  operators: OperatorRow[];
  /** Condition context values that need the organisation (initiator's department, roles...). */
  condition: Pick<ConditionContext, 'system' | 'belongsTo'>;
}

export type NotificationKind = 'todo' | 'approved' | 'rejected' | 'copy' | 'urge' | 'remind' | 'overdue' | 'ended';

export interface Notification {
  kind: NotificationKind;
  userIds: string[];
  instanceId: string;
  /** The operator a to-do, reminder or overdue message opens. */
  operatorId?: string;
  nodeId?: string;
  nodeName?: string;
  /** The user whose action sent it; null for the system. */
  senderId: string | null;
  opinion?: string | null;
}

export interface JobRequest {
  kind: 'workflow.timer' | 'workflow.remind' | 'workflow.overdue' | 'workflow.trigger' | 'workflow.triggerTimeout';
  runAt: number;
  payload: Record<string, unknown>;
  dedupeKey: string;
  /** Runs before the job is dead; default the kind's. */
  maxAttempts?: number;
}

/** A child instance a sub-flow node starts; the runtime starts it in the same unit of work. */
export interface ChildStart {
  nodeInstanceId: string;
  node: FlowNode;
  templateCode: string;
  initiatorId: string;
  formData: Record<string, unknown>;
  wait: boolean;
}

/** What one command changed, for persistence to write and the runtime to deliver. */
export interface ChangeSet {
  newNodeIds: Set<string>;
  touchedNodeIds: Set<string>;
  newOperatorIds: Set<string>;
  touchedOperatorIds: Set<string>;
  records: RecordRow[];
  circulates: CirculateRow[];
  jobs: JobRequest[];
  notifications: Notification[];
  childStarts: ChildStart[];
  /** Sub-flow node instances voided in this command: the child flows they started are cancelled. */
  cancelChildrenOf: Set<string>;
  /** The instance was rejected, withdrawn or cancelled: every child flow still open is cancelled. */
  cancelAllChildren: boolean;
  /** This (child) instance was cancelled by its parent, which therefore is not told it ended. */
  cancelledByParent: boolean;
  /** The instance ended (2, 3, 4 or 5) in this command. */
  ended: boolean;
}

export function emptyChanges(): ChangeSet {
  return {
    newNodeIds: new Set(),
    touchedNodeIds: new Set(),
    newOperatorIds: new Set(),
    touchedOperatorIds: new Set(),
    records: [],
    circulates: [],
    jobs: [],
    notifications: [],
    childStarts: [],
    cancelChildrenOf: new Set(),
    cancelAllChildren: false,
    cancelledByParent: false,
    ended: false,
  };
}

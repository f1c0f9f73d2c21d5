/**
 * The workflow's shared vocabulary: the status codes the screens show, the node tree an administrator
 * draws in the flow designer (the authoring format stored on a template version), and the wire shapes
 * of the engine's endpoints. The server's engine, the designer and every workflow screen read these
 * types, so a code means the same thing on both sides.
 */

/** Instance status (the "task" of a flow): 1 to 5 are shown to users; 0 and 6 are internal. */
export const FlowStatus = {
  draft: 0,
  wait: 1,
  adopt: 2,
  reject: 3,
  revoke: 4,
  cancel: 5,
  suspended: 6,
} as const;
export type FlowStatusCode = (typeof FlowStatus)[keyof typeof FlowStatus];

/** Statuses after which an instance has no pending operator and no job waiting. */
export const TERMINAL_FLOW_STATUSES: readonly number[] = [
  FlowStatus.adopt,
  FlowStatus.reject,
  FlowStatus.revoke,
  FlowStatus.cancel,
];

/** What a record (one row of the approval history) says was done. */
export const HandleStatus = {
  returned: 0,
  approved: 1,
  initiated: 2,
  withdrawn: 3,
  terminated: 4,
  assigned: 5,
  countersignAdded: 6,
  transferred: 7,
  changed: 8,
  revived: 9,
  // Internal codes beyond the displayed vocabulary.
  autoApproved: 10,
  copied: 11,
  urged: 12,
  suspended: 13,
  restored: 14,
} as const;
export type HandleStatusCode = (typeof HandleStatus)[keyof typeof HandleStatus];

/** Urgency of an instance: 1 normal, 2 important, 3 urgent; anything else reads as normal. */
export const Urgency = { normal: 1, important: 2, urgent: 3 } as const;
export type UrgencyCode = (typeof Urgency)[keyof typeof Urgency];

/** Reads any value as an urgency code, unknown values as normal. */
export function urgencyOf(value: unknown): UrgencyCode {
  return value === 2 || value === 3 ? value : 1;
}

/** The categories of `FlowBefore/List/{category}`. */
export const FlowListCategory = { todo: 1, done: 2, circulate: 3, batch: 4 } as const;

/** The categories of `flowViewCount`: to-do and my applications, as the left menu shows them. */
export const FlowCountCategory = { todo: 1, launch: 3 } as const;

/** The detail page's `opType`. */
export const FlowOpType = {
  launch: -1,
  myLaunch: 0,
  todo: 1,
  done: 2,
  circulate: 3,
  monitor: 4,
} as const;

/** flowType of a template: 0 launched by staff, 1 attached to a function (cannot be cancelled). */
export const FlowTemplateType = { launch: 0, function: 1 } as const;

// ---------------------------------------------------------------------------------------------
// Node tree (authoring format)
// ---------------------------------------------------------------------------------------------

export type FlowNodeType =
  'start' | 'approver' | 'handle' | 'copy' | 'condition' | 'parallel' | 'subFlow' | 'timer' | 'trigger';

/** A form field's permission on a node. */
export interface FormOperate {
  /** The field's vModel. */
  id: string;
  name?: string;
  read: boolean;
  write: boolean;
  required?: boolean;
}

/** Users chosen by organisation objects; every list holds ids. */
export interface MemberSpec {
  users?: string[];
  roles?: string[];
  positions?: string[];
  /** Organisations: their members (or heads, with `orgHeads`). */
  orgs?: string[];
  orgHeads?: boolean;
  groups?: string[];
}

/**
 * How an approver node finds its handlers (`assigneeType` as the designer stores it):
 * 1 initiator's manager (`managerLevel`), 2 department head (`departmentLevel`), 3 initiator,
 * 4 form field (`formField`, a user or department field), 5 same handler as another node
 * (`approverNodeId`), 6 named members (`members`), 7 candidates chosen by the previous handler
 * (from `members` as the pool), 9 a data interface (`interfaceId`, answering user ids).
 */
export const AssigneeType = {
  initiatorManager: 1,
  deptHead: 2,
  initiator: 3,
  formField: 4,
  previousNodeApprover: 5,
  members: 6,
  candidates: 7,
  dataInterface: 9,
} as const;
export type AssigneeTypeCode = (typeof AssigneeType)[keyof typeof AssigneeType];

/** Countersign (`counterSign`): 0 any one, 1 all (or a ratio), 2 one after another. */
export const CounterSign = { any: 0, all: 1, sequential: 2 } as const;
export type CounterSignCode = (typeof CounterSign)[keyof typeof CounterSign];

/** What to do when a node's rule finds nobody. */
export type EmptyPolicy = 'admin' | 'users' | 'previousPicks' | 'autoApprove' | 'block' | 'initiator';

export type FlowButton = 'approve' | 'reject' | 'transfer' | 'addSign' | 'recall' | 'saveDraft' | 'print' | 'urge';

export interface ButtonSetting {
  enabled: boolean;
  label?: string;
}

/** Where a reject may send the flow: the start, the previous node, chosen nodes, or any earlier one. */
export type RejectTargetRule = 'start' | 'previous' | 'node' | 'any';

/** rejectType of a handle body: 1 restart from the target, 2 return straight to the rejecting node. */
export const RejectType = { restart: 1, returnToRejecter: 2 } as const;

export interface CopySpec extends MemberSpec {
  /** A user field of the form whose users are copied. */
  formField?: string;
  toInitiator?: boolean;
  /** Whether an approver may add copy recipients when approving. */
  allowApproverAddCc?: boolean;
}

export interface TimeoutSettings {
  /** Hours after the operator received the task; 0 or absent switches it off. */
  hours?: number;
}

export interface RemindSettings {
  /** Hours after receipt of the first reminder, then every `interval` hours, at most `maxCount`. */
  firstAfter: number;
  interval: number;
  maxCount: number;
}

export interface OverdueSettings {
  /** Hours after receipt when the task is overdue. */
  firstAfter: number;
  /** What happens once overdue: nothing (a message), approve, or reject. */
  autoAction: 'none' | 'approve' | 'reject';
}

/**
 * A value a flow gives one declared parameter of a data interface it calls. Without such a list a
 * declared parameter takes the form field of its name, or the flow variable of its name (which wins:
 * `initiatorId`, `initiatorDept`, `instanceId`, `billNo`, `flowTitle`, `flowCode`, `flowName`,
 * `flowUrgent`, `launchTime`; for a trigger waiting for a callback also `flowCallbackToken` and
 * `flowCallbackUrl`).
 */
export interface InterfaceParam {
  /** The interface's declared parameter. */
  field: string;
  /** form: the value of the form field `value`; system: the flow variable `value`; literal: `value` as written. */
  source: 'form' | 'system' | 'literal';
  value: string;
}

export interface ApproverProperties {
  assigneeType: AssigneeTypeCode;
  managerLevel?: number;
  departmentLevel?: number;
  formField?: string;
  approverNodeId?: string;
  members?: MemberSpec;
  /** Type 9: the data interface answering the handlers (user ids, or rows with `id` / `userId`). */
  interfaceId?: string;
  /** Type 9: what its declared parameters take (see InterfaceParam). */
  interfaceParams?: InterfaceParam[];
  counterSign: CounterSignCode;
  /** Percentage of handlers whose approval completes an "all" node (default 100). */
  countersignRatio?: number;
  emptyPolicy?: EmptyPolicy;
  emptyUsers?: string[];
  dedup?: { skipIfInitiator?: boolean; skipIfSameAsPrevious?: boolean; skipIfAlreadyApproved?: boolean };
  buttons?: Partial<Record<FlowButton, ButtonSetting>>;
  rejectTarget?: RejectTargetRule;
  /** The nodes a reject may go to when `rejectTarget` is 'node'. */
  rejectNodeIds?: string[];
  /** Allowed reject modes; default restart only. */
  rejectTypes?: number[];
  formOperates?: FormOperate[];
  requireOpinion?: boolean;
  requireSign?: boolean;
  allowAttachments?: boolean;
  batchApprovable?: boolean;
  cc?: CopySpec;
  timeLimit?: TimeoutSettings;
  remind?: RemindSettings;
  overdue?: OverdueSettings;
}

export interface StartProperties {
  /** Who may launch: empty means everyone. */
  initiators?: MemberSpec;
  formOperates?: FormOperate[];
  /** Title template: `{flowName}`, `{initiator}`, `{date}` and `{field:<vModel>}` are replaced. */
  titleTemplate?: string;
  /** Recall rule of approvers and initiators: none, only the start, or every node. */
  recallRule?: 'none' | 'start' | 'all';
  allowComments?: boolean;
  requireSign?: boolean;
  defaultEmptyPolicy?: EmptyPolicy;
}

export type CopyProperties = CopySpec;

/** One rule of a condition: `left` is a form field or a system variable (`@initiatorDept` ...). */
export interface ConditionRule {
  left: string;
  op: ConditionOp;
  right?: unknown;
  /** When set, `right` names a form field whose value is compared instead of a literal. */
  rightIsField?: boolean;
}

export type ConditionOp =
  | '=='
  | '<>'
  | '>'
  | '>='
  | '<'
  | '<='
  | 'like'
  | 'notLike'
  | 'in'
  | 'notIn'
  | 'between'
  | 'isEmpty'
  | 'notEmpty'
  | 'belongsTo';

/** Rules of one group joined by `logic`; groups joined by the branch's `logic`. */
export interface ConditionGroup {
  logic: 'and' | 'or';
  rules: ConditionRule[];
}

export interface ConditionWhen {
  logic: 'and' | 'or';
  groups: ConditionGroup[];
}

export interface ConditionBranch {
  nodeId: string;
  name: string;
  priority: number;
  isDefault?: boolean;
  when?: ConditionWhen;
  childNode: FlowNode | null;
}

export interface ConditionProperties {
  /** exclusive: first matching by priority; inclusive: all matching; chooser: the previous handler picks. */
  mode: 'exclusive' | 'inclusive' | 'chooser';
}

export interface SubFlowProperties {
  templateCode: string;
  /** Who starts the child: the initiator, named users, or a user field of the form. */
  initiator: { mode: 'initiator' | 'users' | 'formField'; users?: string[]; formField?: string };
  mapIn?: { from: string; to: string }[];
  mapOut?: { from: string; to: string }[];
  /** true: the parent waits for the child to end (sync); false: it goes on at once. */
  wait: boolean;
  /** When the child is rejected or cancelled: reject the parent, or go on. */
  onChildFailure?: 'rejectParent' | 'continue';
}

export interface TimerProperties {
  /** Wait this many minutes, or until the date in `untilField` (a form date field). */
  minutes?: number;
  untilField?: string;
}

export interface TriggerProperties {
  /** A registered data interface called with the form's values. */
  interfaceId?: string;
  /** What the interface's declared parameters take (see InterfaceParam). */
  interfaceParams?: InterfaceParam[];
  /**
   * async (default): the call is queued with the step and the flow goes on at once (retried on
   * failure); wait: the node waits for the answer, maps it into the form, then the flow goes on;
   * callback: the call hands the outside system a single-use token, and the node waits until the
   * system posts its answer to `FLOW_CALLBACK_PATH/<token>` (or `callbackMinutes` pass).
   */
  mode?: 'async' | 'wait' | 'callback';
  /** wait, callback: form fields set from the answer; `from` is a dot path into it ('' the whole answer). */
  responseMap?: { from: string; to: string }[];
  /** Calls before giving up (first included); default 5. */
  maxAttempts?: number;
  /**
   * wait, callback: when the last call failed (or, waiting for a callback, none came in time), reject
   * the flow (default) or go on without the answer.
   */
  onFailure?: 'reject' | 'continue';
  /** callback: minutes the node waits for the callback after it was entered; default 1440 (a day). */
  callbackMinutes?: number;
  /** Form fields set from literal values when the trigger runs. */
  setFields?: { field: string; value: unknown }[];
}

/** How long a trigger waits for its callback unless it says otherwise (a day). */
export const DEFAULT_CALLBACK_MINUTES = 1440;

/**
 * Where an outside system posts the answer of a trigger waiting for a callback, followed by
 * `/<token>`: a public route, the token being the only credential.
 */
export const FLOW_CALLBACK_PATH = '/api/workflow/Engine/FlowTask/Callback';

interface NodeBase<T extends FlowNodeType, P> {
  nodeId: string;
  type: T;
  name: string;
  properties: P;
  childNode: FlowNode | null;
  /** The designer's summary of the node. */
  content?: string;
}

export type StartNode = NodeBase<'start', StartProperties>;
export type ApproverNode = NodeBase<'approver' | 'handle', ApproverProperties>;
export type CopyNode = NodeBase<'copy', CopyProperties>;
export type SubFlowNode = NodeBase<'subFlow', SubFlowProperties>;
export type TimerNode = NodeBase<'timer', TimerProperties>;
export type TriggerNode = NodeBase<'trigger', TriggerProperties>;
export interface ConditionNode extends NodeBase<'condition', ConditionProperties> {
  conditionNodes: ConditionBranch[];
}
export interface ParallelNode extends NodeBase<'parallel', Record<string, never>> {
  conditionNodes: ConditionBranch[];
}

export type FlowNode =
  StartNode | ApproverNode | CopyNode | ConditionNode | ParallelNode | SubFlowNode | TimerNode | TriggerNode;

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------

/** Body of `POST /Engine/FlowTask` (start or save) and `PUT /Engine/FlowTask/{id}` (update, resubmit). */
export interface FlowStartBody {
  id?: string;
  /** A template version id, or a template id (its published version). */
  flowId: string;
  formData: Record<string, unknown>;
  /** 0 submit, 1 save as draft. */
  status?: 0 | 1;
  flowUrgent?: number;
  flowTitle?: string;
  billNo?: string;
  candidateList?: Record<string, string[]>;
  errorRuleUserList?: Record<string, string[]>;
  branchList?: string[];
  delegateUserList?: string[];
  copyIds?: string;
  requestId?: string;
}

/** Body of the handling calls (Audit, SaveAudit, Reject, Transfer, freeApprover, Assign, Recall ...). */
export interface FlowHandleBody {
  handleOpinion?: string;
  signImg?: string;
  fileList?: unknown[];
  formData?: Record<string, unknown>;
  copyIds?: string;
  freeApproverUserId?: string;
  /** 1 before, 2 after. */
  freeApproverType?: number;
  nodeCode?: string;
  candidateList?: Record<string, string[]>;
  errorRuleUserList?: Record<string, string[]>;
  branchList?: string[];
  /** A node id, or '0' the start, or '1' the previous node. */
  rejectStep?: string;
  rejectType?: number;
  requestId?: string;
}

export interface FlowBatchBody extends FlowHandleBody {
  ids: string[];
  /** 0 approve, 1 reject, 2 transfer. */
  batchType: 0 | 1 | 2;
}

/** Answer of `Candidates/{id}`: 1 a branch must be chosen, 2 candidates must be chosen, 3 neither. */
export interface FlowCandidatesAnswer {
  type: 1 | 2 | 3;
  list: { nodeId: string; nodeName: string; isBranchFlow: boolean; isCandidates: boolean; hasCandidates: boolean }[];
  countersignOver: boolean;
}

/** One row of the to-do, done, CC and my-applications lists. */
export interface FlowListItem {
  /** The operator id for to-dos, the record id for done, the circulate id for CC, the instance id for launches. */
  id: string;
  taskId: string;
  enCode: string;
  fullName: string;
  flowId: string;
  flowCode: string;
  flowName: string;
  flowCategory: string;
  flowVersion: string;
  flowUrgent: number;
  status: number;
  startTime: number | null;
  creatorTime: number;
  creatorUserId: string;
  userName: string;
  thisStep: string;
  thisStepId: string;
  nodeName: string;
  completion: number;
  endTime: number | null;
  delegateUser: string | null;
  description: string | null;
}

/** A node of the detail page's route: past, current or future, with its handlers. */
export interface FlowTaskNode {
  nodeId: string;
  nodeName: string;
  nodeType: FlowNodeType | 'end';
  /** 'past', 'current' or 'future'. */
  type: 'past' | 'current' | 'future';
  userName: string;
  handlers: { userId: string; userName: string; state: string; handleStatus: number | null }[];
}

export interface FlowRecord {
  id: string;
  nodeId: string;
  nodeName: string;
  handleId: string;
  userName: string;
  handleTime: number;
  handleStatus: number;
  handleOpinion: string | null;
  signImg: string | null;
  fileList: unknown[];
  operatorId: string | null;
  targetUserNames: string | null;
}

export interface FlowCommentItem {
  id: string;
  taskId: string;
  text: string;
  image: unknown[];
  file: unknown[];
  creatorUserId: string;
  creatorUserName: string;
  creatorTime: number;
  isDel: boolean;
}

export interface FlowDelegateItem {
  id: string;
  userId: string;
  userName: string;
  toUserId: string;
  toUserName: string;
  /** 0 approval, 1 launch. */
  type: number;
  flowId: string | null;
  flowName: string | null;
  startTime: number;
  endTime: number;
  description: string | null;
  enabled: number;
}

/**
 * What `/workFlowDetail?config=` carries (base64 of this JSON) and what a flow message's body holds:
 * enough for the detail page to ask `FlowBefore/{id}` for the right view.
 */
export interface FlowDetailConfig {
  /** The instance id; absent for a new launch (opType -1). */
  id?: string;
  /** The template version id (or, for a new launch, the template id). */
  flowId: string;
  opType: number;
  /** The operator being handled (to-do) or the record being looked at (done). */
  taskOperatorId?: string;
  taskNodeId?: string;
  /** The CC row being read (marks it read). */
  circulateId?: string;
}

// ---------------------------------------------------------------------------------------------
// Templates, counts and receipts (docs/workflow.md)
// ---------------------------------------------------------------------------------------------

/** A template in the designers' list (`GET /Engine/flowTemplate`). */
export interface FlowTemplateItem {
  id: string;
  enCode: string;
  fullName: string;
  /** The code of a `flowCategory` dictionary item. */
  category: string;
  flowType: number;
  /** 1 a designed form (`formId` a visual-development model), 2 a code form. */
  formType: number;
  formId: string | null;
  formName: string | null;
  icon: string | null;
  iconBackground: string | null;
  enabledMark: number;
  sortCode: number;
  /** The published version's number; null until the first publish. */
  currentVersion: number | null;
  /** Whether the draft differs from the published tree. */
  hasDraft: boolean;
  creatorTime: number;
  lastModifyTime: number | null;
  description: string | null;
}

/** A template the caller may launch (`PageListAll`); `flowId` is its published version. */
export interface FlowLaunchableItem {
  id: string;
  enCode: string;
  fullName: string;
  category: string;
  flowType: number;
  formType: number;
  formId: string | null;
  icon: string | null;
  iconBackground: string | null;
  flowId: string;
  description: string | null;
  sortCode: number;
}

/** One template (`GET /Engine/flowTemplate/{id}`). */
export interface FlowTemplateInfo extends FlowTemplateItem {
  flowId: string | null;
  versionNo: number | null;
  nodeTree: StartNode | null;
  /** The editor's draft, for holders of the designer menu only. */
  draftTree?: StartNode | null;
  /** The form design JSON (text) of the published version, or of the bound form while unpublished. */
  formData: string | null;
  /** The row version, sent back by the save. */
  version: number;
}

export interface FlowTemplateVersionItem {
  id: string;
  versionNo: number;
  state: 'published' | 'archived';
  publishedAt: number | null;
  /** "name/account" of the publisher. */
  publishedBy: string | null;
  instanceCount: number;
}

/** `flowViewCount`: pending to-dos, own running instances, own handlings, copies. */
export interface FlowViewCount {
  toBeReviewed: number;
  flowLaunch: number;
  flowDone: number;
  flowCirculate: number;
}

/** `BatchFlowSelector`: a template with batch-capable to-dos of the caller. */
export interface FlowBatchSelectorItem {
  id: string;
  enCode: string;
  fullName: string;
  count: number;
}

/** `receipt/external`: the printable summary of an instance. */
export interface FlowReceipt {
  id: string;
  billNo: string;
  title: string;
  flowName: string;
  flowVersion: string;
  status: number;
  userName: string;
  startTime: number | null;
  endTime: number | null;
  records: {
    nodeName: string;
    userName: string;
    handleTime: number;
    handleStatus: number;
    handleOpinion: string | null;
  }[];
}

/** `receipt/getOpenReceiptList`: an approved instance with its bill number. */
export interface FlowOpenReceipt {
  id: string;
  code: string;
  title: string;
  flowName: string;
  endTime: number | null;
}

/** A node whose rule found nobody and whose empty policy asks the submitter to pick (`errorRuleUserList`). */
export interface FlowPickNode {
  nodeId: string;
  nodeName: string;
}

/**
 * Answer of `POST /Engine/FlowTask` and `PUT /Engine/FlowTask/{id}`: the instance id, or, when nodes
 * need handlers picked first, their list (nothing was created). `Audit/{id}` answers null or such a list.
 */
export type FlowStartAnswer = { id: string } | FlowPickNode[];

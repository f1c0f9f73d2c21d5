/**
 * The publish checks of a node tree. The designer runs them to mark the faulty cards before saving;
 * the server runs them again on publish and refuses with the first problem. Both read the texts of
 * `messages.ts`, so the administrator sees the same sentence in both places.
 */
import { isConditionOp, isSystemVariable, UNARY_CONDITION_OPS } from './condition.ts';
import { flowMessage, type FlowLang, type FlowMessageKey } from './messages.ts';
import { flowNodeList, isApproverNode, parentChain, type BranchingNode } from './tree.ts';
import {
  AssigneeType,
  type ApproverNode,
  type ConditionBranch,
  type CopySpec,
  type FlowNode,
  type FormOperate,
  type InterfaceParam,
  type MemberSpec,
  type TriggerProperties,
} from './types.ts';

export type FlowProblemKey =
  | 'rootNotStart'
  | 'startNotRoot'
  | 'duplicateNodeId'
  | 'emptyName'
  | 'noAssignee'
  | 'fieldUnknown'
  | 'approverNodeInvalid'
  | 'countersignRatio'
  | 'branchTooFew'
  | 'exclusiveDefault'
  | 'inclusiveDefault'
  | 'branchNoRule'
  | 'conditionFieldUnknown'
  | 'conditionOpInvalid'
  | 'conditionValueMissing'
  | 'rejectTargetMissing'
  | 'rejectTargetInvalid'
  | 'subFlowNoTemplate'
  | 'subFlowSelf'
  | 'timerNoDelay'
  | 'copyNoRecipient'
  | 'triggerEmpty'
  | 'interfaceMissing'
  | 'interfaceParamBlank'
  | 'interfaceParamNoValue'
  | 'interfaceParamField'
  | 'interfaceParamVariable'
  | 'interfaceParamCallback'
  | 'responseFieldMissing'
  | 'responseFieldUnknown'
  | 'triggerAttempts'
  | 'triggerCallbackMinutes';

/**
 * The flow variables a data-interface parameter may take (`source: 'system'`), as the engine fills
 * them when it calls an interface from an approver (type 9) or a trigger node.
 */
export const INTERFACE_FLOW_VARIABLES = [
  'initiatorId',
  'initiatorDept',
  'instanceId',
  'billNo',
  'flowTitle',
  'flowCode',
  'flowName',
  'flowUrgent',
  'launchTime',
] as const;
export type InterfaceFlowVariable = (typeof INTERFACE_FLOW_VARIABLES)[number];

/**
 * The flow variables only a trigger waiting for a callback has: the single-use token the outside
 * system answers with, and the path it posts to (`FLOW_CALLBACK_PATH/<token>`).
 */
export const CALLBACK_FLOW_VARIABLES = ['flowCallbackToken', 'flowCallbackUrl'] as const;
export type CallbackFlowVariable = (typeof CALLBACK_FLOW_VARIABLES)[number];

/** The longest a trigger may wait for its callback: 30 days. */
export const TRIGGER_CALLBACK_MAX_MINUTES = 43_200;

/** The most calls a trigger may make: with the jobs' doubling back-off, 20 already span a day. */
export const TRIGGER_MAX_ATTEMPTS = 20;

export interface FlowProblem {
  /** The node (or branch) at fault, null for the tree as a whole. */
  nodeId: string | null;
  key: FlowProblemKey;
  message: string;
}

export interface FlowValidationContext {
  /** The vModels of the bound form; when absent, field references are not checked. */
  formFields?: readonly string[];
  /** The code of the template being published, which a sub-flow may not start. */
  templateCode?: string;
  lang?: FlowLang;
}

/** Whether a member spec names anybody at all. */
export function hasMembers(spec: MemberSpec | undefined): boolean {
  if (!spec) return false;
  return [spec.users, spec.roles, spec.positions, spec.orgs, spec.groups].some((list) => (list?.length ?? 0) > 0);
}

function hasCopyRecipients(spec: CopySpec): boolean {
  return hasMembers(spec) || Boolean(spec.toInitiator) || Boolean(spec.formField);
}

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The problems of one tree, in tree order; empty when it may be published. */
export function validateFlowTree(root: FlowNode, ctx: FlowValidationContext = {}): FlowProblem[] {
  const lang = ctx.lang ?? 'zh-CN';
  const fields = ctx.formFields ? new Set(ctx.formFields) : null;
  const problems: FlowProblem[] = [];

  const report = (
    node: FlowNode | null,
    key: FlowProblemKey,
    params: Record<string, string | number> = {},
    nodeId: string | null = node?.nodeId ?? null,
  ): void => {
    const named: Record<string, string> = node
      ? {
          kind: flowMessage(`nodeKind.${node.type}`, undefined, lang),
          name: node.name,
          handler: flowMessage(node.type === 'handle' ? 'handler.handle' : 'handler.approver', undefined, lang),
        }
      : {};
    const message = flowMessage(`problem.${key}` as FlowMessageKey, { ...named, ...params }, lang);
    problems.push({ nodeId, key, message });
  };
  const fieldMissing = (field: string | undefined): field is string =>
    fields !== null && !isBlank(field) && !fields.has(field as string);
  const checkField = (node: FlowNode, field: string | undefined): void => {
    if (fieldMissing(field)) report(node, 'fieldUnknown', { field });
  };
  const checkFormOperates = (node: FlowNode, operates: FormOperate[] | undefined): void => {
    for (const operate of operates ?? []) checkField(node, operate.id);
  };

  if (root.type !== 'start') report(null, 'rootNotStart');

  const nodes = flowNodeList(root);
  const seenIds = new Set<string>();
  const checkId = (node: FlowNode, id: string): void => {
    if (seenIds.has(id)) report(node, 'duplicateNodeId', { nodeId: id }, id);
    seenIds.add(id);
  };

  for (const node of nodes) {
    checkId(node, node.nodeId);
    if (isBlank(node.name)) report(node, 'emptyName');
    if (node.type === 'start' && node !== root) report(node, 'startNotRoot');
    switch (node.type) {
      case 'start':
        checkFormOperates(node, node.properties.formOperates);
        break;
      case 'approver':
      case 'handle':
        checkApprover(node);
        break;
      case 'copy':
        if (!hasCopyRecipients(node.properties)) report(node, 'copyNoRecipient');
        checkField(node, node.properties.formField);
        break;
      case 'condition':
      case 'parallel':
        checkGroup(node);
        break;
      case 'subFlow': {
        const code = node.properties.templateCode;
        if (isBlank(code)) report(node, 'subFlowNoTemplate');
        else if (ctx.templateCode !== undefined && code === ctx.templateCode) report(node, 'subFlowSelf');
        if (node.properties.initiator?.mode === 'formField') checkField(node, node.properties.initiator.formField);
        break;
      }
      case 'timer': {
        const { minutes, untilField } = node.properties;
        const waits = (typeof minutes === 'number' && minutes > 0) || !isBlank(untilField);
        if (!waits) report(node, 'timerNoDelay');
        checkField(node, untilField);
        break;
      }
      case 'trigger':
        checkTrigger(node, node.properties);
        break;
    }
  }
  return problems;

  function checkApprover(node: ApproverNode): void {
    const p = node.properties;
    const before = parentChain(root, node.nodeId);
    switch (p.assigneeType) {
      case AssigneeType.initiatorManager:
      case AssigneeType.deptHead:
      case AssigneeType.initiator:
        break;
      case AssigneeType.formField:
        if (isBlank(p.formField)) report(node, 'noAssignee');
        else checkField(node, p.formField);
        break;
      case AssigneeType.previousNodeApprover:
        if (isBlank(p.approverNodeId)) report(node, 'noAssignee');
        else if (!before.some((n) => n.nodeId === p.approverNodeId && isApproverNode(n))) {
          report(node, 'approverNodeInvalid');
        }
        break;
      case AssigneeType.members:
      case AssigneeType.candidates:
        if (!hasMembers(p.members)) report(node, 'noAssignee');
        break;
      case AssigneeType.dataInterface:
        if (isBlank(p.interfaceId)) report(node, 'interfaceMissing');
        checkInterfaceParams(node, p.interfaceParams, false);
        break;
      default:
        report(node, 'noAssignee');
    }
    const ratio = p.countersignRatio;
    if (ratio !== undefined && !(typeof ratio === 'number' && ratio >= 1 && ratio <= 100)) {
      report(node, 'countersignRatio');
    }
    const targets = p.rejectNodeIds ?? [];
    if (p.rejectTarget === 'node' && targets.length === 0) report(node, 'rejectTargetMissing');
    const reachable = new Set(before.filter((n) => n.type === 'start' || isApproverNode(n)).map((n) => n.nodeId));
    if (targets.some((id) => !reachable.has(id))) report(node, 'rejectTargetInvalid');
    checkFormOperates(node, p.formOperates);
    if (p.cc) checkField(node, p.cc.formField);
  }

  /**
   * A trigger sets fields, calls an interface, or both; settings of the call without an interface
   * (waiting, mapping the answer, parameters) mean the interface was forgotten. The answer mapping
   * is read only when the node waits (for the call's answer or for a callback), and the callback's
   * time only when it waits for a callback, so each is checked only then.
   */
  function checkTrigger(node: FlowNode, p: TriggerProperties): void {
    const callback = p.mode === 'callback';
    const waits = p.mode === 'wait' || callback;
    const callSettings = waits || (p.interfaceParams?.length ?? 0) > 0 || (p.responseMap?.length ?? 0) > 0;
    if (isBlank(p.interfaceId)) {
      if (callSettings) report(node, 'interfaceMissing');
      else if ((p.setFields?.length ?? 0) === 0) report(node, 'triggerEmpty');
    }
    checkInterfaceParams(node, p.interfaceParams, callback);
    if (waits) {
      for (const { from, to } of p.responseMap ?? []) {
        const path = isBlank(from) ? flowMessage('summary.wholeAnswer', undefined, lang) : from;
        if (isBlank(to)) report(node, 'responseFieldMissing', { path });
        else if (fieldMissing(to)) report(node, 'responseFieldUnknown', { path, field: to });
      }
    }
    const attempts = p.maxAttempts;
    if (attempts !== undefined && !(Number.isInteger(attempts) && attempts >= 1 && attempts <= TRIGGER_MAX_ATTEMPTS)) {
      report(node, 'triggerAttempts', { max: TRIGGER_MAX_ATTEMPTS });
    }
    const minutes = p.callbackMinutes;
    if (
      callback &&
      minutes !== undefined &&
      !(Number.isInteger(minutes) && minutes >= 1 && minutes <= TRIGGER_CALLBACK_MAX_MINUTES)
    ) {
      report(node, 'triggerCallbackMinutes', { max: TRIGGER_CALLBACK_MAX_MINUTES });
    }
    for (const set of p.setFields ?? []) checkField(node, set.field);
  }

  /**
   * Each mapping names a declared parameter and a value: a field of the form, a flow variable or a
   * literal. The callback's variables exist only on a trigger waiting for a callback (`callback`).
   */
  function checkInterfaceParams(node: FlowNode, params: InterfaceParam[] | undefined, callback: boolean): void {
    for (const { field: param, source, value } of params ?? []) {
      if (isBlank(param)) {
        report(node, 'interfaceParamBlank');
        continue;
      }
      if (source === 'literal') continue;
      if (isBlank(value) || (source !== 'form' && source !== 'system')) {
        report(node, 'interfaceParamNoValue', { param });
      } else if (source === 'form' && fieldMissing(value)) {
        report(node, 'interfaceParamField', { param, field: value });
      } else if (source === 'system' && (CALLBACK_FLOW_VARIABLES as readonly string[]).includes(value)) {
        if (!callback) report(node, 'interfaceParamCallback', { param, variable: value });
      } else if (source === 'system' && !(INTERFACE_FLOW_VARIABLES as readonly string[]).includes(value)) {
        report(node, 'interfaceParamVariable', { param, variable: value });
      }
    }
  }

  function checkGroup(node: BranchingNode): void {
    const branches = node.conditionNodes;
    for (const branch of branches) checkId(node, branch.nodeId);
    if (branches.length < 2) report(node, 'branchTooFew');
    if (node.type === 'parallel') return;
    const mode = node.properties.mode;
    if (mode === 'chooser') return;
    const defaults = branches.filter((b) => b.isDefault).length;
    if (mode === 'exclusive' && defaults !== 1) report(node, 'exclusiveDefault');
    if (mode === 'inclusive' && defaults > 1) report(node, 'inclusiveDefault');
    for (const branch of branches) if (!branch.isDefault) checkRules(node, branch);
  }

  function checkRules(node: BranchingNode, branch: ConditionBranch): void {
    const rules = (branch.when?.groups ?? []).flatMap((group) => group.rules);
    const at = { branch: branch.name };
    if (rules.length === 0) {
      report(node, 'branchNoRule', at, branch.nodeId);
      return;
    }
    const unknown = (name: unknown): name is string =>
      typeof name !== 'string' || isBlank(name) || (!isSystemVariable(name) && fields !== null && !fields.has(name));
    for (const rule of rules) {
      if (unknown(rule.left))
        report(node, 'conditionFieldUnknown', { ...at, field: String(rule.left ?? '') }, branch.nodeId);
      if (rule.rightIsField && unknown(rule.right)) {
        report(node, 'conditionFieldUnknown', { ...at, field: String(rule.right ?? '') }, branch.nodeId);
      }
      if (!isConditionOp(rule.op)) {
        report(node, 'conditionOpInvalid', { ...at, op: String(rule.op) }, branch.nodeId);
      } else if (!UNARY_CONDITION_OPS.includes(rule.op) && !hasRightValue(rule.op, rule.right)) {
        report(node, 'conditionValueMissing', { ...at, field: rule.left }, branch.nodeId);
      }
    }
  }
}

function hasRightValue(op: string, right: unknown): boolean {
  if (op === 'between') {
    const bounds = Array.isArray(right) ? right : typeof right === 'string' ? right.split(/[,，]/) : [];
    return bounds.length === 2 && bounds.some((bound) => !isBlank(bound));
  }
  if (Array.isArray(right)) return right.length > 0;
  return !isBlank(right);
}

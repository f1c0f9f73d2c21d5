/**
 * The one-line text a node card (and a branch card) shows in the designer, and the route preview of
 * the detail page. Computed from the properties so it never goes stale; `content` on a stored node is
 * only a cache of it.
 */
import { isConditionOp, isSystemVariable } from './condition.ts';
import { FLOW_MESSAGES, flowMessage, type FlowLang, type FlowMessageKey } from './messages.ts';
import { findNode } from './tree.ts';
import {
  AssigneeType,
  CounterSign,
  type ApproverProperties,
  type ConditionBranch,
  type ConditionRule,
  type CopySpec,
  type FlowNode,
  type MemberSpec,
  type TriggerProperties,
} from './types.ts';

/** What a trigger card says it does with its interface, by the call's mode (anything else: async). */
const triggerSummary = (mode: TriggerProperties['mode']): FlowMessageKey =>
  mode === 'wait'
    ? 'summary.triggerWait'
    : mode === 'callback'
      ? 'summary.triggerCallback'
      : 'summary.triggerInterface';

export interface SummaryOptions {
  /** Labels of form fields by vModel, so rules read "金额 > 5000" rather than "amount > 5000". */
  fieldLabels?: Readonly<Record<string, string>>;
  /** The whole tree, to name the node an approver copies its handlers from. */
  root?: FlowNode;
}

function fieldLabel(name: string, lang: FlowLang, opts: SummaryOptions): string {
  if (isSystemVariable(name)) {
    const key = `sys.${name.slice(1)}` as FlowMessageKey;
    return Object.hasOwn(FLOW_MESSAGES[lang], key) ? flowMessage(key, undefined, lang) : name;
  }
  return opts.fieldLabels?.[name] ?? name;
}

/** "3 人、2 个角色" — the sizes of a member spec, or '' when it names nobody. */
export function summarizeMembers(spec: MemberSpec | undefined, lang: FlowLang = 'zh-CN'): string {
  if (!spec) return '';
  const parts: string[] = [];
  const add = (key: FlowMessageKey, list: string[] | undefined) => {
    if (list && list.length > 0) parts.push(flowMessage(key, { n: list.length }, lang));
  };
  add('summary.users', spec.users);
  add('summary.roles', spec.roles);
  add('summary.positions', spec.positions);
  add(spec.orgHeads ? 'summary.orgHeads' : 'summary.orgs', spec.orgs);
  add('summary.groups', spec.groups);
  return parts.join(flowMessage('summary.sep', undefined, lang));
}

function summarizeAssignee(p: ApproverProperties, lang: FlowLang, opts: SummaryOptions): string {
  const t = (key: FlowMessageKey, params?: Record<string, string | number>) => flowMessage(key, params, lang);
  switch (p.assigneeType) {
    case AssigneeType.initiatorManager: {
      const level = p.managerLevel ?? 1;
      return level <= 1 ? t('summary.managerDirect') : t('summary.managerLevel', { n: level });
    }
    case AssigneeType.deptHead: {
      const level = p.departmentLevel ?? 1;
      return level <= 1 ? t('summary.deptHeadDirect') : t('summary.deptHeadLevel', { n: level });
    }
    case AssigneeType.initiator:
      return t('summary.initiator');
    case AssigneeType.formField:
      return p.formField ? t('summary.formField', { field: fieldLabel(p.formField, lang, opts) }) : t('summary.notSet');
    case AssigneeType.previousNodeApprover: {
      const source = p.approverNodeId && opts.root ? findNode(opts.root, p.approverNodeId) : null;
      return source ? t('summary.sameAs', { name: source.name }) : t('summary.sameAsUnknown');
    }
    case AssigneeType.members: {
      const items = summarizeMembers(p.members, lang);
      return items ? t('summary.members', { items }) : t('summary.notSet');
    }
    case AssigneeType.candidates: {
      const items = summarizeMembers(p.members, lang);
      return items ? t('summary.candidates', { items }) : t('summary.candidatesAnyone');
    }
    case AssigneeType.dataInterface:
      return p.interfaceId ? t('summary.dataInterface') : t('summary.notSet');
    default:
      return t('summary.notSet');
  }
}

function summarizeCounterSign(p: ApproverProperties, lang: FlowLang): string {
  if (p.counterSign === CounterSign.sequential) return flowMessage('summary.counterSign.sequential', undefined, lang);
  if (p.counterSign !== CounterSign.all) return '';
  const ratio = p.countersignRatio ?? 100;
  return ratio >= 100
    ? flowMessage('summary.counterSign.all', undefined, lang)
    : flowMessage('summary.counterSign.ratio', { ratio }, lang);
}

function summarizeCopy(spec: CopySpec, lang: FlowLang, opts: SummaryOptions): string {
  const sep = flowMessage('summary.sep', undefined, lang);
  const items = [
    spec.toInitiator ? flowMessage('summary.copyInitiator', undefined, lang) : '',
    summarizeMembers(spec, lang),
    spec.formField ? flowMessage('summary.formField', { field: fieldLabel(spec.formField, lang, opts) }, lang) : '',
  ].filter(Boolean);
  return items.length > 0
    ? flowMessage('summary.copyTo', { items: items.join(sep) }, lang)
    : flowMessage('summary.notSet', undefined, lang);
}

function summarizeTimer(
  minutes: number | undefined,
  untilField: string | undefined,
  lang: FlowLang,
  opts: SummaryOptions,
) {
  if (untilField) return flowMessage('summary.timerUntil', { field: fieldLabel(untilField, lang, opts) }, lang);
  if (!minutes || minutes <= 0) return flowMessage('summary.notSet', undefined, lang);
  if (minutes % 1440 === 0) return flowMessage('summary.timerDays', { n: minutes / 1440 }, lang);
  if (minutes % 60 === 0) return flowMessage('summary.timerHours', { n: minutes / 60 }, lang);
  return flowMessage('summary.timerMinutes', { n: minutes }, lang);
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(',');
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** "金额 > 5000", "类型 属于 a,b", "日期 介于 1 ~ 9", "备注 为空". */
export function summarizeRule(rule: ConditionRule, lang: FlowLang = 'zh-CN', opts: SummaryOptions = {}): string {
  const left = fieldLabel(rule.left, lang, opts);
  const op = isConditionOp(rule.op) ? flowMessage(`op.${rule.op}`, undefined, lang) : String(rule.op);
  if (rule.op === 'isEmpty' || rule.op === 'notEmpty') return `${left} ${op}`;
  let right: string;
  if (rule.rightIsField && typeof rule.right === 'string') right = fieldLabel(rule.right, lang, opts);
  else if (rule.op === 'between' && Array.isArray(rule.right)) right = rule.right.map(valueText).join(' ~ ');
  else right = valueText(rule.right);
  return `${left} ${op} ${right}`;
}

/** The text of a branch card: its rules joined as they combine, or what a default branch means. */
export function summarizeBranch(branch: ConditionBranch, lang: FlowLang = 'zh-CN', opts: SummaryOptions = {}): string {
  if (branch.isDefault) return flowMessage('summary.defaultBranch', undefined, lang);
  const joiner = (logic: 'and' | 'or') => flowMessage(logic === 'or' ? 'summary.or' : 'summary.and', undefined, lang);
  const groups = (branch.when?.groups ?? []).filter((group) => group.rules.length > 0);
  if (groups.length === 0) return flowMessage('summary.noRule', undefined, lang);
  const texts = groups.map((group) => {
    const text = group.rules.map((rule) => summarizeRule(rule, lang, opts)).join(joiner(group.logic));
    return groups.length > 1 && group.rules.length > 1 ? `(${text})` : text;
  });
  return texts.join(joiner(branch.when?.logic ?? 'and'));
}

/** The one line a node card shows, e.g. "发起人的直属主管", "指定成员：3 人 · 所有人通过". */
export function summarizeNode(node: FlowNode, lang: FlowLang = 'zh-CN', opts: SummaryOptions = {}): string {
  switch (node.type) {
    case 'start': {
      const items = summarizeMembers(node.properties.initiators, lang);
      return items || flowMessage('summary.everyone', undefined, lang);
    }
    case 'approver':
    case 'handle': {
      const assignee = summarizeAssignee(node.properties, lang, opts);
      const sign = summarizeCounterSign(node.properties, lang);
      return sign ? `${assignee}${flowMessage('summary.dot', undefined, lang)}${sign}` : assignee;
    }
    case 'copy':
      return summarizeCopy(node.properties, lang, opts);
    case 'condition':
      return flowMessage(`summary.mode.${node.properties.mode}`, undefined, lang);
    case 'parallel':
      return flowMessage('summary.parallel', { n: node.conditionNodes.length }, lang);
    case 'subFlow': {
      const code = node.properties.templateCode;
      if (!code) return flowMessage('summary.notSet', undefined, lang);
      return flowMessage(node.properties.wait ? 'summary.subFlowWait' : 'summary.subFlowAsync', { code }, lang);
    }
    case 'timer':
      return summarizeTimer(node.properties.minutes, node.properties.untilField, lang, opts);
    case 'trigger': {
      const parts = [
        node.properties.interfaceId ? flowMessage(triggerSummary(node.properties.mode), undefined, lang) : '',
        node.properties.setFields?.length
          ? flowMessage('summary.triggerSetFields', { n: node.properties.setFields.length }, lang)
          : '',
      ].filter(Boolean);
      return parts.length > 0
        ? parts.join(flowMessage('summary.sep', undefined, lang))
        : flowMessage('summary.notSet', undefined, lang);
    }
  }
}

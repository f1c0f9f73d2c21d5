import type { FormField, FormJson } from '@atrium/shared/forms';
import {
  AssigneeType,
  CounterSign,
  type ApproverNode,
  type ConditionNode,
  type CopyNode,
  type FlowNode,
  type FormOperate,
  type StartNode,
} from '@atrium/shared/workflow';
import type { Tx } from '../db/tx.ts';
import type { UnitOfWork } from '../core/unit-of-work.ts';
import { createModel } from '../modules/visualdev/model-service.ts';
import { createTemplate } from '../modules/workflow/template/service.ts';
import { publishTemplate } from '../modules/workflow/template/publish.ts';

/**
 * Two published flows every new installation can launch at once (docs/workflow.md): a leave request
 * that goes to the initiator's manager and, beyond three days, to HR; and an expense claim that goes
 * to the department manager and, above 5,000, to finance, with a copy to HR. Their forms are designed
 * forms (visual-development models, not released to a menu); both go through the same services as the
 * designer, so the seeded versions passed the publish checks.
 */

let formId = 500;
function field(jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}): FormField {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  formId++;
  return {
    __config__: { jnpfKey, label, formId, layout: 'colFormItem', span: 12, showLabel: true, ...config },
    __vModel__: vModel,
    ...props,
  } as FormField;
}

const form = (fields: FormField[]): FormJson => ({
  popupType: 'general',
  labelPosition: 'right',
  labelWidth: 100,
  gutter: 15,
  concurrencyLock: false,
  fields,
});

const options = (pairs: [string, string][]) => ({
  __slot__: { options: pairs.map(([id, fullName]) => ({ id, fullName })) },
});

function leaveForm(): FormJson {
  return form([
    field('select', 'leaveType', '请假类型', {
      config: { required: true },
      ...options([
        ['personal', '事假'],
        ['sick', '病假'],
        ['annual', '年假'],
        ['compensatory', '调休'],
      ]),
    }),
    field('date', 'startDate', '开始日期', { format: 'yyyy-MM-dd', config: { required: true } }),
    field('date', 'endDate', '结束日期', { format: 'yyyy-MM-dd', config: { required: true } }),
    field('numInput', 'days', '请假天数', { config: { required: true }, precision: 1, min: 0.5 }),
    field('textarea', 'reason', '请假事由', { config: { required: true, span: 24 } }),
  ]);
}

function expenseForm(): FormJson {
  return form([
    field('select', 'expenseType', '费用类型', {
      config: { required: true },
      ...options([
        ['travel', '差旅费'],
        ['transport', '交通费'],
        ['meals', '餐饮费'],
        ['office', '办公用品'],
      ]),
    }),
    field('numInput', 'amount', '报销金额', { config: { required: true }, precision: 2, thousands: true, min: 0 }),
    field('date', 'expenseDate', '费用日期', { format: 'yyyy-MM-dd', config: { required: true } }),
    field('textarea', 'description', '费用说明', { config: { span: 24 } }),
    field('uploadFz', 'attachments', '票据附件', { config: { span: 24 }, limit: 9, fileSize: 10, sizeUnit: 'MB' }),
  ]);
}

/** Field permissions of a node: the initiator fills every field, handlers read them all. */
const operates = (fields: string[], write: boolean): FormOperate[] =>
  fields.map((id) => ({ id, read: true, write, required: false }));

const buttons = { approve: { enabled: true }, reject: { enabled: true }, transfer: { enabled: true } };

function approver(
  nodeId: string,
  name: string,
  fields: string[],
  properties: Partial<ApproverNode['properties']>,
  next: FlowNode | null = null,
): ApproverNode {
  return {
    nodeId,
    type: 'approver',
    name,
    childNode: next,
    properties: {
      assigneeType: AssigneeType.initiatorManager,
      counterSign: CounterSign.any,
      buttons,
      rejectTarget: 'start',
      formOperates: operates(fields, false),
      ...properties,
    },
  };
}

/** An exclusive choice: the branch whose rule holds, else the default branch (which does nothing). */
function whenAbove(
  nodeId: string,
  fieldName: string,
  limit: number,
  then: FlowNode,
  next: FlowNode | null,
): ConditionNode {
  return {
    nodeId,
    type: 'condition',
    name: '条件分支',
    properties: { mode: 'exclusive' },
    conditionNodes: [
      {
        nodeId: `${nodeId}_above`,
        name: `${fieldName} > ${limit}`,
        priority: 1,
        when: { logic: 'and', groups: [{ logic: 'and', rules: [{ left: fieldName, op: '>', right: limit }] }] },
        childNode: then,
      },
      { nodeId: `${nodeId}_default`, name: '其他情况', priority: 2, isDefault: true, childNode: null },
    ],
    childNode: next,
  };
}

const copyTo = (nodeId: string, users: string[]): CopyNode => ({
  nodeId,
  type: 'copy',
  name: '抄送人事',
  properties: { users },
  childNode: null,
});

function start(fields: string[], next: FlowNode): StartNode {
  return {
    nodeId: 'start',
    type: 'start',
    name: '发起人',
    properties: { formOperates: operates(fields, true), titleTemplate: '{initiator}的{flowName}', allowComments: true },
    childNode: next,
  };
}

const LEAVE_FIELDS = ['leaveType', 'startDate', 'endDate', 'days', 'reason'];
const EXPENSE_FIELDS = ['expenseType', 'amount', 'expenseDate', 'description', 'attachments'];

/** Manager (level 1) → more than 3 days: HR → copy to HR. */
const leaveTree = (hrId: string): StartNode =>
  start(
    LEAVE_FIELDS,
    approver(
      'leave_manager',
      '直属主管审批',
      LEAVE_FIELDS,
      { managerLevel: 1, batchApprovable: true },
      whenAbove(
        'leave_days',
        'days',
        3,
        approver('leave_hr', '人事审批', LEAVE_FIELDS, {
          assigneeType: AssigneeType.members,
          members: { users: [hrId] },
        }),
        copyTo('leave_copy', [hrId]),
      ),
    ),
  );

/** Department manager (level 1) → above 5,000: finance → copy to HR. */
const expenseTree = (financeId: string, hrId: string): StartNode =>
  start(
    EXPENSE_FIELDS,
    approver(
      'expense_manager',
      '部门经理审批',
      EXPENSE_FIELDS,
      { managerLevel: 1, rejectTarget: 'any', batchApprovable: true },
      whenAbove(
        'expense_amount',
        'amount',
        5000,
        approver('expense_finance', '财务审批', EXPENSE_FIELDS, {
          assigneeType: AssigneeType.members,
          members: { users: [financeId] },
          rejectTarget: 'any',
          rejectTypes: [1, 2],
        }),
        copyTo('expense_copy', [hrId]),
      ),
    ),
  );

/** Codes of the seeded templates, for tests and the demo scenarios. */
export const DEMO_FLOW_CODES = { leave: 'leave', expense: 'expense' } as const;

/** Creates the flow forms and publishes the two demo templates in the seed's transaction. */
export async function seedWorkflow(trx: Tx, now: number): Promise<void> {
  const unit: UnitOfWork = { trx, afterCommit: () => undefined };
  const idOf = async (account: string) =>
    (await trx.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
  const actor = { userId: await idOf('admin'), now };
  const hrId = await idOf('hr');
  const financeId = await idOf('finance');

  const flows = [
    {
      code: DEMO_FLOW_CODES.leave,
      name: '请假申请',
      category: 'admin.leave',
      icon: 'CalendarOutlined',
      iconBackground: '#1890ff',
      form: leaveForm(),
      tree: leaveTree(hrId),
      description: '直属主管审批；超过 3 天再由人事审批，并抄送人事',
    },
    {
      code: DEMO_FLOW_CODES.expense,
      name: '费用报销',
      category: 'finance.expense',
      icon: 'AccountBookOutlined',
      iconBackground: '#fa8c16',
      form: expenseForm(),
      tree: expenseTree(financeId, hrId),
      description: '部门经理审批；金额超过 5000 元再由财务审批，并抄送人事',
    },
  ];
  for (const [i, flow] of flows.entries()) {
    // The visualdev service writes through the handle it is given; in the seed that is the transaction.
    const modelId = await createModel(
      trx as never,
      {
        fullName: `${flow.name}表单`,
        enCode: `flowForm.${flow.code}`,
        type: 1,
        category: 'flow',
        webType: 1,
        formData: JSON.stringify(flow.form),
        columnData: '',
        appData: '',
        enabledMark: 1,
        sortCode: i,
        description: '',
      },
      'zh-CN',
      actor,
    );
    const templateId = await createTemplate(
      unit,
      {
        enCode: flow.code,
        fullName: flow.name,
        category: flow.category,
        flowType: 0,
        formType: 1,
        formId: modelId,
        icon: flow.icon,
        iconBackground: flow.iconBackground,
        description: flow.description,
        sortCode: i,
        enabledMark: 1,
        nodeTree: flow.tree,
      },
      actor,
      'zh-CN',
    );
    await publishTemplate(unit, templateId, actor, 'zh-CN');
  }
}

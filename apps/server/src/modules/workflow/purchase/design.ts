import type { FormField, FormJson } from '@atrium/shared/forms';
import { AssigneeType, CounterSign, type FlowNode, type StartNode } from '@atrium/shared/workflow';

/**
 * What the purchase demo is made of (docs/workflow.md, "Purchase demo"): the designed form 采购申请
 * and the node tree of the template `purchase`. The seed creates both through the designer's
 * services; the purchase service reads the form values by the model names declared here.
 */

/** The code of the template staff launch a purchase with. */
export const PURCHASE_TEMPLATE_CODE = 'purchase';
/** The code of the designed form (a flow form of visual development). */
export const PURCHASE_FORM_CODE = 'flowForm.purchase';
/** Purchases above this amount also need the general manager. */
export const GENERAL_MANAGER_THRESHOLD = 10_000;

/** The model names of the form's fields, as they appear in an instance's form data. */
export const PURCHASE_FIELDS = {
  title: 'title',
  purchaseDate: 'purchaseDate',
  supplier: 'supplier',
  /** The sub-table of goods lines (PURCHASE_LINE_FIELDS). */
  items: 'items',
  /** The total: the sum of the lines' amounts. */
  amount: 'amount',
  remarks: 'remarks',
} as const;

/** The columns of one goods line. */
export const PURCHASE_LINE_FIELDS = {
  goodsName: 'goodsName',
  spec: 'spec',
  unit: 'unit',
  quantity: 'quantity',
  price: 'price',
  /** quantity × price. */
  amount: 'amount',
} as const;

/** The node ids of the tree; the handle node is where the warehouse keeper receives the goods. */
export const PURCHASE_NODES = {
  start: 'start',
  deptManager: 'deptManager',
  amountCheck: 'amountCheck',
  overThreshold: 'amountOver10000',
  otherwise: 'amountOtherwise',
  generalManager: 'generalManager',
  warehouse: 'warehouseReceipt',
} as const;

const F = PURCHASE_FIELDS;
const L = PURCHASE_LINE_FIELDS;

function purchaseField(
  formId: number,
  jnpfKey: string,
  vModel: string,
  label: string,
  config: Record<string, unknown> = {},
  props: Record<string, unknown> = {},
): FormField {
  return {
    __config__: { jnpfKey, label, formId, layout: 'colFormItem', span: 12, showLabel: true, ...config },
    __vModel__: vModel,
    ...props,
  } as FormField;
}

const line = (field: FormField): FormField => {
  field.__config__.isSubTable = true;
  field.__config__.parentVModel = F.items;
  field.__config__.span = 24;
  return field;
};

/** The form 采购申请: header fields, the goods lines with amount = quantity × price, and their total. */
export function purchaseFormDesign(): FormJson {
  const items: FormField = {
    __config__: {
      jnpfKey: 'table',
      label: '采购明细',
      formId: 204,
      layout: 'rowFormItem',
      span: 24,
      showTitle: true,
      required: true,
      children: [
        line(purchaseField(205, 'comInput', L.goodsName, '物品名称', { required: true }, { maxlength: 50 })),
        line(purchaseField(206, 'comInput', L.spec, '规格型号', {}, { maxlength: 50 })),
        line(purchaseField(207, 'comInput', L.unit, '单位', {}, { maxlength: 10 })),
        line(purchaseField(208, 'numInput', L.quantity, '数量', { required: true }, { min: 1, precision: 0 })),
        line(purchaseField(209, 'numInput', L.price, '单价', { required: true }, { min: 0, precision: 2 })),
        line(
          purchaseField(
            210,
            'calculate',
            L.amount,
            '金额',
            {},
            { expression: [`${F.items}.${L.quantity}`, '×', `${F.items}.${L.price}`], precision: 2, thousands: true },
          ),
        ),
      ],
    },
    __vModel__: F.items,
    actionText: '添加物品',
    'show-summary': true,
    summaryField: [L.quantity, L.amount],
  };
  return {
    popupType: 'general',
    generalWidth: '900px',
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    fields: [
      purchaseField(201, 'comInput', F.title, '采购标题', { required: true, span: 24 }, { maxlength: 100 }),
      purchaseField(202, 'date', F.purchaseDate, '采购日期', { required: true }, { format: 'yyyy-MM-dd' }),
      purchaseField(203, 'comInput', F.supplier, '供应商', { required: true }, { maxlength: 100 }),
      items,
      purchaseField(
        211,
        'calculate',
        F.amount,
        '合计金额',
        { span: 24 },
        { expression: `${F.items}.${L.amount}`, precision: 2, thousands: true, isAmountChinese: true },
      ),
      purchaseField(212, 'textarea', F.remarks, '备注', { span: 24 }, { maxlength: 500 }),
    ],
  };
}

const readAll = (fields: string[]) => fields.map((id) => ({ id, read: true, write: false }));

/**
 * start → 部门经理审批 (the initiator's manager) → amount > 10000: 总经理审批 / otherwise nothing →
 * 入库办理 (the warehouse keeper) → end. `generalManagerId` and `warehouseKeeperId` are user ids.
 */
export function purchaseNodeTree(generalManagerId: string, warehouseKeeperId: string): StartNode {
  const all = Object.values(F);
  const approver = (nodeId: string, name: string, users: string[] | null, child: FlowNode | null): FlowNode => ({
    nodeId,
    type: 'approver',
    name,
    properties: {
      ...(users
        ? { assigneeType: AssigneeType.members, members: { users } }
        : { assigneeType: AssigneeType.initiatorManager, managerLevel: 1 }),
      counterSign: CounterSign.any,
      emptyPolicy: 'admin',
      rejectTarget: 'start',
      formOperates: readAll(all),
    },
    childNode: child,
  });
  const warehouse: FlowNode = {
    nodeId: PURCHASE_NODES.warehouse,
    type: 'handle',
    name: '入库办理',
    properties: {
      assigneeType: AssigneeType.members,
      members: { users: [warehouseKeeperId] },
      counterSign: CounterSign.any,
      emptyPolicy: 'admin',
      formOperates: readAll(all),
    },
    childNode: null,
  };
  const amountCheck: FlowNode = {
    nodeId: PURCHASE_NODES.amountCheck,
    type: 'condition',
    name: '金额判断',
    properties: { mode: 'exclusive' },
    conditionNodes: [
      {
        nodeId: PURCHASE_NODES.overThreshold,
        name: `金额大于 ${GENERAL_MANAGER_THRESHOLD}`,
        priority: 1,
        when: {
          logic: 'and',
          groups: [{ logic: 'and', rules: [{ left: F.amount, op: '>', right: GENERAL_MANAGER_THRESHOLD }] }],
        },
        childNode: approver(PURCHASE_NODES.generalManager, '总经理审批', [generalManagerId], null),
      },
      { nodeId: PURCHASE_NODES.otherwise, name: '其他情况', priority: 2, isDefault: true, childNode: null },
    ],
    childNode: warehouse,
  };
  return {
    nodeId: PURCHASE_NODES.start,
    type: 'start',
    name: '发起人',
    properties: {
      titleTemplate: `{initiator}的采购申请({field:${F.title}})`,
      recallRule: 'start',
      allowComments: true,
      // The total is a calculated field the form fills from the lines; it is written with them, so
      // the amount condition reads what the applicant saw.
      formOperates: Object.values(F).map((id) => ({ id, read: true, write: true })),
    },
    childNode: approver(PURCHASE_NODES.deptManager, '部门经理审批', null, amountCheck),
  };
}

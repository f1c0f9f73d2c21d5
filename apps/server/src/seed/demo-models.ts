import type { ColumnData, FormField, FormJson } from '@atrium/shared/forms';
import type { Dialect } from '../db/index.ts';
import type { Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';
import { bumpAuthorityRevision } from '../core/authority.ts';
import type { UnitOfWork } from '../core/unit-of-work.ts';
import { createModel, releaseModel } from '../modules/visualdev/model-service.ts';
import { createRecord } from '../modules/visualdev/record-service.ts';
import { createReleasedModels } from '../modules/visualdev/released.ts';
import { CONTRACT_TEMPLATE_CODE } from './print-templates.ts';

/**
 * Three designed forms, released under the 'Demo applications' menu with a few records each, so a
 * new installation shows what visual development makes: a customer register with a sub-table of
 * contacts, an asset register with its categories as a tree on the left, and a contract list with
 * amounts, bill numbers and attachments. They go through the same services as the designer and the
 * runtime (checked designs, real tables, server-filled fields).
 */

export const DEMO_APPS_MENU = 'demoApps';

let formId = 100;
function field(jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}): FormField {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  formId++;
  return {
    __config__: { jnpfKey, label, formId, layout: 'colFormItem', span: 12, showLabel: true, ...config },
    __vModel__: vModel,
    ...props,
  } as FormField;
}

const form = (fields: FormField[], extra: Partial<FormJson> = {}): FormJson => ({
  popupType: 'general',
  generalWidth: '800px',
  labelPosition: 'right',
  labelWidth: 100,
  gutter: 15,
  hasCancelBtn: true,
  cancelButtonText: '取 消',
  hasConfirmBtn: true,
  confirmButtonText: '确 定',
  concurrencyLock: true,
  fields,
  ...extra,
});

const permissions = { useBtnPermission: true, useColumnPermission: false, useFormPermission: false };
const buttons = {
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'download', label: '导出' },
    { value: 'batchRemove', label: '批量删除' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'detail', label: '详情' },
    { value: 'remove', label: '删除' },
  ],
};

function customerModel() {
  const contacts = {
    __config__: {
      jnpfKey: 'table',
      label: '联系人',
      layout: 'rowFormItem',
      span: 24,
      showTitle: true,
      children: [
        field('comInput', 'contactName', '姓名', { config: { required: true, span: 24 } }),
        field('comInput', 'contactPhone', '电话', {
          config: { span: 24, regList: [{ pattern: '/^1[3456789]\\d{9}$/', message: '请输入正确的手机号码' }] },
        }),
        field('comInput', 'contactRole', '职务', { config: { span: 24 } }),
      ],
    },
    __vModel__: 'contacts',
    actionText: '添加联系人',
  } as FormField;
  const levels = [
    { id: 'key', fullName: '重点客户' },
    { id: 'normal', fullName: '普通客户' },
    { id: 'potential', fullName: '潜在客户' },
  ];
  const design = form([
    field('comInput', 'customerName', '客户名称', { config: { required: true, unique: true }, maxlength: 50 }),
    field('select', 'customerLevel', '客户等级', { config: { required: true }, __slot__: { options: levels } }),
    field('userSelect', 'owner', '负责人'),
    field('comInput', 'phone', '联系电话', {
      config: { regList: [{ pattern: '/^1[3456789]\\d{9}$/', message: '请输入正确的手机号码' }] },
    }),
    field('textarea', 'address', '地址', { config: { span: 24 } }),
    contacts,
    field('createUser', 'creator', '创建人'),
    field('createTime', 'createdAt', '创建时间'),
  ]);
  const columns: ColumnData = {
    type: 1,
    columnList: [
      { label: '客户名称', prop: 'customerName', width: 200 },
      { label: '客户等级', prop: 'customerLevel', width: 120 },
      { label: '负责人', prop: 'owner', width: 140 },
      { label: '联系电话', prop: 'phone', width: 140 },
      { label: '创建时间', prop: 'createdAt', width: 180, sortable: true },
    ],
    searchList: [
      { label: '客户名称', prop: 'customerName', searchType: 2 },
      { label: '客户等级', prop: 'customerLevel', searchType: 1 },
    ],
    defaultSidx: 'createdAt',
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    ...permissions,
    ...buttons,
  };
  return { fullName: '客户档案', enCode: 'demoCustomer', form: design, columns };
}

function assetModel(categoryType: string) {
  const design = form([
    field('comInput', 'assetName', '资产名称', { config: { required: true } }),
    field('treeSelect', 'category', '资产分类', {
      config: { required: true, dataType: 'dictionary', dictionaryType: categoryType },
    }),
    field('comInput', 'serialNo', '资产编号', { config: { unique: true } }),
    field('numInput', 'price', '购置金额', { precision: 2, thousands: true, min: 0 }),
    field('date', 'purchasedAt', '购置日期', { format: 'yyyy-MM-dd' }),
    field('depSelect', 'department', '使用部门'),
    field('userSelect', 'keeper', '保管人'),
  ]);
  const columns: ColumnData = {
    type: 2,
    treeTitle: '资产分类',
    treeDataSource: 'dictionary',
    treeDictionary: categoryType,
    treeRelation: 'category',
    columnList: [
      { label: '资产名称', prop: 'assetName', width: 180 },
      { label: '资产分类', prop: 'category', width: 140 },
      { label: '资产编号', prop: 'serialNo', width: 140 },
      { label: '购置金额', prop: 'price', width: 140, align: 'right', sortable: true },
      { label: '购置日期', prop: 'purchasedAt', width: 140, sortable: true },
      { label: '保管人', prop: 'keeper', width: 140 },
    ],
    searchList: [
      { label: '资产名称', prop: 'assetName', searchType: 2 },
      { label: '购置日期', prop: 'purchasedAt', searchType: 3 },
    ],
    defaultSidx: 'purchasedAt',
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    thousandsField: ['price'],
    ...permissions,
    ...buttons,
  };
  return { fullName: '资产台账', enCode: 'demoAsset', form: design, columns };
}

function contractModel(printId: string) {
  const design = form([
    field('billRule', 'contractNo', '合同编号', { config: { rule: 'contract' } }),
    field('comInput', 'contractName', '合同名称', { config: { required: true } }),
    field('comInput', 'partyB', '签约方', { config: { required: true } }),
    field('numInput', 'amount', '合同金额', { config: { required: true }, precision: 2, thousands: true, min: 0 }),
    field('date', 'signedAt', '签订日期', { format: 'yyyy-MM-dd', config: { required: true } }),
    field('userSelect', 'handler', '经办人'),
    field('uploadFz', 'attachments', '合同附件', { config: { span: 24 }, limit: 5, fileSize: 10, sizeUnit: 'MB' }),
    field('calculate', 'amountInWords', '金额大写', {
      expression: 'amount',
      isAmountChinese: true,
      config: { span: 24 },
    }),
  ]);
  const columns: ColumnData = {
    type: 1,
    columnList: [
      { label: '合同编号', prop: 'contractNo', width: 160 },
      { label: '合同名称', prop: 'contractName', width: 200 },
      { label: '签约方', prop: 'partyB', width: 180 },
      { label: '合同金额', prop: 'amount', width: 140, align: 'right', sortable: true },
      { label: '签订日期', prop: 'signedAt', width: 140, sortable: true },
    ],
    searchList: [
      { label: '合同名称', prop: 'contractName', searchType: 2 },
      { label: '合同金额', prop: 'amount', searchType: 3 },
    ],
    defaultSidx: 'signedAt',
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    showSummary: true,
    summaryField: ['amount'],
    thousandsField: ['amount'],
    ...permissions,
    ...buttons,
    btnsList: [...buttons.btnsList, { value: 'batchPrint', label: '批量打印' }],
    printIds: [printId],
  };
  return { fullName: '合同登记', enCode: 'demoContract', form: design, columns };
}

const day = 24 * 60 * 60 * 1000;

/**
 * Creates, releases and fills the demo models in the seed's transaction. `menuId` is the 'Demo
 * applications' directory; `granted` are the roles that get the three entries and their buttons.
 */
export async function seedDemoModels(
  trx: Tx,
  dialect: Dialect,
  now: number,
  ids: { adminId: string; systemId: string; menuId: string; users: string[]; departments: string[]; roles: string[] },
): Promise<void> {
  const unit: UnitOfWork = { trx, afterCommit: () => undefined };
  const actor = { userId: ids.adminId, now };
  const category = await trx
    .selectFrom('dictionary_type')
    .select('id')
    .where('en_code', '=', 'assetCategory')
    .executeTakeFirstOrThrow();
  const items = new Map(
    (
      await trx.selectFrom('dictionary_data').select(['id', 'en_code']).where('type_id', '=', category.id).execute()
    ).map((r) => [r.en_code, r.id]),
  );
  const contractSheet = await trx
    .selectFrom('print_template')
    .select('id')
    .where('en_code', '=', CONTRACT_TEMPLATE_CODE)
    .executeTakeFirstOrThrow();
  const models = [customerModel(), assetModel(category.id), contractModel(contractSheet.id)];
  const modelIds: string[] = [];
  for (const [i, m] of models.entries()) {
    const id = await createModel(
      trx as never,
      {
        fullName: m.fullName,
        enCode: m.enCode,
        type: 1,
        category: 'demo',
        webType: 2,
        formData: JSON.stringify(m.form),
        columnData: JSON.stringify(m.columns),
        appData: '',
        enabledMark: 1,
        sortCode: i,
        description: '',
      },
      'zh-CN',
      actor,
    );
    await releaseModel(
      unit,
      dialect,
      id,
      { pc: 1, pcModuleParentId: ids.menuId, pcSystemId: ids.systemId },
      'zh-CN',
      actor,
    );
    modelIds.push(id);
  }

  const released = createReleasedModels(trx as never);
  const user = (i: number) => ids.users[i % ids.users.length]!;
  const department = (i: number) => ids.departments[i % ids.departments.length]!;
  const write = async (modelId: string, records: Record<string, unknown>[]) => {
    const model = await released.get(modelId);
    for (const [i, data] of records.entries()) {
      await createRecord(trx, model, JSON.stringify(data), {
        userId: ids.adminId,
        now: now - (records.length - i) * day,
        lang: 'zh-CN',
        organizeId: null,
        positionId: null,
        grants: null,
      });
    }
  };
  await write(modelIds[0]!, [
    {
      customerName: '星河科技有限公司',
      customerLevel: 'key',
      owner: user(0),
      phone: '13800000001',
      address: '深圳市南山区科技园',
      contacts: [
        { contactName: '王敏', contactPhone: '13900000001', contactRole: '采购经理' },
        { contactName: '李雷', contactPhone: '13900000002', contactRole: '财务' },
      ],
    },
    {
      customerName: '云杉咨询',
      customerLevel: 'normal',
      owner: user(1),
      phone: '13800000002',
      address: '上海市浦东新区',
      contacts: [{ contactName: '赵云', contactPhone: '13900000003', contactRole: '总经理' }],
    },
    { customerName: '海岸贸易', customerLevel: 'potential', owner: user(2), address: '广州市天河区', contacts: [] },
  ]);
  await write(modelIds[1]!, [
    {
      assetName: 'ThinkPad X1',
      category: items.get('it.laptop'),
      serialNo: 'IT-0001',
      price: 12999,
      purchasedAt: now - 200 * day,
      department: department(0),
      keeper: user(0),
    },
    {
      assetName: '戴尔 27 寸显示器',
      category: items.get('it.monitor'),
      serialNo: 'IT-0002',
      price: 2399,
      purchasedAt: now - 150 * day,
      department: department(1),
      keeper: user(1),
    },
    {
      assetName: '升降办公桌',
      category: items.get('furniture.desk'),
      serialNo: 'FN-0001',
      price: 1899,
      purchasedAt: now - 90 * day,
      department: department(0),
      keeper: user(2),
    },
    {
      assetName: '人体工学椅',
      category: items.get('furniture.chair'),
      serialNo: 'FN-0002',
      price: 1299,
      purchasedAt: now - 60 * day,
      department: department(1),
      keeper: user(3),
    },
    {
      assetName: '别克 GL8',
      category: items.get('vehicle.van'),
      serialNo: 'VH-0001',
      price: 268000,
      purchasedAt: now - 400 * day,
      department: department(2),
      keeper: user(4),
    },
  ]);
  await write(modelIds[2]!, [
    {
      contractName: '年度服务器采购',
      partyB: '星河科技有限公司',
      amount: 1280000,
      signedAt: now - 30 * day,
      handler: user(0),
      attachments: [],
    },
    {
      contractName: '办公室租赁',
      partyB: '海岸置业',
      amount: 360000,
      signedAt: now - 120 * day,
      handler: user(1),
      attachments: [],
    },
    {
      contractName: '咨询服务',
      partyB: '云杉咨询',
      amount: 85000.5,
      signedAt: now - 10 * day,
      handler: user(2),
      attachments: [],
    },
  ]);

  // The roles given the demo applications: the three entries, the directory above them and their buttons.
  const menus = await trx
    .selectFrom('menu')
    .select('id')
    .where('id', 'in', [
      ids.menuId,
      ...(await trx.selectFrom('menu').select('id').where('parent_id', '=', ids.menuId).execute()).map((m) => m.id),
    ])
    .execute();
  const buttonsOf = await trx
    .selectFrom('menu_element')
    .select(['id', 'kind'])
    .where(
      'menu_id',
      'in',
      menus.map((m) => m.id),
    )
    .execute();
  for (const roleId of ids.roles) {
    const items: [string, string][] = [
      ...menus.map((m): [string, string] => ['module', m.id]),
      ...buttonsOf.map((e): [string, string] => [e.kind, e.id]),
    ];
    await trx
      .insertInto('authorize')
      .values(
        items.map(([itemType, itemId]) => ({
          id: newId(now),
          item_type: itemType as 'module' | 'button' | 'column' | 'form',
          item_id: itemId,
          object_type: 'role' as const,
          object_id: roleId,
          created_at: now,
          created_by: null,
        })),
      )
      .execute();
  }
  await bumpAuthorityRevision(trx);
}

import type { Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';
import { createdColumns, type Actor } from '../core/records.ts';
import type { UnitOfWork } from '../core/unit-of-work.ts';
import { MENU_NAMES, translationsJson } from '../db/data/menu-names.ts';
import { createModel } from '../modules/visualdev/model-service.ts';
import { createTemplate } from '../modules/workflow/template/service.ts';
import { publishTemplate } from '../modules/workflow/template/publish.ts';
import {
  PURCHASE_FORM_CODE,
  PURCHASE_TEMPLATE_CODE,
  purchaseFormDesign,
  purchaseNodeTree,
} from '../modules/workflow/purchase/design.ts';
import { PURCHASE_HANDLE_MENU } from '../modules/workflow/purchase/service.ts';
import { ADMIN } from './demo-data.ts';

/** Who approves large purchases and who keeps the warehouse in the demo company (docs/workflow.md). */
export const GENERAL_MANAGER_ACCOUNT = 'ceo';
export const WAREHOUSE_KEEPER_ACCOUNT = 'xiedong';

/** The warehouse's opening stock, so the outbound page has something to hand out: [name, spec, unit, stock]. */
const OPENING_STOCK: [string, string, string, number][] = [
  ['A4 打印纸', '70g 500张/包', '包', 40],
  ['中性笔', '0.5mm 黑色', '支', 120],
  ['文件夹', 'A4 双夹', '个', 30],
];

/**
 * The purchase demo: the flow form 采购申请 (a visual-development model), the template `purchase`
 * bound to it and published through the template service, the warehouse menu
 * `workFlow.purchaseHandle` granted to the warehouse keeper, and the opening stock.
 */
export async function seedPurchase(trx: Tx, now: number): Promise<void> {
  const userId = async (account: string) =>
    (await trx.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst())?.id;
  const adminId = (await userId(ADMIN.account))!;
  const generalManagerId = (await userId(GENERAL_MANAGER_ACCOUNT)) ?? adminId;
  const keeperId = (await userId(WAREHOUSE_KEEPER_ACCOUNT)) ?? (await userId('hr')) ?? adminId;
  const actor: Actor = { userId: adminId, now };
  const unit: UnitOfWork = { trx, afterCommit: () => undefined };

  const formId = await createModel(
    // The model service takes the database; the seed's transaction serves the same calls.
    trx as never,
    {
      fullName: '采购申请',
      enCode: PURCHASE_FORM_CODE,
      // A form without a list, as the other flow forms: it lives only inside the flow.
      type: 1,
      category: 'flow',
      webType: 1,
      formData: JSON.stringify(purchaseFormDesign()),
      columnData: '',
      appData: '',
      enabledMark: 1,
      sortCode: 0,
      description: '采购示例流程的表单',
    },
    'zh-CN',
    actor,
  );
  const templateId = await createTemplate(
    unit,
    {
      enCode: PURCHASE_TEMPLATE_CODE,
      fullName: '采购申请',
      category: 'purchase.apply',
      flowType: 0,
      formType: 1,
      formId,
      icon: 'ShoppingCartOutlined',
      iconBackground: '#1677ff',
      description: '部门经理审批，金额大于 10000 时总经理审批，再由仓库入库',
      sortCode: 10,
      enabledMark: 1,
      nodeTree: purchaseNodeTree(generalManagerId, keeperId),
    },
    actor,
    'zh-CN',
  );
  await publishTemplate(unit, templateId, actor, 'zh-CN');

  const parent = await trx
    .selectFrom('menu')
    .select(['id', 'system_id'])
    .where('en_code', '=', 'workFlow')
    .executeTakeFirstOrThrow();
  const menuId = newId(now);
  await trx
    .insertInto('menu')
    .values({
      id: menuId,
      system_id: parent.system_id,
      parent_id: parent.id,
      type: 2,
      full_name: MENU_NAMES[PURCHASE_HANDLE_MENU]!['zh-CN'],
      full_name_i18n: translationsJson(MENU_NAMES[PURCHASE_HANDLE_MENU]),
      en_code: PURCHASE_HANDLE_MENU,
      icon: 'InboxOutlined',
      url_address: 'workFlowPurchase/goodsInventory/handle',
      link_target: '_self',
      property_json: '{}',
      description: null,
      version: 0,
      created_at: now,
      created_by: null,
      updated_at: null,
      updated_by: null,
      enabled: 1,
      sort_code: 100,
    })
    .execute();
  // The keeper holds the workflow directory and the system already, as every employee does.
  await trx
    .insertInto('authorize')
    .values({
      id: newId(now),
      item_type: 'module',
      item_id: menuId,
      object_type: 'user',
      object_id: keeperId,
      created_at: now,
      created_by: null,
    })
    .execute();

  for (const [i, [name, spec, unitName, stock]] of OPENING_STOCK.entries()) {
    const goodsId = newId(now);
    await trx
      .insertInto('purchase_goods')
      .values({ id: goodsId, name, spec, unit: unitName, stock, enabled: 1, sort_code: i, ...createdColumns(actor) })
      .execute();
    await trx
      .insertInto('purchase_stock_move')
      .values({
        id: newId(now),
        goods_id: goodsId,
        direction: 'in',
        quantity: stock,
        instance_id: null,
        receiver: '',
        reason: '期初库存',
        created_at: now,
        created_by: adminId,
      })
      .execute();
  }
}

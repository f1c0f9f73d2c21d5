import type { Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';
import { bumpRevision } from '../core/revisions.ts';
import { MENU_NAMES, translationsJson } from '../db/data/menu-names.ts';

/** An item: [enCode, fullName] or, in a tree dictionary, with its children. */
type ItemSeed = readonly [code: string, name: string, children?: readonly ItemSeed[]];

interface TypeSeed {
  code: string;
  name: string;
  isTree?: boolean;
  items?: readonly ItemSeed[];
  children?: readonly TypeSeed[];
}

/** The 56 ethnic groups of China with their GB/T 3304 codes. */
const NATIONS = [
  '汉族',
  '蒙古族',
  '回族',
  '藏族',
  '维吾尔族',
  '苗族',
  '彝族',
  '壮族',
  '布依族',
  '朝鲜族',
  '满族',
  '侗族',
  '瑶族',
  '白族',
  '土家族',
  '哈尼族',
  '哈萨克族',
  '傣族',
  '黎族',
  '傈僳族',
  '佤族',
  '畲族',
  '高山族',
  '拉祜族',
  '水族',
  '东乡族',
  '纳西族',
  '景颇族',
  '柯尔克孜族',
  '土族',
  '达斡尔族',
  '仫佬族',
  '羌族',
  '布朗族',
  '撒拉族',
  '毛南族',
  '仡佬族',
  '锡伯族',
  '阿昌族',
  '普米族',
  '塔吉克族',
  '怒族',
  '乌孜别克族',
  '俄罗斯族',
  '鄂温克族',
  '德昂族',
  '保安族',
  '裕固族',
  '京族',
  '塔塔尔族',
  '独龙族',
  '鄂伦春族',
  '赫哲族',
  '门巴族',
  '珞巴族',
  '基诺族',
] as const;

/**
 * The demo dictionaries, grouped under three categories. Other seeds and modules find items by
 * type code and item code (bill rules: businessType hr/finance/...; print templates: printCategory
 * hr; message templates: messageCategory; data interfaces: dataInterfaceCategory system/business/
 * example), so those codes must stay as they are.
 */
const TYPES: readonly TypeSeed[] = [
  {
    code: 'baseDictionary',
    name: '基础字典',
    children: [
      {
        code: 'sex',
        name: '性别',
        items: [
          ['1', '男'],
          ['2', '女'],
        ],
      },
      {
        code: 'education',
        name: '学历',
        items: [
          ['doctor', '博士研究生'],
          ['master', '硕士研究生'],
          ['bachelor', '本科'],
          ['college', '大专'],
          ['technical', '中专'],
          ['highSchool', '高中'],
          ['juniorHigh', '初中'],
          ['primary', '小学'],
          ['other', '其他'],
        ],
      },
      {
        code: 'nation',
        name: '民族',
        items: NATIONS.map((name, i): ItemSeed => [String(i + 1).padStart(2, '0'), name]),
      },
      {
        code: 'urgency',
        name: '紧急程度',
        items: [
          ['1', '普通'],
          ['2', '重要'],
          ['3', '紧急'],
        ],
      },
    ],
  },
  {
    code: 'businessDictionary',
    name: '业务字典',
    children: [
      {
        code: 'flowCategory',
        name: '流程分类',
        isTree: true,
        items: [
          [
            'admin',
            '行政',
            [
              ['admin.leave', '请假'],
              ['admin.trip', '出差'],
              ['admin.car', '用车'],
            ],
          ],
          [
            'hr',
            '人事',
            [
              ['hr.entry', '入职'],
              ['hr.regular', '转正'],
              ['hr.leave', '离职'],
            ],
          ],
          [
            'finance',
            '财务',
            [
              ['finance.expense', '报销'],
              ['finance.loan', '借款'],
              ['finance.payment', '付款'],
            ],
          ],
          [
            'purchase',
            '采购',
            [
              ['purchase.apply', '采购申请'],
              ['purchase.contract', '合同审批'],
            ],
          ],
        ],
      },
      {
        code: 'businessType',
        name: '业务类型',
        items: [
          ['hr', '人事'],
          ['finance', '财务'],
          ['purchase', '采购'],
          ['contract', '合同'],
          ['admin', '行政'],
          ['sales', '销售'],
        ],
      },
      {
        // The categories of the demo asset register (a released online form with a tree on the left).
        code: 'assetCategory',
        name: '资产分类',
        isTree: true,
        items: [
          [
            'it',
            '信息设备',
            [
              ['it.laptop', '笔记本电脑'],
              ['it.monitor', '显示器'],
              ['it.printer', '打印机'],
            ],
          ],
          [
            'furniture',
            '办公家具',
            [
              ['furniture.desk', '办公桌'],
              ['furniture.chair', '办公椅'],
            ],
          ],
          [
            'vehicle',
            '车辆',
            [
              ['vehicle.car', '轿车'],
              ['vehicle.van', '商务车'],
            ],
          ],
        ],
      },
      {
        code: 'documentType',
        name: '文档类型',
        items: [
          ['notice', '通知公告'],
          ['regulation', '规章制度'],
          ['contract', '合同文件'],
          ['minutes', '会议纪要'],
          ['technical', '技术文档'],
        ],
      },
    ],
  },
  {
    code: 'systemDictionary',
    name: '系统字典',
    children: [
      {
        code: 'dataInterfaceCategory',
        name: '接口分类',
        items: [
          ['system', '系统接口'],
          ['business', '业务接口'],
          ['example', '示例接口'],
        ],
      },
      {
        // The categories of visual-development models (the function design list filters by them).
        code: 'formCategory',
        name: '功能分类',
        items: [
          ['business', '业务'],
          ['hr', '人事'],
          ['finance', '财务'],
          ['admin', '行政'],
          ['demo', '示例'],
        ],
      },
      {
        code: 'printCategory',
        name: '打印分类',
        items: [
          ['hr', '人事'],
          ['finance', '财务'],
          ['admin', '行政'],
          ['flow', '流程'],
        ],
      },
      {
        code: 'messageCategory',
        name: '消息分类',
        items: [
          ['system', '系统消息'],
          ['flow', '流程消息'],
          ['notice', '公告通知'],
          ['schedule', '日程提醒'],
        ],
      },
    ],
  },
];

/** The dynamic dictionary menu (type 4) of the demo: the nation dictionary, read-only. */
const NATION_MENU = { code: 'basic.dict.nation', name: '民族字典', url: 'dictionary/nation', parent: 'basic' };
const NATION_MENU_HOLDER = 'zhuting';

const audit = (now: number, sort: number) => ({
  created_at: now,
  created_by: null,
  updated_at: null,
  updated_by: null,
  enabled: 1,
  sort_code: sort,
  version: 0,
});

async function insertItems(trx: Tx, now: number, typeId: string, parentId: string, items: readonly ItemSeed[]) {
  for (const [i, [code, name, children]] of items.entries()) {
    const id = newId(now);
    await trx
      .insertInto('dictionary_data')
      .values({
        id,
        type_id: typeId,
        parent_id: parentId,
        full_name: name,
        en_code: code,
        simple_spelling: '',
        is_default: 0,
        description: null,
        ...audit(now, i),
      })
      .execute();
    if (children) await insertItems(trx, now, typeId, id, children);
  }
}

async function insertTypes(
  trx: Tx,
  now: number,
  parentId: string,
  types: readonly TypeSeed[],
  ids: Map<string, string>,
) {
  for (const [i, type] of types.entries()) {
    const id = newId(now);
    ids.set(type.code, id);
    await trx
      .insertInto('dictionary_type')
      .values({
        id,
        parent_id: parentId,
        full_name: type.name,
        en_code: type.code,
        is_tree: type.isTree ? 1 : 0,
        description: null,
        ...audit(now, i),
      })
      .execute();
    if (type.items) await insertItems(trx, now, id, '-1', type.items);
    if (type.children) await insertTypes(trx, now, id, type.children, ids);
  }
}

/**
 * Seeds the demo dictionaries and the nation dictionary's menu entry (menu type 4, moduleId = the
 * type id), granted to the dictionary keeper. Runs inside the demo seed's transaction, after the
 * organisation and menus and before the seeds that refer to dictionary items.
 */
export async function seedDictionaries(trx: Tx, now: number): Promise<void> {
  const ids = new Map<string, string>();
  await insertTypes(trx, now, '-1', TYPES, ids);
  await bumpRevision(trx, 'dictionary');

  const parent = await trx
    .selectFrom('menu')
    .select(['id', 'system_id'])
    .where('en_code', '=', NATION_MENU.parent)
    .executeTakeFirstOrThrow();
  const siblings = await trx
    .selectFrom('menu')
    .select((eb) => eb.fn.max('sort_code').as('n'))
    .where('parent_id', '=', parent.id)
    .executeTakeFirst();
  const menuId = newId(now);
  await trx
    .insertInto('menu')
    .values({
      id: menuId,
      system_id: parent.system_id,
      parent_id: parent.id,
      type: 4,
      full_name: NATION_MENU.name,
      full_name_i18n: translationsJson(MENU_NAMES[NATION_MENU.code]),
      en_code: NATION_MENU.code,
      icon: 'BookOutlined',
      url_address: NATION_MENU.url,
      link_target: '_self',
      property_json: JSON.stringify({ moduleId: ids.get('nation') }),
      description: null,
      ...audit(now, Number(siblings?.n ?? 0) + 1),
    })
    .execute();
  const holder = await trx
    .selectFrom('users')
    .select('id')
    .where('account', '=', NATION_MENU_HOLDER)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('authorize')
    .values({
      id: newId(now),
      item_type: 'module',
      item_id: menuId,
      object_type: 'user',
      object_id: holder.id,
      created_at: now,
      created_by: null,
    })
    .execute();
}

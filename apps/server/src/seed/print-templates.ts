import type { Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';
import { DEFAULT_PAGE_PARAM } from '../modules/system/print-dev/schema.ts';

/**
 * The demo print templates. The employee register prints data every demo has:
 * one user (headTable, @formId = the user id) and the organisations, positions, roles and groups the
 * user belongs to (T1). Its category is the code of a printCategory dictionary item ('hr', 人事).
 */

export const EMPLOYEE_TEMPLATE_CODE = 'employeeRegister';

const HEAD_SQL = `select u.account as "account", u.real_name as "realName",
  case u.gender when 1 then '男' when 2 then '女' else '' end as "gender",
  u.mobile_phone as "mobilePhone", u.email as "email",
  o.full_name as "organizeName", p.full_name as "positionName", u.sort_code as "sortCode"
from users u
left join organize o on o.id = u.organize_id
left join position p on p.id = u.position_id
where u.id = @formId`;

const CHILD_SQL = `select case r.object_type when 'Organize' then '组织' when 'Position' then '岗位'
    when 'Role' then '角色' else '分组' end as "relationType",
  coalesce(o.full_name, p.full_name, ro.full_name, g.full_name) as "objectName",
  coalesce(o.en_code, p.en_code, ro.en_code, g.en_code) as "objectCode"
from user_relation r
left join organize o on r.object_type = 'Organize' and o.id = r.object_id
left join position p on r.object_type = 'Position' and p.id = r.object_id
left join role ro on r.object_type = 'Role' and ro.id = r.object_id
left join user_group g on r.object_type = 'Group' and g.id = r.object_id
where r.user_id = @formId
order by r.object_type, r.sort_code`;

/** A field tag as the designer writes it (see the web's rich-editor field blot). */
const tag = (field: string) =>
  `<span class="print-field" data-field="${field}" contenteditable="false">{${field}}</span>`;
const cell = (row: string, html: string) => `<td data-row="${row}">${html}</td>`;
const row = (id: string, cells: string[]) => `<tr>${cells.map((c) => cell(id, c)).join('')}</tr>`;

const TEMPLATE_HTML = [
  '<h2 class="ql-align-center">员工信息登记表</h2>',
  '<table><tbody>',
  row('r1', ['姓名', tag('realName'), '账号', tag('account')]),
  row('r2', ['性别', tag('gender'), '手机', tag('mobilePhone')]),
  row('r3', ['所属组织', tag('organizeName'), '岗位', tag('positionName')]),
  row('r4', ['邮箱', tag('email'), '排序', tag('sortCode')]),
  '</tbody></table>',
  '<p><strong>组织、岗位与角色</strong></p>',
  '<table><tbody>',
  row('h1', ['类别', '名称', '编码']),
  row('t1', [tag('T1.relationType'), tag('T1.objectName'), tag('T1.objectCode')]),
  '</tbody></table>',
  `<p class="ql-align-right">打印人：${tag('systemPrinter')}&emsp;打印时间：${tag('systemPrintTime')}</p>`,
].join('');

/**
 * The demo contract list's template (its batch print): one record of the released contract model
 * (`vd_democontract`, see demo-models.ts), with its handler's name.
 */
export const CONTRACT_TEMPLATE_CODE = 'contractSheet';

const CONTRACT_SQL = `select c.f_contractno as "contractNo", c.f_contractname as "contractName",
  c.f_partyb as "partyB", c.f_amount as "amount", u.real_name as "handler"
from vd_democontract c
left join users u on u.id = c.f_handler
where c.id = @formId`;

const CONTRACT_HTML = [
  '<h2 class="ql-align-center">合同信息单</h2>',
  '<table><tbody>',
  row('r1', ['合同编号', tag('contractNo'), '合同金额（元）', tag('amount')]),
  row('r2', ['合同名称', tag('contractName'), '签约方', tag('partyB')]),
  '</tbody></table>',
  `<p>经办人：${tag('handler')}</p>`,
  `<p class="ql-align-right">打印人：${tag('systemPrinter')}&emsp;打印时间：${tag('systemPrintTime')}</p>`,
].join('');

const A4 = JSON.stringify(DEFAULT_PAGE_PARAM);

export async function seedPrintTemplates(trx: Tx, now: number): Promise<void> {
  const template = (values: {
    full_name: string;
    en_code: string;
    category: string;
    sql: string;
    html: string;
    description: string;
    sort: number;
  }) => ({
    id: newId(now),
    full_name: values.full_name,
    en_code: values.en_code,
    category: values.category,
    type: 2,
    sql_template: values.sql,
    print_template: values.html,
    page_param: A4,
    description: values.description,
    enabled: 1,
    sort_code: values.sort,
    version: 0,
    created_at: now,
    created_by: null,
    updated_at: null,
    updated_by: null,
  });
  await trx
    .insertInto('print_template')
    .values([
      template({
        full_name: '员工信息登记表',
        en_code: EMPLOYEE_TEMPLATE_CODE,
        category: 'hr',
        sql: `${HEAD_SQL};\n${CHILD_SQL}`,
        html: TEMPLATE_HTML,
        description: '打印一名员工的基本信息及其组织、岗位与角色',
        sort: 0,
      }),
      template({
        full_name: '合同信息单',
        en_code: CONTRACT_TEMPLATE_CODE,
        category: 'admin',
        sql: CONTRACT_SQL,
        html: CONTRACT_HTML,
        description: '打印一份合同登记的编号、名称、签约方、金额与经办人',
        sort: 1,
      }),
    ])
    .execute();
}

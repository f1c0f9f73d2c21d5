import type { Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';

/** Cities for the static JSON example (id = administrative code). */
const CITIES = [
  { id: '110000', fullName: '北京市', province: '北京市' },
  { id: '310000', fullName: '上海市', province: '上海市' },
  { id: '440100', fullName: '广州市', province: '广东省' },
  { id: '440300', fullName: '深圳市', province: '广东省' },
  { id: '330100', fullName: '杭州市', province: '浙江省' },
  { id: '320100', fullName: '南京市', province: '江苏省' },
  { id: '510100', fullName: '成都市', province: '四川省' },
  { id: '420100', fullName: '武汉市', province: '湖北省' },
];

/**
 * Demo data interfaces, one of each kind: paged SQL over users with keyword and echo, SQL with a
 * required parameter and a processing script, static JSON, and a disabled HTTP example whose host
 * (a reserved example domain) an administrator would first add to the `dataInterfaceHosts` setting.
 */
const INTERFACES = [
  {
    code: 'demo.users',
    name: '用户列表',
    category: 'di-cat-system',
    dataType: 1,
    checkType: 1,
    query:
      "select id, account, real_name as \"fullName\", mobile_phone as \"mobilePhone\" from users\nwhere enabled = 1 and (account like '%' || @keyword || '%' or real_name like '%' || @keyword || '%')\norder by sort_code, account",
    parameters: [],
    processing: '',
    property: {
      countSql: '',
      echoSql: 'select id, account, real_name as "fullName" from users where @showKey = @showValue',
      pageParameters: '',
      echoParameters: '',
    },
    description: '分页、关键词搜索与回显示例',
    enabled: 1,
  },
  {
    code: 'demo.orgUsers',
    name: '组织下的用户',
    category: 'di-cat-business',
    dataType: 1,
    checkType: 0,
    query:
      'select u.id, u.account, u.real_name as "fullName" from users u\nwhere u.organize_id = {organizeId} and u.enabled = 1\norder by u.sort_code, u.account',
    parameters: [{ field: 'organizeId', dataType: 'varchar', defaultValue: '', required: 1, fieldName: '组织' }],
    processing: "(data) => data.map((u) => ({ ...u, label: u.fullName + '/' + u.account }))",
    property: { countSql: '', echoSql: '', pageParameters: '', echoParameters: '' },
    description: '必填参数与数据处理脚本示例',
    enabled: 1,
  },
  {
    code: 'demo.cities',
    name: '城市列表',
    category: 'di-cat-example',
    dataType: 2,
    checkType: 0,
    query: JSON.stringify(CITIES, null, 2),
    parameters: [],
    processing: '',
    property: { countSql: '', echoSql: '', pageParameters: '', echoParameters: '' },
    description: '静态数据示例',
    enabled: 1,
  },
  {
    code: 'demo.weather',
    name: '天气（接口示例）',
    category: 'di-cat-example',
    dataType: 3,
    checkType: 0,
    query: 'https://api.example.com/weather/{city}',
    parameters: [{ field: 'city', dataType: 'varchar', defaultValue: '110000', required: 1, fieldName: '城市' }],
    processing: '',
    property: { countSql: '', echoSql: '', pageParameters: '', echoParameters: '' },
    description: '需先在系统配置的数据接口白名单中加入 api.example.com',
    enabled: 0,
  },
];

export async function seedDataInterfaces(trx: Tx, now: number): Promise<void> {
  for (const [i, d] of INTERFACES.entries()) {
    await trx
      .insertInto('data_interface')
      .values({
        id: newId(now),
        category_id: d.category,
        full_name: d.name,
        en_code: d.code,
        data_type: d.dataType,
        request_method: d.dataType === 3 ? 'GET' : '',
        check_type: d.checkType,
        query: d.query,
        request_parameters: JSON.stringify(d.parameters),
        request_headers: '[]',
        data_processing: d.processing,
        property_json: JSON.stringify(d.property),
        description: d.description,
        version: 0,
        created_at: now,
        created_by: null,
        updated_at: null,
        updated_by: null,
        enabled: d.enabled,
        sort_code: i,
      })
      .execute();
  }
}

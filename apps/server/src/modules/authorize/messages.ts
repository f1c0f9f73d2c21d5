import type { MessageCatalogue } from '../../core/messages.ts';

/** Server messages of the authorize area, registered with core/messages.ts by its routes plugin. */
export const authorizeMessages = {
  systemHasMenus: {
    'zh-CN': '该系统下还有菜单，请先删除菜单',
    'zh-TW': '該系統下還有選單，請先刪除選單',
    'en-US': 'The system still has menus; remove them first',
  },
  systemLast: {
    'zh-CN': '至少需要保留一个系统',
    'zh-TW': '至少需要保留一個系統',
    'en-US': 'At least one system must remain',
  },
  menuHasChildren: {
    'zh-CN': '该菜单下还有子菜单，请先删除子菜单',
    'zh-TW': '該選單下還有子選單，請先刪除子選單',
    'en-US': 'The menu still has sub-menus; remove them first',
  },
  problemParent: {
    'zh-CN': '上级菜单须属于同一系统，且不能是本菜单或其下级',
    'zh-TW': '上級選單須屬於同一系統，且不能是本選單或其下級',
    'en-US': 'must be a menu of the same system, not the menu itself or one below it',
  },
  problemJsonObject: {
    'zh-CN': '应为 JSON 对象',
    'zh-TW': '應為 JSON 物件',
    'en-US': 'must be a JSON object',
  },
  problemUnknownIds: {
    'zh-CN': '包含不存在的项：{ids}',
    'zh-TW': '包含不存在的項：{ids}',
    'en-US': 'names items that do not exist: {ids}',
  },
  problemSchemeJson: { 'zh-CN': '不是有效的 JSON', 'zh-TW': '不是有效的 JSON', 'en-US': 'is not valid JSON' },
  problemSchemeNotList: {
    'zh-CN': '应为规则列表',
    'zh-TW': '應為規則列表',
    'en-US': 'must be a list of rules',
  },
  problemSchemeEmpty: {
    'zh-CN': '至少需要一条规则（或选择全部数据）',
    'zh-TW': '至少需要一條規則（或選擇全部資料）',
    'en-US': 'needs at least one rule (or all data)',
  },
  problemSchemeTooMany: {
    'zh-CN': '规则不能超过 50 条',
    'zh-TW': '規則不能超過 50 條',
    'en-US': 'may hold at most 50 rules',
  },
  problemSchemeRule: {
    'zh-CN': '第 {n} 条规则格式不正确',
    'zh-TW': '第 {n} 條規則格式不正確',
    'en-US': 'rule {n} is not well formed',
  },
  problemSchemeField: {
    'zh-CN': '第 {n} 条规则的字段“{field}”不可用于该菜单',
    'zh-TW': '第 {n} 條規則的欄位「{field}」不可用於該選單',
    'en-US': 'rule {n}: the field "{field}" is not offered by this menu',
  },
  problemSchemeOp: {
    'zh-CN': '第 {n} 条规则的条件符号无效',
    'zh-TW': '第 {n} 條規則的條件符號無效',
    'en-US': 'rule {n}: unknown operator',
  },
  problemSchemeValue: {
    'zh-CN': '第 {n} 条规则的值无效',
    'zh-TW': '第 {n} 條規則的值無效',
    'en-US': 'rule {n}: the value does not fit the operator or field',
  },
  problemSchemeVariable: {
    'zh-CN': '第 {n} 条规则的系统变量不适用于该字段或条件',
    'zh-TW': '第 {n} 條規則的系統變數不適用於該欄位或條件',
    'en-US': 'rule {n}: the system variable does not fit this field or operator',
  },
  permissionChanged: {
    'zh-CN': '权限已变更，请重新登录',
    'zh-TW': '權限已變更，請重新登入',
    'en-US': 'Your permissions have changed; please sign in again',
  },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    authorize: typeof authorizeMessages;
  }
}

import { inLanguages as m, type MessageCatalogue } from '../../core/messages.ts';

/** Server messages of visual development, registered with core/messages.ts by its routes plugin. */
export const visualdevMessages = {
  visualdevDesignInvalid: m([
    '表单设计有误：{message}',
    '表單設計有誤：{message}',
    'The form design is not valid: {message}',
  ]),
  visualdevJsonInvalid: m(['{field} 不是有效的 JSON', '{field} 不是有效的 JSON', '{field} is not valid JSON']),
  visualdevListFieldUnknown: m([
    '列表配置中的字段 {field} 不在表单中',
    '清單設定中的欄位 {field} 不在表單中',
    'The list uses the field {field}, which is not in the form',
  ]),
  visualdevListTreeInterfaceMissing: m([
    '列表左侧树的数据来源是数据接口，但没有选择接口（{field}）',
    '清單左側樹的資料來源是資料介面，但沒有選擇介面（{field}）',
    'The tree of the list takes its nodes from a data interface, but no interface is chosen ({field})',
  ]),
  visualdevListTreeKeyInvalid: m([
    '列表左侧树的 {field}“{value}”不是有效的字段名：只能包含字母、数字和下划线，不能以数字开头，最多 64 个字符',
    '清單左側樹的 {field}「{value}」不是有效的欄位名：只能包含字母、數字和底線，不能以數字開頭，最多 64 個字元',
    'The tree key {field} "{value}" of the list is not valid: use up to 64 letters, digits and _, not a digit first',
  ]),
  visualdevKindChanged: m([
    '{label}的控件类型已变更，但该字段已有数据，无法发布；请改用新的字段',
    '{label}的元件類型已變更，但該欄位已有資料，無法發佈；請改用新的欄位',
    'The kind of {label} changed while its column holds data, so the model cannot be released; add a new field instead',
  ]),
  visualdevNotReleased: m(['该功能尚未发布', '該功能尚未發佈', 'This function has not been released yet']),
  visualdevNoRelease: m([
    '没有已发布的版本可以回滚',
    '沒有已發佈的版本可以回滾',
    'There is no released version to roll back to',
  ]),
  visualdevReleased: m(['发布成功', '發佈成功', 'Released']),
  visualdevRolledBack: m(['已回滚到发布版本', '已回滾到發佈版本', 'The design is back to the released version']),
  visualdevRecordInvalid: m(['{label}：{message}', '{label}：{message}', '{label}: {message}']),
  visualdevUnique: m(['{label}“{value}”已存在', '{label}「{value}」已存在', '{label} "{value}" already exists']),
  visualdevImportCell: m([
    '{label}的值“{text}”无效',
    '{label}的值「{text}」無效',
    'The value "{text}" of {label} is not valid',
  ]),
  visualdevDataInvalid: m([
    'data 不是有效的 JSON 对象',
    'data 不是有效的 JSON 物件',
    'data is not a valid JSON object',
  ]),
  visualdevModelHasMenu: m([
    '该功能已发布到菜单，请先删除菜单“{name}”',
    '該功能已發佈到選單，請先刪除選單「{name}」',
    'This function is released to the menu "{name}": delete that menu first',
  ]),
  visualdevCopySuffix: m(['副本', '副本', 'copy']),
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    visualdev: typeof visualdevMessages;
  }
}

import type { MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of dictionaries, registered with core/messages.ts by its routes plugin. */
export const dictionaryMessages = {
  dictionaryTypeHasChildren: {
    'zh-CN': '该字典分类下还有 {count} 个下级分类，不能删除',
    'zh-TW': '該字典分類下還有 {count} 個下級分類，不能刪除',
    'en-US': 'This dictionary type still has {count} sub-type(s) and cannot be deleted',
  },
  dictionaryTypeHasItems: {
    'zh-CN': '该字典分类下还有 {count} 条字典数据，请先删除字典数据',
    'zh-TW': '該字典分類下還有 {count} 筆字典資料，請先刪除字典資料',
    'en-US': 'This dictionary type still holds {count} item(s); delete them first',
  },
  dictionaryDataHasChildren: {
    'zh-CN': '该字典数据下还有 {count} 条下级数据，不能删除',
    'zh-TW': '該字典資料下還有 {count} 筆下級資料，不能刪除',
    'en-US': 'This item still has {count} child item(s) and cannot be deleted',
  },
  dictionaryParentMissing: {
    'zh-CN': '上级不存在',
    'zh-TW': '上級不存在',
    'en-US': 'the parent does not exist',
  },
  dictionaryMoveIntoSelf: {
    'zh-CN': '上级不能是自己或自己的下级',
    'zh-TW': '上級不能是自己或自己的下級',
    'en-US': 'the parent cannot be the record itself or one of its descendants',
  },
  dictionaryTypeMissing: {
    'zh-CN': '字典分类不存在',
    'zh-TW': '字典分類不存在',
    'en-US': 'the dictionary type does not exist',
  },
  dictionaryNotTree: {
    'zh-CN': '该字典不是树形结构，不能设置上级',
    'zh-TW': '該字典不是樹形結構，不能設定上級',
    'en-US': 'this dictionary is not a tree, its items have no parent',
  },
  dictionaryTreeHasLevels: {
    'zh-CN': '该字典已有下级数据，不能改为列表结构',
    'zh-TW': '該字典已有下級資料，不能改為列表結構',
    'en-US': 'this dictionary has nested items and cannot become a flat list',
  },
  dictionarySheetName: { 'zh-CN': '字典数据', 'zh-TW': '字典資料', 'en-US': 'Dictionary items' },
  dictionaryColumnName: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name' },
  dictionaryColumnCode: { 'zh-CN': '编码', 'zh-TW': '編碼', 'en-US': 'Code' },
  dictionaryColumnParent: { 'zh-CN': '上级编码', 'zh-TW': '上級編碼', 'en-US': 'Parent code' },
  dictionaryColumnSpelling: { 'zh-CN': '简拼', 'zh-TW': '簡拼', 'en-US': 'Initials' },
  dictionaryColumnDefault: { 'zh-CN': '默认', 'zh-TW': '預設', 'en-US': 'Default' },
  dictionaryColumnSort: { 'zh-CN': '排序', 'zh-TW': '排序', 'en-US': 'Sort' },
  dictionaryColumnState: { 'zh-CN': '状态', 'zh-TW': '狀態', 'en-US': 'State' },
  dictionaryColumnDescription: { 'zh-CN': '说明', 'zh-TW': '說明', 'en-US': 'Description' },
  dictionaryYes: { 'zh-CN': '是', 'zh-TW': '是', 'en-US': 'Yes' },
  dictionaryNo: { 'zh-CN': '否', 'zh-TW': '否', 'en-US': 'No' },
  dictionaryEnabled: { 'zh-CN': '启用', 'zh-TW': '啟用', 'en-US': 'Enabled' },
  dictionaryDisabled: { 'zh-CN': '禁用', 'zh-TW': '停用', 'en-US': 'Disabled' },
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    dictionary: typeof dictionaryMessages;
  }
}

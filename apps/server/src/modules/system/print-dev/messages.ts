import type { MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of print templates, registered with core/messages.ts by its routes plugin. */
export const printDevMessages = {
  printSqlEmpty: {
    'zh-CN': 'SQL 语句不能为空',
    'zh-TW': 'SQL 語句不能為空',
    'en-US': 'The SQL statement must not be empty',
  },
  printSqlTooMany: {
    'zh-CN': 'SQL 语句最多 {max} 条',
    'zh-TW': 'SQL 語句最多 {max} 條',
    'en-US': 'At most {max} SQL statements are allowed',
  },
  printSqlUnclosed: {
    'zh-CN': 'SQL 语句中的引号或注释没有闭合',
    'zh-TW': 'SQL 語句中的引號或註解沒有閉合',
    'en-US': 'A quote or comment in the SQL statement is not closed',
  },
  printSqlNotQuery: {
    'zh-CN': '第 {n} 条 SQL 语句不是只读查询（{word}）：只允许 SELECT 查询语句',
    'zh-TW': '第 {n} 條 SQL 語句不是唯讀查詢（{word}）：只允許 SELECT 查詢語句',
    'en-US': 'SQL statement {n} is not a read-only query ({word}): only SELECT statements are allowed',
  },
  printSqlForbidden: {
    'zh-CN': '第 {n} 条 SQL 语句含有不允许的内容：{word}',
    'zh-TW': '第 {n} 條 SQL 語句含有不允許的內容：{word}',
    'en-US': 'SQL statement {n} uses something that is not allowed: {word}',
  },
  printSqlFailed: {
    'zh-CN': '第 {n} 条 SQL 语句执行失败，请检查语句',
    'zh-TW': '第 {n} 條 SQL 語句執行失敗，請檢查語句',
    'en-US': 'SQL statement {n} failed; please check it',
  },
  printSqlSyntax: {
    'zh-CN': '第 {n} 条 SQL 语句有语法错误',
    'zh-TW': '第 {n} 條 SQL 語句有語法錯誤',
    'en-US': 'SQL statement {n} has a syntax error',
  },
  printSqlUnknownName: {
    'zh-CN': '第 {n} 条 SQL 语句引用了不存在或无权读取的表、列或函数',
    'zh-TW': '第 {n} 條 SQL 語句引用了不存在或無權讀取的資料表、欄位或函式',
    'en-US': 'SQL statement {n} names a table, column or function that does not exist or may not be read',
  },
  printSqlNotReadOnly: {
    'zh-CN': '第 {n} 条 SQL 语句不是只读查询',
    'zh-TW': '第 {n} 條 SQL 語句不是唯讀查詢',
    'en-US': 'SQL statement {n} is not a read-only query',
  },
  printDataFailed: {
    'zh-CN': '打印数据读取失败，请检查打印模板的 SQL 语句',
    'zh-TW': '列印資料讀取失敗，請檢查列印範本的 SQL 語句',
    'en-US': 'The print data could not be read; please check the SQL of the print template',
  },
  printTemplateDisabled: {
    'zh-CN': '该打印模板已禁用',
    'zh-TW': '該列印範本已停用',
    'en-US': 'This print template is disabled',
  },
  printPageParamInvalid: {
    'zh-CN': '页面设置格式不正确',
    'zh-TW': '頁面設定格式不正確',
    'en-US': 'The page settings are not valid',
  },
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    printDev: typeof printDevMessages;
  }
}

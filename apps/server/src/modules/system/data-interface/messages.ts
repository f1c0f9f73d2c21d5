import type { MessageCatalogue } from '../../../core/messages.ts';

/**
 * Server messages of data interfaces, registered with core/messages.ts by its routes plugin. The sql* and
 * script* keys also serve core/read-only-sql.ts and core/sandbox (print templates use them too).
 */
export const dataInterfaceMessages = {
  sqlEmpty: { 'zh-CN': 'SQL 语句不能为空', 'zh-TW': 'SQL 語句不能為空', 'en-US': 'The SQL statement is empty' },
  sqlNotReadOnly: {
    'zh-CN': '只允许查询语句（SELECT），不能新增、修改、删除数据或更改数据库结构',
    'zh-TW': '只允許查詢語句（SELECT），不能新增、修改、刪除資料或變更資料庫結構',
    'en-US':
      'Only a query (SELECT) is allowed: statements that insert, update, delete or change the schema are refused',
  },
  sqlMultipleStatements: {
    'zh-CN': '只能包含一条 SQL 语句',
    'zh-TW': '只能包含一條 SQL 語句',
    'en-US': 'Only one SQL statement is allowed',
  },
  sqlUnknownParameter: {
    'zh-CN': 'SQL 中的参数 {name} 未定义',
    'zh-TW': 'SQL 中的參數 {name} 未定義',
    'en-US': 'The SQL uses the undeclared parameter {name}',
  },
  sqlTimeout: {
    'zh-CN': 'SQL 执行超时',
    'zh-TW': 'SQL 執行逾時',
    'en-US': 'The SQL statement took too long and was stopped',
  },
  sqlFailed: {
    'zh-CN': 'SQL 执行出错，请检查语句和参数',
    'zh-TW': 'SQL 執行出錯，請檢查語句和參數',
    'en-US': 'The SQL statement failed; please check the statement and its parameters',
  },
  sqlSyntax: {
    'zh-CN': 'SQL 语句有语法错误',
    'zh-TW': 'SQL 語句有語法錯誤',
    'en-US': 'The SQL statement has a syntax error',
  },
  sqlUnknownName: {
    'zh-CN': 'SQL 引用了不存在或无权读取的表、列或函数',
    'zh-TW': 'SQL 引用了不存在或無權讀取的資料表、欄位或函式',
    'en-US': 'The SQL names a table, column or function that does not exist or may not be read',
  },
  sqlUnavailable: {
    'zh-CN': '暂时无法执行 SQL：数据库的只读查询角色未能建立，请联系系统管理员',
    'zh-TW': '暫時無法執行 SQL：資料庫的唯讀查詢角色未能建立，請聯絡系統管理員',
    'en-US':
      'SQL cannot run now: the read-only database role could not be set up; please contact the system administrator',
  },
  scriptTimeout: {
    'zh-CN': '数据处理脚本执行超时（可能存在死循环），已被终止',
    'zh-TW': '資料處理腳本執行逾時（可能存在無窮迴圈），已被終止',
    'en-US': 'The data processing script ran too long (an endless loop?) and was stopped',
  },
  scriptMemory: {
    'zh-CN': '数据处理脚本占用内存过多，已被终止',
    'zh-TW': '資料處理腳本佔用記憶體過多，已被終止',
    'en-US': 'The data processing script used too much memory and was stopped',
  },
  scriptFailed: {
    'zh-CN': '数据处理脚本出错：{detail}',
    'zh-TW': '資料處理腳本出錯：{detail}',
    'en-US': 'The data processing script failed: {detail}',
  },
  interfaceDisabled: {
    'zh-CN': '该数据接口已禁用',
    'zh-TW': '該資料介面已停用',
    'en-US': 'This data interface is disabled',
  },
  interfaceParamRequired: {
    'zh-CN': '参数 {field} 不能为空',
    'zh-TW': '參數 {field} 不能為空',
    'en-US': 'The parameter {field} is required',
  },
  interfaceParamType: {
    'zh-CN': '参数 {field} 应为 {type}',
    'zh-TW': '參數 {field} 應為 {type}',
    'en-US': 'The parameter {field} must be {type}',
  },
  interfaceJsonInvalid: {
    'zh-CN': '静态数据不是有效的 JSON',
    'zh-TW': '靜態資料不是有效的 JSON',
    'en-US': 'The static data is not valid JSON',
  },
  interfaceUrlInvalid: {
    'zh-CN': '接口地址无效，应以 http:// 或 https:// 开头',
    'zh-TW': '介面位址無效，應以 http:// 或 https:// 開頭',
    'en-US': 'The address is not valid: it must start with http:// or https://',
  },
  interfaceHostRefused: {
    'zh-CN': '不允许访问主机 {host}，请在系统配置的“数据接口白名单”中添加',
    'zh-TW': '不允許存取主機 {host}，請在系統設定的「資料介面白名單」中新增',
    'en-US': 'The host {host} is not allowed; add it to the data interface host allow-list in the system settings',
  },
  interfaceHttpFailed: {
    'zh-CN': '接口请求失败：{detail}',
    'zh-TW': '介面請求失敗：{detail}',
    'en-US': 'The HTTP request failed: {detail}',
  },
  interfaceHttpTimeout: {
    'zh-CN': '接口请求超时',
    'zh-TW': '介面請求逾時',
    'en-US': 'The HTTP request timed out',
  },
  interfaceCountSqlRequired: {
    'zh-CN': '分页 SQL 自行使用了 @offsetSize/@pageSize，请填写统计 SQL',
    'zh-TW': '分頁 SQL 自行使用了 @offsetSize/@pageSize，請填寫統計 SQL',
    'en-US': 'The paged SQL uses @offsetSize/@pageSize itself, so a count SQL is required',
  },
  interfaceKeyInvalid: {
    'zh-CN': '字段名 {field} 无效',
    'zh-TW': '欄位名 {field} 無效',
    'en-US': 'The field name {field} is not valid',
  },
  interfaceCategoryMissing: {
    'zh-CN': '分类不存在',
    'zh-TW': '分類不存在',
    'en-US': 'The category does not exist',
  },
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    dataInterface: typeof dataInterfaceMessages;
  }
}

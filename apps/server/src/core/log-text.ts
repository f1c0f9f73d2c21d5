import type { Language } from './messages.ts';

/**
 * The text of a system log row in the reader's language. Rows store stable codes, never text in
 * someone's language: a sign-in row its outcome ('success', 'locked', 'bad-credentials',
 * 'disabled'); an operation row its method, route pattern and HTTP status. The words are made here
 * when a list is read, so the same row reads in Chinese to one user and in English to another, and
 * rows written before this (a route summary with the status in brackets) read the same way.
 */

type Texts = Record<Language, string>;

/** Sign-in outcomes, as `sys_log.abstracts` holds them on category 1 rows. */
export const SIGN_IN_OUTCOMES = {
  success: { 'zh-CN': '登录成功', 'zh-TW': '登入成功', 'en-US': 'Signed in' },
  locked: {
    'zh-CN': '登录失败：账号已锁定',
    'zh-TW': '登入失敗：帳號已鎖定',
    'en-US': 'Sign-in refused: the account is locked',
  },
  'bad-credentials': {
    'zh-CN': '登录失败：账号或密码错误',
    'zh-TW': '登入失敗：帳號或密碼錯誤',
    'en-US': 'Sign-in failed: wrong account or password',
  },
  disabled: {
    'zh-CN': '登录失败：账号已停用',
    'zh-TW': '登入失敗：帳號已停用',
    'en-US': 'Sign-in refused: the account is disabled',
  },
} as const satisfies Record<string, Texts>;
export type SignInOutcome = keyof typeof SIGN_IN_OUTCOMES;

/** Routes whose action has its own words, by `METHOD /route/pattern`. */
const ACTIONS: Record<string, Texts> = {
  'PUT /api/permission/Users/Current/BaseInfo': {
    'zh-CN': '修改个人信息',
    'zh-TW': '修改個人資料',
    'en-US': 'Update personal information',
  },
  'PUT /api/permission/Users/Current/Avatar/:name': {
    'zh-CN': '更换头像',
    'zh-TW': '更換頭像',
    'en-US': 'Change avatar',
  },
  'POST /api/permission/Users/Current/Actions/ModifyPassword': {
    'zh-CN': '修改密码',
    'zh-TW': '修改密碼',
    'en-US': 'Change password',
  },
  'PUT /api/permission/Users/Current/SystemTheme': {
    'zh-CN': '修改界面设置',
    'zh-TW': '修改介面設定',
    'en-US': 'Change layout settings',
  },
  'PUT /api/permission/Users/Current/SystemLanguage': {
    'zh-CN': '切换语言',
    'zh-TW': '切換語言',
    'en-US': 'Change language',
  },
  'PUT /api/permission/Users/Current/major': {
    'zh-CN': '切换组织、岗位或系统',
    'zh-TW': '切換組織、崗位或系統',
    'en-US': 'Switch organization, position or system',
  },
  'POST /api/permission/Users/Current/SignImg': { 'zh-CN': '添加签名', 'zh-TW': '新增簽名', 'en-US': 'Add signature' },
  'PUT /api/permission/Users/Current/:id/SignImg': {
    'zh-CN': '设置默认签名',
    'zh-TW': '設定預設簽名',
    'en-US': 'Set default signature',
  },
  'DELETE /api/permission/Users/Current/:id/SignImg': {
    'zh-CN': '删除签名',
    'zh-TW': '刪除簽名',
    'en-US': 'Delete signature',
  },
  'POST /api/permission/Users/:id/Actions/ResetPassword': {
    'zh-CN': '重置用户密码',
    'zh-TW': '重設使用者密碼',
    'en-US': 'Reset user password',
  },
  'PUT /api/permission/Users/:id/Actions/unlock': {
    'zh-CN': '解锁用户',
    'zh-TW': '解鎖使用者',
    'en-US': 'Unlock user',
  },
  'POST /api/permission/Users/Uploader': {
    'zh-CN': '上传用户导入文件',
    'zh-TW': '上傳使用者匯入檔案',
    'en-US': 'Upload user import file',
  },
  'POST /api/permission/Users/ImportData': { 'zh-CN': '导入用户', 'zh-TW': '匯入使用者', 'en-US': 'Import users' },
  'POST /api/permission/Users/ExportExceptionData': {
    'zh-CN': '导出导入失败的用户',
    'zh-TW': '匯出匯入失敗的使用者',
    'en-US': 'Export users that failed to import',
  },
  'POST /api/permission/Users/ImportExceptionData': {
    'zh-CN': '导出导入失败的用户',
    'zh-TW': '匯出匯入失敗的使用者',
    'en-US': 'Export users that failed to import',
  },
  'PUT /api/permission/Authority/Data/:objectId': {
    'zh-CN': '修改权限授权',
    'zh-TW': '修改權限授權',
    'en-US': 'Change permission grants',
  },
  'PUT /api/permission/Authority/SetColumnsByModuleId': {
    'zh-CN': '保存列表列设置',
    'zh-TW': '儲存列表欄位設定',
    'en-US': 'Save list columns',
  },
  'PUT /api/oauth/LockScreen': { 'zh-CN': '锁定屏幕', 'zh-TW': '鎖定螢幕', 'en-US': 'Lock screen' },
  'POST /api/oauth/LockScreen': { 'zh-CN': '解锁屏幕', 'zh-TW': '解鎖螢幕', 'en-US': 'Unlock screen' },
  'POST /api/oauth/Ticket': { 'zh-CN': '在新窗口打开', 'zh-TW': '在新視窗開啟', 'en-US': 'Open in a new window' },
  'POST /api/message/Actions/ReadAll': {
    'zh-CN': '全部标为已读',
    'zh-TW': '全部標為已讀',
    'en-US': 'Mark all as read',
  },
  'POST /api/message/Actions/Release': { 'zh-CN': '发布公告', 'zh-TW': '發佈公告', 'en-US': 'Release notices' },
  'DELETE /api/message/Record': { 'zh-CN': '删除消息', 'zh-TW': '刪除訊息', 'en-US': 'Delete messages' },
  'DELETE /api/message/imreply/deleteChatRecord/:id': {
    'zh-CN': '清空聊天记录',
    'zh-TW': '清除聊天記錄',
    'en-US': 'Clear chat history',
  },
  'DELETE /api/message/imreply/relocation/:id': {
    'zh-CN': '移除会话',
    'zh-TW': '移除會話',
    'en-US': 'Remove conversation',
  },
  'POST /api/file/Uploader/userAvatar': { 'zh-CN': '上传头像', 'zh-TW': '上傳頭像', 'en-US': 'Upload avatar' },
  'POST /api/file/Uploader/systemIcon': {
    'zh-CN': '上传系统图标',
    'zh-TW': '上傳系統圖示',
    'en-US': 'Upload system logo',
  },
  'POST /api/file/Uploader/IM': { 'zh-CN': '上传聊天图片', 'zh-TW': '上傳聊天圖片', 'en-US': 'Upload chat image' },
  'POST /api/file/Uploader/annex': { 'zh-CN': '上传附件', 'zh-TW': '上傳附件', 'en-US': 'Upload attachment' },
};

/** What a route acts on, by the start of its pattern (the longest match wins). */
const NOUNS: [prefix: string, noun: Texts][] = (
  [
    ['/api/permission/Users/Current', { 'zh-CN': '个人资料', 'zh-TW': '個人資料', 'en-US': 'profile' }],
    ['/api/permission/Users', { 'zh-CN': '用户', 'zh-TW': '使用者', 'en-US': 'user' }],
    ['/api/permission/Role', { 'zh-CN': '角色', 'zh-TW': '角色', 'en-US': 'role' }],
    ['/api/permission/Organize/Department', { 'zh-CN': '部门', 'zh-TW': '部門', 'en-US': 'department' }],
    ['/api/permission/Organize', { 'zh-CN': '组织', 'zh-TW': '組織', 'en-US': 'organization' }],
    ['/api/permission/Position', { 'zh-CN': '岗位', 'zh-TW': '崗位', 'en-US': 'position' }],
    ['/api/permission/Group', { 'zh-CN': '分组', 'zh-TW': '分組', 'en-US': 'group' }],
    ['/api/permission/Authority', { 'zh-CN': '权限', 'zh-TW': '權限', 'en-US': 'permissions' }],
    ['/api/system/System', { 'zh-CN': '系统', 'zh-TW': '系統', 'en-US': 'system' }],
    ['/api/system/Menu', { 'zh-CN': '菜单', 'zh-TW': '選單', 'en-US': 'menu' }],
    ['/api/system/ModuleButton', { 'zh-CN': '按钮权限', 'zh-TW': '按鈕權限', 'en-US': 'button' }],
    ['/api/system/ModuleColumn', { 'zh-CN': '列表权限', 'zh-TW': '列表權限', 'en-US': 'list column' }],
    ['/api/system/ModuleForm', { 'zh-CN': '表单权限', 'zh-TW': '表單權限', 'en-US': 'form field' }],
    [
      '/api/system/ModuleDataAuthorizeScheme',
      { 'zh-CN': '数据权限方案', 'zh-TW': '資料權限方案', 'en-US': 'data scheme' },
    ],
    ['/api/system/DataInterface', { 'zh-CN': '数据接口', 'zh-TW': '資料介面', 'en-US': 'data interface' }],
    ['/api/system/DictionaryType', { 'zh-CN': '字典分类', 'zh-TW': '字典分類', 'en-US': 'dictionary type' }],
    ['/api/system/DictionaryData', { 'zh-CN': '字典数据', 'zh-TW': '字典資料', 'en-US': 'dictionary item' }],
    ['/api/system/printDev', { 'zh-CN': '打印模板', 'zh-TW': '列印範本', 'en-US': 'print template' }],
    ['/api/system/BillRule', { 'zh-CN': '单据规则', 'zh-TW': '單據規則', 'en-US': 'bill number rule' }],
    ['/api/system/SysConfig', { 'zh-CN': '系统配置', 'zh-TW': '系統設定', 'en-US': 'system settings' }],
    ['/api/system/Area', { 'zh-CN': '行政区划', 'zh-TW': '行政區劃', 'en-US': 'area' }],
    ['/api/message/MessageTemplateConfig', { 'zh-CN': '消息模板', 'zh-TW': '訊息範本', 'en-US': 'message template' }],
    ['/api/message/imreply', { 'zh-CN': '会话', 'zh-TW': '會話', 'en-US': 'conversation' }],
    ['/api/message', { 'zh-CN': '公告', 'zh-TW': '公告', 'en-US': 'notice' }],
    ['/api/file', { 'zh-CN': '文件', 'zh-TW': '檔案', 'en-US': 'file' }],
  ] satisfies [string, Texts][]
).sort((a, b) => b[0].length - a[0].length);

const VERBS = {
  create: { 'zh-CN': '新建{noun}', 'zh-TW': '新建{noun}', 'en-US': 'Create {noun}' },
  update: { 'zh-CN': '修改{noun}', 'zh-TW': '修改{noun}', 'en-US': 'Update {noun}' },
  delete: { 'zh-CN': '删除{noun}', 'zh-TW': '刪除{noun}', 'en-US': 'Delete {noun}' },
  state: { 'zh-CN': '启用或禁用{noun}', 'zh-TW': '啟用或停用{noun}', 'en-US': 'Enable or disable {noun}' },
  copy: { 'zh-CN': '复制{noun}', 'zh-TW': '複製{noun}', 'en-US': 'Copy {noun}' },
  preview: { 'zh-CN': '预览{noun}', 'zh-TW': '預覽{noun}', 'en-US': 'Preview {noun}' },
  release: { 'zh-CN': '发布{noun}', 'zh-TW': '發佈{noun}', 'en-US': 'Release {noun}' },
  import: { 'zh-CN': '导入{noun}', 'zh-TW': '匯入{noun}', 'en-US': 'Import {noun}' },
  export: { 'zh-CN': '导出{noun}', 'zh-TW': '匯出{noun}', 'en-US': 'Export {noun}' },
  upload: { 'zh-CN': '上传{noun}', 'zh-TW': '上傳{noun}', 'en-US': 'Upload {noun}' },
  query: { 'zh-CN': '查询{noun}', 'zh-TW': '查詢{noun}', 'en-US': 'Look up {noun}' },
} as const satisfies Record<string, Texts>;

const FAILED: Texts = { 'zh-CN': '{text}（失败）', 'zh-TW': '{text}（失敗）', 'en-US': '{text} (failed)' };

/** The verb of a route without words of its own, from its method and last steps. */
function verbOf(method: string, rest: string): keyof typeof VERBS {
  const last =
    rest
      .split('/')
      .filter((p) => p && !p.startsWith(':'))
      .pop() ?? '';
  if (/\/Actions\/State$/i.test(rest)) return 'state';
  if (/(^|\/)(Actions\/)?copy(\/|$)/i.test(rest)) return 'copy';
  if (/\/Actions\/Preview$/i.test(rest)) return 'preview';
  if (/\/Actions\/Release$/i.test(rest)) return 'release';
  if (/import/i.test(last)) return 'import';
  if (/export/i.test(last)) return 'export';
  if (/upload/i.test(last)) return 'upload';
  // POST is also how pickers and condition searches read.
  if (method === 'POST' && /^get|selector|condition|list|byids|fields/i.test(last)) return 'query';
  if (method === 'DELETE') return 'delete';
  if (method === 'POST') return 'create';
  return 'update';
}

/** What an operation did, in `language`, without its outcome. */
export function operationText(method: string, route: string, language: Language): string {
  const action = ACTIONS[`${method} ${route}`];
  if (action) return action[language];
  const found = NOUNS.find(([prefix]) => route === prefix || route.startsWith(`${prefix}/`));
  // A route no table knows yet still reads as an action on its address.
  const noun = found ? found[1][language] : language === 'en-US' ? route : ` ${route}`;
  const rest = found ? route.slice(found[0].length) : route;
  return VERBS[verbOf(method, rest)][language].replace('{noun}', noun);
}

/** A row of `sys_log` as much of it as its text needs. */
export interface LogRow {
  category: number;
  abstracts: string;
  request_method: string;
  request_url: string;
  status: number;
}

/** The status of an operation row: its column, or on older rows the "(200)" at the end of the text. */
export function statusOf(row: Pick<LogRow, 'abstracts' | 'status'>): number {
  if (row.status) return row.status;
  const match = /\((\d{3})\)\s*$/.exec(row.abstracts);
  return match ? Number(match[1]) : 0;
}

/** The row's text in `language`: its sign-in outcome, or what the operation did and whether it failed. */
export function logText(row: LogRow, language: Language): string {
  if (row.category === 1) {
    const outcome = SIGN_IN_OUTCOMES[row.abstracts as SignInOutcome] as Texts | undefined;
    return outcome ? outcome[language] : row.abstracts;
  }
  const text = operationText(row.request_method, row.request_url, language);
  return statusOf(row) >= 400 ? FAILED[language].replace('{text}', text) : text;
}

/** The sign-in outcome codes whose text in `language` contains the keyword (for the keyword search). */
export function outcomesMatching(keyword: string, language: Language): SignInOutcome[] {
  const k = keyword.toLowerCase();
  return (Object.keys(SIGN_IN_OUTCOMES) as SignInOutcome[]).filter((code) =>
    SIGN_IN_OUTCOMES[code][language].toLowerCase().includes(k),
  );
}

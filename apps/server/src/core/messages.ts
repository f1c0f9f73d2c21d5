/**
 * Server messages in the three languages the product speaks. zh-CN holds the original texts.
 * `{name}` placeholders are filled from the params passed with the key.
 */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Message texts by key and language; each module keeps its own beside its routes. */
export type MessageCatalogue = Record<string, Record<Language, string>>;

/** One message in the three languages, written `[zh-CN, zh-TW, en-US]`. */
export const inLanguages = ([zhCN, zhTW, enUS]: [zhCN: string, zhTW: string, enUS: string]) => ({
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'en-US': enUS,
});

/** The messages of core itself: success, session, access, validation and framework refusals. */
const coreMessages = {
  success: { 'zh-CN': 'Success', 'zh-TW': 'Success', 'en-US': 'Success' },
  loginSuccess: { 'zh-CN': '登录成功', 'zh-TW': '登入成功', 'en-US': 'Signed in' },
  logoutSuccess: { 'zh-CN': '退出成功', 'zh-TW': '登出成功', 'en-US': 'Signed out' },
  unlockSuccess: { 'zh-CN': '解锁成功', 'zh-TW': '解鎖成功', 'en-US': 'Unlocked' },
  failed: { 'zh-CN': '请求出错，请重试', 'zh-TW': '請求出錯，請重試', 'en-US': 'Request failed, please try again' },
  internal: {
    'zh-CN': '服务器内部错误，请稍后重试',
    'zh-TW': '伺服器內部錯誤，請稍後重試',
    'en-US': 'Internal server error, please try again later',
  },
  notFound: {
    'zh-CN': '请求的资源不存在',
    'zh-TW': '請求的資源不存在',
    'en-US': 'The requested resource does not exist',
  },
  recordNotFound: { 'zh-CN': '数据不存在', 'zh-TW': '資料不存在', 'en-US': 'The record does not exist' },
  forbidden: { 'zh-CN': '暂无权限', 'zh-TW': '暫無權限', 'en-US': 'No permission' },
  tooMany: {
    'zh-CN': '请求过于频繁，请稍后再试',
    'zh-TW': '請求過於頻繁，請稍後再試',
    'en-US': 'Too many requests, please try again later',
  },
  tooLarge: { 'zh-CN': '请求内容过大', 'zh-TW': '請求內容過大', 'en-US': 'The request is too large' },
  sessionExpired: {
    'zh-CN': '登录过期，请重新登录',
    'zh-TW': '登入過期，請重新登入',
    'en-US': 'Login expired, please log in again',
  },
  loggedInElsewhere: {
    'zh-CN': '您的账号已在其他地方登录，请重新登录',
    'zh-TW': '您的帳號已在其他地方登入，請重新登入',
    'en-US': 'Your account has signed in elsewhere, please log in again',
  },
  tokenInvalid: {
    'zh-CN': '登录信息无效，请重新登录',
    'zh-TW': '登入資訊無效，請重新登入',
    'en-US': 'Invalid sign-in token, please log in again',
  },
  badCredentials: {
    'zh-CN': '账号或密码错误',
    'zh-TW': '帳號或密碼錯誤',
    'en-US': 'Incorrect account or password',
  },
  accountLocked: {
    'zh-CN': '账号已被锁定，请联系管理员解锁',
    'zh-TW': '帳號已被鎖定，請聯絡管理員解鎖',
    'en-US': 'The account is locked, please ask an administrator to unlock it',
  },
  accountLockedFor: {
    'zh-CN': '账号已被锁定，请 {minutes} 分钟后再试',
    'zh-TW': '帳號已被鎖定，請 {minutes} 分鐘後再試',
    'en-US': 'The account is locked, please try again in {minutes} minutes',
  },
  accountDisabled: {
    'zh-CN': '账号已被禁用，请联系管理员',
    'zh-TW': '帳號已被停用，請聯絡管理員',
    'en-US': 'The account is disabled, please contact an administrator',
  },
  captchaRequired: { 'zh-CN': '请输入验证码', 'zh-TW': '請輸入驗證碼', 'en-US': 'Please enter the verification code' },
  captchaWrong: {
    'zh-CN': '验证码错误或已过期',
    'zh-TW': '驗證碼錯誤或已過期',
    'en-US': 'The verification code is wrong or has expired',
  },
  passwordWrong: { 'zh-CN': '密码错误', 'zh-TW': '密碼錯誤', 'en-US': 'Incorrect password' },
  invalidField: {
    'zh-CN': '参数 {field} 无效：{problem}',
    'zh-TW': '參數 {field} 無效：{problem}',
    'en-US': 'Invalid {field}: {problem}',
  },
  fieldRequired: { 'zh-CN': '不能为空', 'zh-TW': '不能為空', 'en-US': 'is required' },
  fieldType: { 'zh-CN': '应为{expected}', 'zh-TW': '應為{expected}', 'en-US': 'must be {expected}' },
  typeText: { 'zh-CN': '文本', 'zh-TW': '文字', 'en-US': 'text' },
  typeNumber: { 'zh-CN': '数字', 'zh-TW': '數字', 'en-US': 'a number' },
  typeInteger: { 'zh-CN': '整数', 'zh-TW': '整數', 'en-US': 'a whole number' },
  typeBoolean: { 'zh-CN': '布尔值', 'zh-TW': '布林值', 'en-US': 'true or false' },
  typeList: { 'zh-CN': '列表', 'zh-TW': '列表', 'en-US': 'a list' },
  typeObject: { 'zh-CN': '对象', 'zh-TW': '物件', 'en-US': 'an object' },
  typeDate: { 'zh-CN': '日期', 'zh-TW': '日期', 'en-US': 'a date' },
  /** Joins the allowed values of a list; `orSeparator` joins alternative types. */
  listSeparator: { 'zh-CN': '、', 'zh-TW': '、', 'en-US': ', ' },
  orSeparator: { 'zh-CN': '或', 'zh-TW': '或', 'en-US': ' or ' },
  fieldMinLength: {
    'zh-CN': '长度不能少于 {minimum} 个字符',
    'zh-TW': '長度不能少於 {minimum} 個字元',
    'en-US': 'must be at least {minimum} characters long',
  },
  fieldMaxLength: {
    'zh-CN': '长度不能超过 {maximum} 个字符',
    'zh-TW': '長度不能超過 {maximum} 個字元',
    'en-US': 'must be at most {maximum} characters long',
  },
  fieldMin: { 'zh-CN': '不能小于 {minimum}', 'zh-TW': '不能小於 {minimum}', 'en-US': 'must be at least {minimum}' },
  fieldMax: { 'zh-CN': '不能大于 {maximum}', 'zh-TW': '不能大於 {maximum}', 'en-US': 'must be at most {maximum}' },
  fieldGreater: {
    'zh-CN': '必须大于 {minimum}',
    'zh-TW': '必須大於 {minimum}',
    'en-US': 'must be greater than {minimum}',
  },
  fieldLess: { 'zh-CN': '必须小于 {maximum}', 'zh-TW': '必須小於 {maximum}', 'en-US': 'must be less than {maximum}' },
  fieldMinItems: {
    'zh-CN': '至少需要 {minimum} 项',
    'zh-TW': '至少需要 {minimum} 項',
    'en-US': 'must have at least {minimum} items',
  },
  fieldMaxItems: {
    'zh-CN': '最多 {maximum} 项',
    'zh-TW': '最多 {maximum} 項',
    'en-US': 'must have at most {maximum} items',
  },
  fieldOneOf: {
    'zh-CN': '必须是以下之一：{values}',
    'zh-TW': '必須是以下之一：{values}',
    'en-US': 'must be one of: {values}',
  },
  fieldEquals: { 'zh-CN': '必须为 {value}', 'zh-TW': '必須為 {value}', 'en-US': 'must be {value}' },
  fieldMultipleOf: {
    'zh-CN': '必须是 {divisor} 的倍数',
    'zh-TW': '必須是 {divisor} 的倍數',
    'en-US': 'must be a multiple of {divisor}',
  },
  fieldControlChars: {
    'zh-CN': '不能包含控制字符',
    'zh-TW': '不能包含控制字元',
    'en-US': 'must not contain control characters',
  },
  fieldUnknownKeys: {
    'zh-CN': '包含不支持的字段：{keys}',
    'zh-TW': '包含不支援的欄位：{keys}',
    'en-US': 'has unknown fields: {keys}',
  },
  fieldFormat: { 'zh-CN': '格式不正确', 'zh-TW': '格式不正確', 'en-US': 'has the wrong format' },
  fieldValue: { 'zh-CN': '取值不在允许范围内', 'zh-TW': '取值不在允許範圍內', 'en-US': 'is not an allowed value' },
  /** A whole part of the request is wrong (the body is not an object, the body is missing). */
  invalidPart: {
    'zh-CN': '{part}无效：{problem}',
    'zh-TW': '{part}無效：{problem}',
    'en-US': 'Invalid {part}: {problem}',
  },
  partBody: { 'zh-CN': '请求体', 'zh-TW': '請求體', 'en-US': 'request body' },
  partQuery: { 'zh-CN': '查询参数', 'zh-TW': '查詢參數', 'en-US': 'query' },
  partParams: { 'zh-CN': '路径参数', 'zh-TW': '路徑參數', 'en-US': 'path parameters' },
  partHeaders: { 'zh-CN': '请求头', 'zh-TW': '請求標頭', 'en-US': 'headers' },
  urlTooLong: {
    'zh-CN': '请求地址过长，不能超过 {maximum} 个字符',
    'zh-TW': '請求網址過長，不能超過 {maximum} 個字元',
    'en-US': 'The request URL is too long (at most {maximum} characters)',
  },
  pathParamTooLong: {
    'zh-CN': '请求地址中的路径参数过长，不能超过 {maximum} 个字符',
    'zh-TW': '請求網址中的路徑參數過長，不能超過 {maximum} 個字元',
    'en-US': 'A path parameter of the request URL is too long (at most {maximum} characters)',
  },
  urlInvalid: {
    'zh-CN': '请求地址格式不正确',
    'zh-TW': '請求網址格式不正確',
    'en-US': 'The request URL is not well formed',
  },
  headersTooLarge: {
    'zh-CN': '请求地址或请求头过长',
    'zh-TW': '請求網址或請求標頭過長',
    'en-US': 'The request URL or headers are too long',
  },
  jsonInvalid: {
    'zh-CN': '请求体不是有效的 JSON',
    'zh-TW': '請求體不是有效的 JSON',
    'en-US': 'The request body is not valid JSON',
  },
  mediaTypeUnsupported: {
    'zh-CN': '不支持的请求内容类型，请以 JSON 或表单格式提交',
    'zh-TW': '不支援的請求內容類型，請以 JSON 或表單格式提交',
    'en-US': 'Unsupported content type: send JSON or a form',
  },
  multipartRequired: {
    'zh-CN': '请以文件上传表单提交文件',
    'zh-TW': '請以檔案上傳表單提交檔案',
    'en-US': 'Send the file as a multipart form upload',
  },
  multipartInvalid: {
    'zh-CN': '上传的数据不完整或格式不正确',
    'zh-TW': '上傳的資料不完整或格式不正確',
    'en-US': 'The upload is incomplete or not well formed',
  },
  requestInvalid: {
    'zh-CN': '请求格式不正确',
    'zh-TW': '請求格式不正確',
    'en-US': 'The request is not well formed',
  },
  valueOutOfRange: {
    'zh-CN': '提交的数据超出允许范围或格式不正确',
    'zh-TW': '提交的資料超出允許範圍或格式不正確',
    'en-US': 'A submitted value is out of range or not well formed',
  },
  ticketInvalid: {
    'zh-CN': '票据无效或已过期',
    'zh-TW': '票據無效或已過期',
    'en-US': 'The ticket is invalid or has expired',
  },
  updateSuccess: { 'zh-CN': '修改成功', 'zh-TW': '修改成功', 'en-US': 'Saved' },
  switchSuccess: { 'zh-CN': '切换成功', 'zh-TW': '切換成功', 'en-US': 'Switched' },
  deleteSuccess: { 'zh-CN': '删除成功', 'zh-TW': '刪除成功', 'en-US': 'Deleted' },
  createSuccess: { 'zh-CN': '新建成功', 'zh-TW': '新建成功', 'en-US': 'Created' },
  oldPasswordWrong: { 'zh-CN': '原密码错误', 'zh-TW': '原密碼錯誤', 'en-US': 'The current password is incorrect' },
  notYours: {
    'zh-CN': '只能切换到自己所属的组织、岗位或系统',
    'zh-TW': '只能切換到自己所屬的組織、崗位或系統',
    'en-US': 'You can only switch to your own organisations, positions or systems',
  },
  fileTypeImage: {
    'zh-CN': '请选择 png、jpg、gif 或 webp 格式的图片',
    'zh-TW': '請選擇 png、jpg、gif 或 webp 格式的圖片',
    'en-US': 'Please choose a png, jpg, gif or webp image',
  },
  fileMissing: {
    'zh-CN': '请选择要上传的文件',
    'zh-TW': '請選擇要上傳的檔案',
    'en-US': 'Please choose a file to upload',
  },
  placeLocal: { 'zh-CN': '本机', 'zh-TW': '本機', 'en-US': 'This machine' },
  placeLan: { 'zh-CN': '局域网', 'zh-TW': '區域網路', 'en-US': 'Local network' },
  placeUnknown: { 'zh-CN': '未知', 'zh-TW': '未知', 'en-US': 'Unknown' },
  bodyInvalid: {
    'zh-CN': '请求体格式不正确',
    'zh-TW': '請求體格式不正確',
    'en-US': 'The request body is not well formed',
  },
  versionConflict: {
    'zh-CN': '数据已被他人修改，请刷新后重试',
    'zh-TW': '資料已被他人修改，請重新整理後重試',
    'en-US': 'Someone else changed this record; reload it and try again',
  },
  saveSuccess: { 'zh-CN': '保存成功', 'zh-TW': '儲存成功', 'en-US': 'Saved' },
  codeTaken: {
    'zh-CN': '编码“{code}”已存在',
    'zh-TW': '編碼「{code}」已存在',
    'en-US': 'The code "{code}" is already in use',
  },
} satisfies MessageCatalogue;

/**
 * The catalogues by owner, for typing only. Each module adds its own with a module augmentation in its
 * messages.ts, so `t('key')` accepts exactly the keys of core and of every module:
 *
 *     declare module '../../core/messages.ts' {
 *       interface MessageCatalogues { organize: typeof organizeMessages }
 *     }
 */
export interface MessageCatalogues {
  core: typeof coreMessages;
}
export type MessageKey = {
  [Owner in keyof MessageCatalogues]: keyof MessageCatalogues[Owner] & string;
}[keyof MessageCatalogues];
export type MessageParams = Record<string, string | number>;

const catalogue: MessageCatalogue = { ...coreMessages };

/**
 * Adds a module's messages to the catalogue; each module's routes plugin calls it for its own, so core
 * never imports a module. A key may belong to one catalogue only.
 */
export function registerMessages(messages: MessageCatalogue): void {
  for (const [key, texts] of Object.entries(messages)) {
    if (Object.hasOwn(catalogue, key) && catalogue[key] !== texts)
      throw new Error(`message key ${key} is defined twice`);
    catalogue[key] = texts;
  }
}

/** Whether a text names a message of the catalogue (a schema may carry one as its problem key). */
export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(catalogue, key);
}

/** Every message key, for the check that each one is worded in every language. */
export const messageKeys = () => Object.keys(catalogue) as MessageKey[];

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const text = catalogue[key][language];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Picks the product language from an Accept-Language header or a stored preference. */
export function pickLanguage(...candidates: (string | undefined | null)[]): Language {
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (const part of candidate.split(',')) {
      const tag = part.split(';')[0]!.trim().toLowerCase();
      if (!tag) continue;
      if (tag.startsWith('zh')) {
        return /tw|hk|mo|hant/.test(tag) ? 'zh-TW' : 'zh-CN';
      }
      if (tag.startsWith('en')) return 'en-US';
    }
  }
  return 'zh-CN';
}

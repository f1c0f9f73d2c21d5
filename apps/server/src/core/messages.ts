/**
 * Server messages in the three languages the product speaks. zh-CN holds the spec's own texts.
 * `{name}` placeholders are filled from the params passed with the key.
 */
import { authorizeMessages } from '../modules/authorize/messages.ts';
import { organizeMessages } from '../modules/organize/messages.ts';
import { dictionaryMessages } from '../modules/system/dictionary/messages.ts';
import { billRuleMessages } from '../modules/system/bill-rule/messages.ts';
import { sysConfigMessages } from '../modules/system/sys-config/messages.ts';
import { usersMessages } from '../modules/permission/messages.ts';
import { socketMessages } from '../modules/socket/messages.ts';
import { dataInterfaceMessages } from '../modules/system/data-interface/messages.ts';
import { printDevMessages } from '../modules/system/print-dev/messages.ts';
import { messageMessages } from '../modules/message/messages.ts';
import { areaMessages } from '../modules/system/area/messages.ts';
import { messageTemplateMessages } from '../modules/message/template/messages.ts';

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Message texts by key and language; each module keeps its own beside its routes. */
export type MessageCatalogue = Record<string, Record<Language, string>>;

const catalogue = {
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
  fieldType: { 'zh-CN': '应为 {expected}', 'zh-TW': '應為 {expected}', 'en-US': 'must be a {expected}' },
  fieldTooShort: {
    'zh-CN': '长度或数值不能小于 {minimum}',
    'zh-TW': '長度或數值不能小於 {minimum}',
    'en-US': 'must be at least {minimum}',
  },
  fieldTooLong: {
    'zh-CN': '长度或数值不能大于 {maximum}',
    'zh-TW': '長度或數值不能大於 {maximum}',
    'en-US': 'must be at most {maximum}',
  },
  fieldFormat: { 'zh-CN': '格式不正确', 'zh-TW': '格式不正確', 'en-US': 'has the wrong format' },
  fieldValue: { 'zh-CN': '取值不在允许范围内', 'zh-TW': '取值不在允許範圍內', 'en-US': 'is not an allowed value' },
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
  ...organizeMessages,
  ...dictionaryMessages,
  ...printDevMessages,
  ...billRuleMessages,
  ...sysConfigMessages,
  ...usersMessages,
  ...authorizeMessages,
  ...socketMessages,
  ...dataInterfaceMessages,
  ...messageMessages,
  ...areaMessages,
  ...messageTemplateMessages,
} satisfies MessageCatalogue;

export type MessageKey = keyof typeof catalogue;
export type MessageParams = Record<string, string | number>;

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

import type { LocaleMessages } from './zh-CN.ts';

/** Traditional Chinese. */
const zhTW: LocaleMessages = {
  common: {
    ok: '確定',
    cancel: '取消',
    loading: '加載中...',
    productName: 'Atrium',
  },
  route: {
    home: '首頁',
    login: '登錄',
    notFound: '404',
  },
  request: {
    defaultError: '請求出錯，請重試',
    verificationFailed: '驗證失敗，請重新登錄',
  },
  guard: {
    hasError: 'Has Error',
  },
  login: {
    welcome: '歡迎登錄',
    accountTab: '賬號密碼登錄',
    scanTab: 'APP掃碼登錄',
    smsTab: '短信驗證登錄',
    scanNotEnabled: '貴單位尚未啟用 APP 掃碼登錄，請使用賬號密碼登錄。',
    smsNotEnabled: '貴單位尚未啟用短信驗證登錄，請使用賬號密碼登錄。',
    accountPlaceholder: '請輸入賬號',
    accountRequired: '請輸入賬號',
    subAccountHint: '子賬號登錄格式：手機號@賬號',
    passwordPlaceholder: '請輸入密碼',
    passwordRequired: '請輸入密碼',
    capsLock: '大寫鎖定已打開',
    codePlaceholder: '請輸入驗證碼',
    codeRequired: '請輸入驗證碼',
    refreshCode: '看不清？點擊刷新',
    captchaAlt: '驗證碼',
    submit: '登錄',
    submitting: '登錄中...',
  },
  layout: {
    toggleSidebar: '展開/收起菜單',
    logout: '退出登錄',
    logoutTitle: '提示',
    logoutConfirm: '您確定要退出系統嗎？',
    noPermission: '您的權限不足，請聯繫管理員',
    prevLoginTitle: '上次登錄',
    prevLoginText: '上次登錄時間：{{time}}，地點：{{place}}，IP：{{ip}}',
  },
  home: {
    greeting: '您好，{{name}}，歡迎回來！',
    organize: '所屬組織：{{organize}}',
    department: '所屬部門：{{department}}',
    todo: '待辦事項',
    myApplications: '我發起的',
    welcomeTitle: '歡迎使用 {{sysName}}',
    version: '版本：{{version}}',
    prevLoginTime: '上次登錄時間：{{time}}',
    prevLoginIP: '上次登錄 IP：{{ip}}',
    firstLogin: '這是您第一次登錄。',
  },
  notFound: {
    title: '404',
    description: '抱歉，您訪問的頁面不存在。',
    backHome: '返回首頁',
  },
};

export default zhTW;

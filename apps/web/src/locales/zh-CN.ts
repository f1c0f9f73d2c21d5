/** Simplified Chinese, the default language; the spec's Chinese texts are quoted from here. */
const zhCN = {
  common: {
    ok: '确定',
    cancel: '取消',
    loading: '加载中...',
    productName: 'Atrium',
  },
  route: {
    home: '首页',
    login: '登录',
    notFound: '404',
  },
  request: {
    defaultError: '请求出错，请重试',
    verificationFailed: '验证失败，请重新登录',
  },
  guard: {
    hasError: 'Has Error',
  },
  login: {
    welcome: '欢迎登录',
    accountTab: '账号密码登录',
    scanTab: 'APP扫码登录',
    smsTab: '短信验证登录',
    scanNotEnabled: '贵单位尚未启用 APP 扫码登录，请使用账号密码登录。',
    smsNotEnabled: '贵单位尚未启用短信验证登录，请使用账号密码登录。',
    accountPlaceholder: '请输入账号',
    accountRequired: '请输入账号',
    subAccountHint: '子账号登录格式：手机号@账号',
    passwordPlaceholder: '请输入密码',
    passwordRequired: '请输入密码',
    capsLock: '大写锁定已打开',
    codePlaceholder: '请输入验证码',
    codeRequired: '请输入验证码',
    refreshCode: '看不清？点击刷新',
    captchaAlt: '验证码',
    submit: '登录',
    submitting: '登录中...',
  },
  layout: {
    toggleSidebar: '展开/收起菜单',
    logout: '退出登录',
    logoutTitle: '提示',
    logoutConfirm: '您确定要退出系统吗？',
    noPermission: '您的权限不足，请联系管理员',
    prevLoginTitle: '上次登录',
    prevLoginText: '上次登录时间：{{time}}，地点：{{place}}，IP：{{ip}}',
  },
  home: {
    greeting: '您好，{{name}}，欢迎回来！',
    organize: '所属组织：{{organize}}',
    department: '所属部门：{{department}}',
    todo: '待办事项',
    myApplications: '我发起的',
    welcomeTitle: '欢迎使用 {{sysName}}',
    version: '版本：{{version}}',
    prevLoginTime: '上次登录时间：{{time}}',
    prevLoginIP: '上次登录 IP：{{ip}}',
    firstLogin: '这是您第一次登录。',
  },
  notFound: {
    title: '404',
    description: '抱歉，您访问的页面不存在。',
    backHome: '返回首页',
  },
};

export default zhCN;
export type LocaleMessages = typeof zhCN;

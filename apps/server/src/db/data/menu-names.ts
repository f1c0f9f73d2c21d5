import type { Kysely } from 'kysely';

/** A name in each of the product's languages (the LANGUAGES of core/messages.ts). */
export type LocalNames = Record<'zh-CN' | 'zh-TW' | 'en-US', string>;

/**
 * The shell's navigation labels in the three languages (home, dashboard,
 * online development and its designers, code generator, system management, data applications,
 * WeChat configuration, permissions, workflow, message center, extension demos). Menus that stand
 * for one of these areas take their names from here.
 */
export const NAVIGATION_LABELS = {
  home: { 'zh-CN': '首页', 'zh-TW': '首頁', 'en-US': 'Home' },
  dashboard: { 'zh-CN': '数据看板', 'zh-TW': '數據看板', 'en-US': 'Dashboard' },
  onlineDev: { 'zh-CN': '在线开发', 'zh-TW': '線上開發', 'en-US': 'Online development' },
  webDesign: { 'zh-CN': 'Web 设计', 'zh-TW': 'Web 設計', 'en-US': 'Web design' },
  appDesign: { 'zh-CN': 'App 设计', 'zh-TW': 'App 設計', 'en-US': 'App design' },
  reportDesign: { 'zh-CN': '报表设计', 'zh-TW': '報表設計', 'en-US': 'Report design' },
  screenDesign: { 'zh-CN': '大屏设计', 'zh-TW': '大屏設計', 'en-US': 'Screen design' },
  portalDesign: { 'zh-CN': '门户设计', 'zh-TW': '入口網站設計', 'en-US': 'Portal design' },
  codeGenerator: { 'zh-CN': '代码生成', 'zh-TW': '程式碼產生', 'en-US': 'Code generator' },
  systemManagement: { 'zh-CN': '系统管理', 'zh-TW': '系統管理', 'en-US': 'System management' },
  dataApplications: { 'zh-CN': '数据应用', 'zh-TW': '資料應用', 'en-US': 'Data applications' },
  weChat: { 'zh-CN': '微信配置', 'zh-TW': '微信設定', 'en-US': 'WeChat configuration' },
  permissions: { 'zh-CN': '组织权限', 'zh-TW': '組織權限', 'en-US': 'Permissions' },
  workflow: { 'zh-CN': '工作流程', 'zh-TW': '工作流程', 'en-US': 'Workflow' },
  messageCenter: { 'zh-CN': '消息中心', 'zh-TW': '訊息中心', 'en-US': 'Message center' },
  extensionDemos: { 'zh-CN': '扩展示例', 'zh-TW': '擴充範例', 'en-US': 'Extension demos' },
} as const satisfies Record<string, LocalNames>;

/**
 * The names of every seeded system, by code. Migration 013 fills existing databases from here, so
 * a system or menu an administrator renamed keeps its own name.
 */
export const SYSTEM_NAMES: Record<string, LocalNames> = {
  atrium: { 'zh-CN': 'Atrium 协同办公', 'zh-TW': 'Atrium 協同辦公', 'en-US': 'Atrium Office' },
  dev: { 'zh-CN': 'Atrium 开发平台', 'zh-TW': 'Atrium 開發平台', 'en-US': 'Atrium Development' },
};

/** The names of every seeded menu, by code (demo-data.ts and the dictionaries seed). */
export const MENU_NAMES: Record<string, LocalNames> = {
  workbench: { 'zh-CN': '工作台', 'zh-TW': '工作台', 'en-US': 'Workbench' },
  'workbench.home': NAVIGATION_LABELS.home,
  'workbench.screen': { 'zh-CN': '运营大屏', 'zh-TW': '營運大屏', 'en-US': 'Dashboard' },
  permission: NAVIGATION_LABELS.permissions,
  'permission.organize': { 'zh-CN': '组织管理', 'zh-TW': '組織管理', 'en-US': 'Organizations' },
  'permission.position': { 'zh-CN': '岗位管理', 'zh-TW': '崗位管理', 'en-US': 'Positions' },
  'permission.role': { 'zh-CN': '角色管理', 'zh-TW': '角色管理', 'en-US': 'Roles' },
  'permission.grade': { 'zh-CN': '职级管理', 'zh-TW': '職級管理', 'en-US': 'Grades' },
  'permission.group': { 'zh-CN': '分组管理', 'zh-TW': '分組管理', 'en-US': 'Groups' },
  'permission.user': { 'zh-CN': '用户管理', 'zh-TW': '使用者管理', 'en-US': 'Users' },
  'permission.authorize': { 'zh-CN': '权限授权', 'zh-TW': '權限授權', 'en-US': 'Authorization' },
  devtools: { 'zh-CN': '开发工具', 'zh-TW': '開發工具', 'en-US': 'Developer tools' },
  'devtools.api': { 'zh-CN': '接口文档', 'zh-TW': '介面文件', 'en-US': 'API docs' },
  'devtools.api-window': {
    'zh-CN': '接口文档（新窗口）',
    'zh-TW': '介面文件（新視窗）',
    'en-US': 'API docs (new tab)',
  },
  system: NAVIGATION_LABELS.systemManagement,
  'system.menu': { 'zh-CN': '菜单管理', 'zh-TW': '選單管理', 'en-US': 'Menus' },
  'system.auditLog': { 'zh-CN': '审计日志', 'zh-TW': '稽核日誌', 'en-US': 'Audit log' },
  basic: { 'zh-CN': '基础数据', 'zh-TW': '基礎資料', 'en-US': 'Basic data' },
  'basic.dictionary': { 'zh-CN': '数据字典', 'zh-TW': '資料字典', 'en-US': 'Dictionaries' },
  'basic.dict.nation': { 'zh-CN': '民族字典', 'zh-TW': '民族字典', 'en-US': 'Ethnic groups' },
  'basic.area': { 'zh-CN': '行政区划', 'zh-TW': '行政區劃', 'en-US': 'Regions' },
  'basic.billRule': { 'zh-CN': '单据规则', 'zh-TW': '單據規則', 'en-US': 'Bill numbers' },
  'basic.dataInterface': { 'zh-CN': '数据接口', 'zh-TW': '資料介面', 'en-US': 'Data interfaces' },
  'basic.printDev': { 'zh-CN': '打印模板', 'zh-TW': '列印範本', 'en-US': 'Print templates' },
  'basic.msgTemplate': { 'zh-CN': '消息模板', 'zh-TW': '訊息範本', 'en-US': 'Msg templates' },
  'basic.sysConfig': { 'zh-CN': '系统配置', 'zh-TW': '系統設定', 'en-US': 'System settings' },
  message: NAVIGATION_LABELS.messageCenter,
  'message.notice': { 'zh-CN': '公告管理', 'zh-TW': '公告管理', 'en-US': 'Notices' },
  extend: NAVIGATION_LABELS.extensionDemos,
  'extend.widgetGallery': { 'zh-CN': '组件示例', 'zh-TW': '元件範例', 'en-US': 'Widget gallery' },
  'message.feedback': { 'zh-CN': '意见反馈', 'zh-TW': '意見回饋', 'en-US': 'Feedback' },
  demoApps: { 'zh-CN': '示例应用', 'zh-TW': '範例應用', 'en-US': 'Demo applications' },
  onlineDev: { 'zh-CN': '在线开发', 'zh-TW': '線上開發', 'en-US': 'Online development' },
  'onlineDev.webDesign': { 'zh-CN': '功能设计', 'zh-TW': '功能設計', 'en-US': 'Function design' },
  // The entries the demo models are released to (seed/demo-models.ts).
  demoCustomer: { 'zh-CN': '客户档案', 'zh-TW': '客戶檔案', 'en-US': 'Customers' },
  demoAsset: { 'zh-CN': '资产台账', 'zh-TW': '資產台帳', 'en-US': 'Assets' },
  demoContract: { 'zh-CN': '合同登记', 'zh-TW': '合約登記', 'en-US': 'Contracts' },
  workFlow: NAVIGATION_LABELS.workflow,
  'workFlow.addFlow': { 'zh-CN': '发起流程', 'zh-TW': '發起流程', 'en-US': 'New request' },
  'workFlow.flowLaunch': { 'zh-CN': '我发起的', 'zh-TW': '我發起的', 'en-US': 'My requests' },
  'workFlow.flowTodo': { 'zh-CN': '待办事宜', 'zh-TW': '待辦事宜', 'en-US': 'To do' },
  'workFlow.flowDone': { 'zh-CN': '已办事宜', 'zh-TW': '已辦事宜', 'en-US': 'Done' },
  'workFlow.flowCirculate': { 'zh-CN': '抄送事宜', 'zh-TW': '副本事宜', 'en-US': 'Copied to me' },
  'workFlow.batchTodo': { 'zh-CN': '批量审批', 'zh-TW': '批次審批', 'en-US': 'Batch approval' },
  'workFlow.entrust': { 'zh-CN': '流程委托', 'zh-TW': '流程委託', 'en-US': 'Delegation' },
  'workFlow.flowMonitor': { 'zh-CN': '流程监控', 'zh-TW': '流程監控', 'en-US': 'Flow monitor' },
  'workFlow.flowEngine': { 'zh-CN': '流程设计', 'zh-TW': '流程設計', 'en-US': 'Flow design' },
  'workFlow.purchaseHandle': { 'zh-CN': '仓库管理', 'zh-TW': '倉庫管理', 'en-US': 'Warehouse' },
};

/** The `full_name_i18n` JSON of a seeded name: the languages other than zh-CN. */
export function translationsJson(names: LocalNames | undefined): string {
  return names ? JSON.stringify({ 'zh-TW': names['zh-TW'], 'en-US': names['en-US'] }) : '{}';
}

/**
 * Gives the seeded systems and menus of an existing database their translations: those that still
 * carry their seeded code and zh-CN name and have none yet (migration 013). Renamed ones keep
 * showing their own name in every language.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then.
export async function fillSeededNames(db: Kysely<any>): Promise<void> {
  for (const [table, names] of [
    ['app_system', SYSTEM_NAMES],
    ['menu', MENU_NAMES],
  ] as const) {
    for (const [code, local] of Object.entries(names)) {
      await db
        .updateTable(table)
        .set({ full_name_i18n: translationsJson(local) })
        .where('en_code', '=', code)
        .where('full_name', '=', local['zh-CN'])
        .where('full_name_i18n', '=', '{}')
        .execute();
    }
  }
}

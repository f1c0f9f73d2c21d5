/**
 * The fictional demo company every new Atrium database starts with. Names and numbers are made
 * up; the notice in the shell asks visitors not to alter or sell them.
 */
import { USER_GRANTED_COLUMNS, USER_GRANTED_FORM_FIELDS } from '@atrium/shared';

export interface SeedOrganize {
  code: string;
  name: string;
  parent: string | null;
  category: 'company' | 'department';
}

export const ORGANIZES: SeedOrganize[] = [
  { code: 'demo', name: '示范科技有限公司', parent: null, category: 'company' },
  { code: 'demo.office', name: '总经理办公室', parent: 'demo', category: 'department' },
  { code: 'demo.finance', name: '财务部', parent: 'demo', category: 'department' },
  { code: 'demo.hr', name: '人力资源部', parent: 'demo', category: 'department' },
  { code: 'demo.rd', name: '研发中心', parent: 'demo', category: 'department' },
  { code: 'demo.rd.web', name: '前端组', parent: 'demo.rd', category: 'department' },
  { code: 'demo.rd.server', name: '后端组', parent: 'demo.rd', category: 'department' },
  { code: 'demo.marketing', name: '市场部', parent: 'demo', category: 'department' },
  { code: 'demo.sales', name: '销售部', parent: 'demo', category: 'department' },
  { code: 'demo.admin', name: '行政部', parent: 'demo', category: 'department' },
];

export interface SeedPosition {
  code: string;
  name: string;
  organize: string;
}

export const POSITIONS: SeedPosition[] = [
  { code: 'ceo', name: '总经理', organize: 'demo.office' },
  { code: 'assistant', name: '总经理助理', organize: 'demo.office' },
  { code: 'finance.head', name: '财务经理', organize: 'demo.finance' },
  { code: 'accountant', name: '会计', organize: 'demo.finance' },
  { code: 'hr.head', name: '人事经理', organize: 'demo.hr' },
  { code: 'hr.specialist', name: '人事专员', organize: 'demo.hr' },
  { code: 'rd.head', name: '研发总监', organize: 'demo.rd' },
  { code: 'engineer.web', name: '前端工程师', organize: 'demo.rd.web' },
  { code: 'engineer.server', name: '后端工程师', organize: 'demo.rd.server' },
  { code: 'marketing.head', name: '市场经理', organize: 'demo.marketing' },
  { code: 'marketing.specialist', name: '市场专员', organize: 'demo.marketing' },
  { code: 'sales.head', name: '销售经理', organize: 'demo.sales' },
  { code: 'sales.rep', name: '销售代表', organize: 'demo.sales' },
  { code: 'admin.clerk', name: '行政专员', organize: 'demo.admin' },
];

/** Job grades: [code, name, level]; professional grades P1-P4, management grades M1-M3. */
export const GRADES: [string, string, number][] = [
  ['P1', '初级专员', 1],
  ['P2', '中级专员', 2],
  ['P3', '高级专员', 3],
  ['P4', '资深专家', 4],
  ['M1', '主管', 5],
  ['M2', '经理', 6],
  ['M3', '总监', 7],
];

/** The grade of each seeded position (users carry the grade of their first position). */
export const POSITION_GRADES: Record<string, string> = {
  ceo: 'M3',
  assistant: 'P3',
  'finance.head': 'M2',
  accountant: 'P2',
  'hr.head': 'M2',
  'hr.specialist': 'P2',
  'rd.head': 'M3',
  'engineer.web': 'P3',
  'engineer.server': 'P3',
  'marketing.head': 'M2',
  'marketing.specialist': 'P2',
  'sales.head': 'M2',
  'sales.rep': 'P1',
  'admin.clerk': 'P1',
};

export interface SeedRole {
  code: string;
  name: string;
}

export const ROLES: SeedRole[] = [
  { code: 'employee', name: '普通员工' },
  { code: 'department.head', name: '部门负责人' },
  { code: 'finance.approver', name: '财务审批' },
  { code: 'hr.manager', name: '人事管理' },
  { code: 'project.lead', name: '项目负责人' },
];

export const GROUPS = [
  { code: 'union', name: '工会委员会' },
  { code: 'safety', name: '安全生产小组' },
];

export interface SeedUser {
  account: string;
  name: string;
  gender: 1 | 2;
  organize: string;
  positions: string[];
  roles: string[];
  /** Account of the user's manager. */
  manager?: string;
  groups?: string[];
  /** The department this user heads. */
  heads?: string;
  /** Code of the system the user works in at first sign-in; the office system when not given. */
  system?: string;
}

/** The named demo accounts (README.md) first, then the rest of the staff. */
export const USERS: SeedUser[] = [
  {
    account: 'manager',
    name: '王建国',
    gender: 1,
    organize: 'demo.rd',
    positions: ['rd.head', 'engineer.server'],
    roles: ['employee', 'department.head', 'project.lead'],
    manager: 'ceo',
    groups: ['union'],
    heads: 'demo.rd',
  },
  {
    account: 'staff',
    name: '李晓梅',
    gender: 2,
    organize: 'demo.rd',
    positions: ['engineer.web'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'finance',
    name: '赵会宁',
    gender: 2,
    organize: 'demo.finance',
    positions: ['finance.head'],
    roles: ['employee', 'finance.approver', 'department.head'],
    manager: 'ceo',
    heads: 'demo.finance',
  },
  {
    account: 'hr',
    name: '孙人杰',
    gender: 1,
    organize: 'demo.hr',
    positions: ['hr.head'],
    roles: ['employee', 'hr.manager', 'department.head'],
    manager: 'ceo',
    heads: 'demo.hr',
  },
  {
    account: 'ceo',
    name: '陈志远',
    gender: 1,
    organize: 'demo.office',
    positions: ['ceo'],
    roles: ['employee', 'department.head'],
    heads: 'demo.office',
  },
  {
    account: 'zhouya',
    name: '周雅',
    gender: 2,
    organize: 'demo.office',
    positions: ['assistant'],
    roles: ['employee'],
    manager: 'ceo',
  },
  {
    account: 'wuqian',
    name: '吴倩',
    gender: 2,
    organize: 'demo.finance',
    positions: ['accountant'],
    roles: ['employee'],
    manager: 'finance',
  },
  {
    account: 'zhengli',
    name: '郑丽',
    gender: 2,
    organize: 'demo.finance',
    positions: ['accountant'],
    roles: ['employee'],
    manager: 'finance',
  },
  {
    account: 'fengtao',
    name: '冯涛',
    gender: 1,
    organize: 'demo.hr',
    positions: ['hr.specialist'],
    roles: ['employee'],
    manager: 'hr',
  },
  {
    account: 'chujing',
    name: '褚静',
    gender: 2,
    organize: 'demo.hr',
    positions: ['hr.specialist'],
    roles: ['employee'],
    manager: 'hr',
  },
  {
    account: 'weiming',
    name: '卫明',
    gender: 1,
    organize: 'demo.rd.web',
    positions: ['engineer.web'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'jiangfan',
    name: '蒋帆',
    gender: 1,
    organize: 'demo.rd.web',
    positions: ['engineer.web'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'shenyue',
    name: '沈悦',
    gender: 2,
    organize: 'demo.rd.web',
    positions: ['engineer.web'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'hanlei',
    name: '韩磊',
    gender: 1,
    organize: 'demo.rd.server',
    positions: ['engineer.server'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'yangbo',
    name: '杨波',
    gender: 1,
    organize: 'demo.rd.server',
    positions: ['engineer.server'],
    roles: ['employee'],
    manager: 'manager',
    // He keeps the menus, a screen of the development system: he starts there.
    system: 'dev',
  },
  {
    account: 'zhuting',
    name: '朱婷',
    gender: 2,
    organize: 'demo.rd.server',
    positions: ['engineer.server'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'qinhao',
    name: '秦浩',
    gender: 1,
    organize: 'demo.rd.server',
    positions: ['engineer.server'],
    roles: ['employee', 'project.lead'],
    manager: 'manager',
    groups: ['safety'],
  },
  {
    account: 'youjia',
    name: '尤佳',
    gender: 2,
    organize: 'demo.rd',
    positions: ['engineer.web'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'xuming',
    name: '许鸣',
    gender: 1,
    organize: 'demo.rd',
    positions: ['engineer.server'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'hexin',
    name: '何欣',
    gender: 2,
    organize: 'demo.marketing',
    positions: ['marketing.head'],
    roles: ['employee', 'department.head'],
    manager: 'ceo',
    heads: 'demo.marketing',
  },
  {
    account: 'lvyang',
    name: '吕洋',
    gender: 1,
    organize: 'demo.marketing',
    positions: ['marketing.specialist'],
    roles: ['employee'],
    manager: 'hexin',
  },
  {
    account: 'shixue',
    name: '施雪',
    gender: 2,
    organize: 'demo.marketing',
    positions: ['marketing.specialist'],
    roles: ['employee'],
    manager: 'hexin',
  },
  {
    account: 'zhangqiang',
    name: '张强',
    gender: 1,
    organize: 'demo.marketing',
    positions: ['marketing.specialist'],
    roles: ['employee'],
    manager: 'hexin',
  },
  {
    account: 'konghui',
    name: '孔慧',
    gender: 2,
    organize: 'demo.sales',
    positions: ['sales.head'],
    roles: ['employee', 'department.head'],
    manager: 'ceo',
    heads: 'demo.sales',
  },
  {
    account: 'caopeng',
    name: '曹鹏',
    gender: 1,
    organize: 'demo.sales',
    positions: ['sales.rep'],
    roles: ['employee'],
    manager: 'konghui',
  },
  {
    account: 'yanli',
    name: '严莉',
    gender: 2,
    organize: 'demo.sales',
    positions: ['sales.rep'],
    roles: ['employee'],
    manager: 'konghui',
  },
  {
    account: 'huajun',
    name: '华军',
    gender: 1,
    organize: 'demo.sales',
    positions: ['sales.rep'],
    roles: ['employee'],
    manager: 'konghui',
  },
  {
    account: 'jinyu',
    name: '金玉',
    gender: 2,
    organize: 'demo.sales',
    positions: ['sales.rep'],
    roles: ['employee'],
    manager: 'konghui',
  },
  {
    account: 'weibin',
    name: '魏斌',
    gender: 1,
    organize: 'demo.sales',
    positions: ['sales.rep'],
    roles: ['employee'],
    manager: 'konghui',
  },
  {
    account: 'taolin',
    name: '陶琳',
    gender: 2,
    organize: 'demo.sales',
    positions: ['sales.rep'],
    roles: ['employee'],
    manager: 'konghui',
  },
  {
    account: 'jiangwei',
    name: '姜伟',
    gender: 1,
    organize: 'demo.sales',
    positions: ['sales.rep'],
    roles: ['employee'],
    manager: 'konghui',
  },
  {
    account: 'qifang',
    name: '戚芳',
    gender: 2,
    organize: 'demo.admin',
    positions: ['admin.clerk'],
    roles: ['employee', 'department.head'],
    manager: 'ceo',
    heads: 'demo.admin',
  },
  {
    account: 'xiedong',
    name: '谢东',
    gender: 1,
    organize: 'demo.admin',
    positions: ['admin.clerk'],
    roles: ['employee'],
    manager: 'qifang',
    groups: ['safety'],
  },
  {
    account: 'zoumin',
    name: '邹敏',
    gender: 2,
    organize: 'demo.admin',
    positions: ['admin.clerk'],
    roles: ['employee'],
    manager: 'qifang',
  },
  {
    account: 'yuhang',
    name: '喻航',
    gender: 1,
    organize: 'demo.rd.web',
    positions: ['engineer.web'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'bairui',
    name: '柏瑞',
    gender: 1,
    organize: 'demo.rd.server',
    positions: ['engineer.server'],
    roles: ['employee'],
    manager: 'manager',
  },
  {
    account: 'shuiling',
    name: '水玲',
    gender: 2,
    organize: 'demo.finance',
    positions: ['accountant'],
    roles: ['employee'],
    manager: 'finance',
  },
  {
    account: 'douwen',
    name: '窦文',
    gender: 1,
    organize: 'demo.marketing',
    positions: ['marketing.specialist'],
    roles: ['employee'],
    manager: 'hexin',
    groups: ['union'],
  },
  {
    account: 'zhangyan',
    name: '章燕',
    gender: 2,
    organize: 'demo.hr',
    positions: ['hr.specialist'],
    roles: ['employee'],
    manager: 'hr',
    groups: ['union'],
  },
];

export const SYSTEMS = [
  { code: 'atrium', name: 'Atrium 协同办公', icon: 'AppstoreOutlined' },
  { code: 'dev', name: 'Atrium 开发平台', icon: 'CodeOutlined' },
];

export interface SeedMenu {
  code: string;
  name: string;
  type: number;
  parent: string | null;
  icon: string;
  url?: string;
  linkTarget?: '_self' | '_blank';
  system: string;
  buttons?: [string, string][];
  /**
   * Columns of the menu's list and fields of its record form that are granted one by one
   * ([enCode, name]); granted by 'menu:column.enCode' and 'menu:form.enCode' in ROLE_GRANTS.
   */
  columns?: [string, string][];
  forms?: [string, string][];
  /** Data schemes: [enCode, name, conditionJson, allData]; granted by 'menu#enCode' in ROLE_GRANTS. */
  schemes?: [string, string, string, 0 | 1][];
}

/** The users list's columns and the user form's fields that grants control one by one. */
const FIELD_NAMES: Record<string, string> = {
  account: '账户',
  realName: '姓名',
  gender: '性别',
  mobilePhone: '手机',
  email: '邮箱',
  organizeName: '所属组织',
  managerId: '直属主管',
  education: '学历',
  nation: '民族',
  description: '说明',
};
const USER_COLUMNS = USER_GRANTED_COLUMNS.map((code): [string, string] => [code, FIELD_NAMES[code]!]);
const USER_FORM_FIELDS = USER_GRANTED_FORM_FIELDS.map((code): [string, string] => [code, FIELD_NAMES[code]!]);
/** Grant codes for the columns and form fields of a menu, leaving out `except`. */
const fieldGrants = (menu: string, kind: 'column' | 'form', fields: [string, string][], except: string[]) =>
  fields.filter(([code]) => !except.includes(code)).map(([code]) => `${menu}:${kind}.${code}`);

/** Each module adds its menus here as it is built; the shell shows exactly these. */
export const MENUS: SeedMenu[] = [
  { code: 'workbench', name: '工作台', type: 1, parent: null, icon: 'HomeOutlined', system: 'atrium' },
  {
    code: 'workbench.home',
    name: '首页',
    type: 2,
    parent: 'workbench',
    icon: 'DashboardOutlined',
    url: 'home',
    system: 'atrium',
  },
  {
    code: 'workbench.screen',
    name: '运营大屏',
    type: 6,
    parent: 'workbench',
    icon: 'FundProjectionScreenOutlined',
    url: 'dashboard',
    linkTarget: '_blank',
    system: 'atrium',
  },
  { code: 'permission', name: '组织权限', type: 1, parent: null, icon: 'TeamOutlined', system: 'atrium' },
  {
    code: 'permission.organize',
    name: '组织管理',
    type: 2,
    parent: 'permission',
    icon: 'ApartmentOutlined',
    url: 'permission/organize',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
  {
    code: 'permission.position',
    name: '岗位管理',
    type: 2,
    parent: 'permission',
    icon: 'IdcardOutlined',
    url: 'permission/position',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
  {
    code: 'permission.role',
    name: '角色管理',
    type: 2,
    parent: 'permission',
    icon: 'SafetyCertificateOutlined',
    url: 'permission/role',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
  {
    code: 'permission.grade',
    name: '职级管理',
    type: 2,
    parent: 'permission',
    icon: 'TrophyOutlined',
    url: 'permission/grade',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
  {
    code: 'permission.group',
    name: '分组管理',
    type: 2,
    parent: 'permission',
    icon: 'UsergroupAddOutlined',
    url: 'permission/group',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
  {
    code: 'permission.user',
    name: '用户管理',
    type: 2,
    parent: 'permission',
    icon: 'UserOutlined',
    url: 'permission/user',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
      ['btn_upload', '导入'],
      ['btn_download', '导出'],
    ],
    columns: USER_COLUMNS,
    forms: USER_FORM_FIELDS,
    schemes: [
      ['all', '全部用户', '[]', 1],
      [
        'dept_and_below',
        '本部门及下级部门',
        '[{"field":"organizeId","op":"in","value":"@organizationAndSuborganization"}]',
        0,
      ],
    ],
  },
  {
    code: 'permission.authorize',
    name: '权限授权',
    type: 2,
    parent: 'permission',
    icon: 'KeyOutlined',
    url: 'permission/authorize',
    system: 'atrium',
    buttons: [['btn_edit', '授权']],
  },
  { code: 'devtools', name: '开发工具', type: 1, parent: null, icon: 'ToolOutlined', system: 'dev' },
  {
    code: 'devtools.api',
    name: '接口文档',
    type: 7,
    parent: 'devtools',
    icon: 'ApiOutlined',
    url: '/api/docs/',
    system: 'dev',
  },
  {
    code: 'devtools.api-window',
    name: '接口文档（新窗口）',
    type: 7,
    parent: 'devtools',
    icon: 'ExportOutlined',
    url: '/api/docs/',
    linkTarget: '_blank',
    system: 'dev',
  },
  { code: 'system', name: '系统管理', type: 1, parent: null, icon: 'SettingOutlined', system: 'dev' },
  {
    code: 'system.menu',
    name: '菜单管理',
    type: 2,
    parent: 'system',
    icon: 'MenuOutlined',
    url: 'system/menu',
    system: 'dev',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
  {
    code: 'system.auditLog',
    name: '审计日志',
    type: 2,
    parent: 'system',
    icon: 'AuditOutlined',
    url: 'system/auditLog',
    system: 'dev',
  },
  { code: 'basic', name: '基础数据', type: 1, parent: null, icon: 'DatabaseOutlined', system: 'atrium' },
  {
    code: 'basic.dictionary',
    name: '数据字典',
    type: 2,
    parent: 'basic',
    icon: 'BookOutlined',
    url: 'system/dictionary',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
      ['btn_download', '导出'],
    ],
  },
  {
    code: 'basic.area',
    name: '行政区划',
    type: 2,
    parent: 'basic',
    icon: 'EnvironmentOutlined',
    url: 'system/area',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
      ['btn_download', '导出'],
    ],
  },
  {
    code: 'basic.billRule',
    name: '单据规则',
    type: 2,
    parent: 'basic',
    icon: 'NumberOutlined',
    url: 'system/billRule',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
      ['btn_download', '导出'],
    ],
  },
  {
    code: 'basic.dataInterface',
    name: '数据接口',
    type: 2,
    parent: 'basic',
    icon: 'ApiOutlined',
    url: 'system/dataInterface',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
      ['btn_download', '导出'],
    ],
  },
  {
    code: 'basic.printDev',
    name: '打印模板',
    type: 2,
    parent: 'basic',
    icon: 'PrinterOutlined',
    url: 'system/printDev',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
      ['btn_download', '导出'],
    ],
  },
  {
    code: 'basic.msgTemplate',
    name: '消息模板',
    type: 2,
    parent: 'basic',
    icon: 'MailOutlined',
    url: 'msgCenter/msgTemplate',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
      ['btn_download', '导出'],
    ],
  },
  {
    code: 'basic.sysConfig',
    name: '系统配置',
    type: 2,
    parent: 'basic',
    icon: 'ControlOutlined',
    url: 'system/sysConfig',
    system: 'atrium',
    buttons: [['btn_edit', '保存']],
  },
  { code: 'message', name: '消息中心', type: 1, parent: null, icon: 'NotificationOutlined', system: 'atrium' },
  {
    code: 'message.notice',
    name: '公告管理',
    type: 2,
    parent: 'message',
    icon: 'SoundOutlined',
    url: 'msgCenter/notice',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
      ['btn_release', '发布'],
    ],
  },
  {
    code: 'message.feedback',
    name: '意见反馈',
    type: 2,
    parent: 'message',
    icon: 'CommentOutlined',
    url: 'msgCenter/feedback',
    system: 'atrium',
    buttons: [
      ['btn_edit', '处理'],
      ['btn_remove', '删除'],
    ],
  },
  { code: 'extend', name: '扩展示例', type: 1, parent: null, icon: 'ExperimentOutlined', system: 'atrium' },
  {
    code: 'extend.widgetGallery',
    name: '组件示例',
    type: 2,
    parent: 'extend',
    icon: 'AppstoreOutlined',
    url: 'example/formGallery',
    system: 'atrium',
  },
  // Visual development: administrators design forms and lists here and release them to menus.
  { code: 'onlineDev', name: '在线开发', type: 1, parent: null, icon: 'BuildOutlined', system: 'atrium' },
  {
    code: 'onlineDev.webDesign',
    name: '功能设计',
    type: 2,
    parent: 'onlineDev',
    icon: 'FormOutlined',
    url: 'onlineDev/webDesign',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
  // The demo models (seed/demo-models.ts) are released under this directory.
  { code: 'demoApps', name: '示例应用', type: 1, parent: null, icon: 'AppstoreOutlined', system: 'atrium' },
  // Workflow (docs/workflow.md, "Menus"): staff launch and handle flows; administrators watch and design them.
  { code: 'workFlow', name: '工作流程', type: 1, parent: null, icon: 'BranchesOutlined', system: 'atrium' },
  {
    code: 'workFlow.addFlow',
    name: '发起流程',
    type: 2,
    parent: 'workFlow',
    icon: 'FormOutlined',
    url: 'workFlow/addFlow',
    system: 'atrium',
  },
  {
    code: 'workFlow.flowLaunch',
    name: '我发起的',
    type: 2,
    parent: 'workFlow',
    icon: 'ExportOutlined',
    url: 'workFlow/flowLaunch',
    system: 'atrium',
  },
  {
    code: 'workFlow.flowTodo',
    name: '待办事宜',
    type: 2,
    parent: 'workFlow',
    icon: 'ScheduleOutlined',
    url: 'workFlow/flowTodo',
    system: 'atrium',
  },
  {
    code: 'workFlow.flowDone',
    name: '已办事宜',
    type: 2,
    parent: 'workFlow',
    icon: 'AuditOutlined',
    url: 'workFlow/flowDone',
    system: 'atrium',
  },
  {
    code: 'workFlow.flowCirculate',
    name: '抄送事宜',
    type: 2,
    parent: 'workFlow',
    icon: 'MailOutlined',
    url: 'workFlow/flowCirculate',
    system: 'atrium',
  },
  {
    code: 'workFlow.batchTodo',
    name: '批量审批',
    type: 2,
    parent: 'workFlow',
    icon: 'UnorderedListOutlined',
    url: 'workFlow/batchTodo',
    system: 'atrium',
  },
  {
    code: 'workFlow.entrust',
    name: '流程委托',
    type: 2,
    parent: 'workFlow',
    icon: 'UsergroupAddOutlined',
    url: 'workFlow/entrust',
    system: 'atrium',
  },
  {
    code: 'workFlow.flowMonitor',
    name: '流程监控',
    type: 2,
    parent: 'workFlow',
    icon: 'DesktopOutlined',
    url: 'workFlow/flowMonitor',
    system: 'atrium',
  },
  {
    code: 'workFlow.flowEngine',
    name: '流程设计',
    type: 2,
    parent: 'workFlow',
    icon: 'DeploymentUnitOutlined',
    url: 'workFlow/flowEngine',
    system: 'atrium',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
];

/** Grants by role: [role code, menu codes]. A code 'menu:btn_x' grants that button of the menu,
 * 'menu#scheme' that data scheme. */
export const ROLE_GRANTS: [string, string[]][] = [
  [
    'employee',
    [
      'workbench',
      'workbench.home',
      'workbench.screen',
      // Every employee launches and handles flows; the monitor and the designer are the administrators'.
      'workFlow',
      'workFlow.addFlow',
      'workFlow.flowLaunch',
      'workFlow.flowTodo',
      'workFlow.flowDone',
      'workFlow.flowCirculate',
      'workFlow.batchTodo',
      'workFlow.entrust',
    ],
  ],
  // HR keeps the staff records: users without delete or import, the organisation read-only.
  [
    'hr.manager',
    [
      'permission',
      'permission.organize',
      'permission.user',
      'permission.user:btn_add',
      'permission.user:btn_edit',
      'permission.user:btn_download',
      // HR sees the users of its own department and below (a data scheme, applied in SQL).
      'permission.user#dept_and_below',
      // HR neither sees nor edits people's phone numbers and e-mail addresses (column and form grants).
      ...fieldGrants('permission.user', 'column', USER_COLUMNS, ['mobilePhone', 'email']),
      ...fieldGrants('permission.user', 'form', USER_FORM_FIELDS, ['mobilePhone', 'email']),
    ],
  ],
];

/** Grants to single users, on top of their roles: [account, menu codes]. */
export const USER_GRANTS: [string, string[]][] = [
  // qinhao also works in the development platform, so he switches between two systems.
  ['qinhao', ['devtools', 'devtools.api', 'devtools.api-window']],
  // yangbo keeps the menus of both systems in order, without being an administrator.
  ['yangbo', ['system', 'system.menu', 'system.menu:btn_add', 'system.menu:btn_edit', 'system.menu:btn_remove']],
  // zhuting keeps the dictionaries.
  [
    'zhuting',
    [
      'basic',
      'basic.dictionary',
      'basic.dictionary:btn_add',
      'basic.dictionary:btn_edit',
      'basic.dictionary:btn_remove',
      'basic.dictionary:btn_download',
    ],
  ],
  // xuming keeps the administrative areas.
  [
    'xuming',
    [
      'basic',
      'basic.area',
      'basic.area:btn_add',
      'basic.area:btn_edit',
      'basic.area:btn_remove',
      'basic.area:btn_download',
    ],
  ],
  // hexin keeps bill numbering and the system settings.
  [
    'hexin',
    [
      'basic',
      'basic.billRule',
      'basic.billRule:btn_add',
      'basic.billRule:btn_edit',
      'basic.billRule:btn_remove',
      'basic.billRule:btn_download',
      'basic.sysConfig',
      'basic.sysConfig:btn_edit',
    ],
  ],
  // lvyang builds data interfaces.
  [
    'lvyang',
    [
      'basic',
      'basic.dataInterface',
      'basic.dataInterface:btn_add',
      'basic.dataInterface:btn_edit',
      'basic.dataInterface:btn_remove',
      'basic.dataInterface:btn_download',
    ],
  ],
  // shixue designs print and message templates.
  [
    'shixue',
    [
      'basic',
      'basic.printDev',
      'basic.printDev:btn_add',
      'basic.printDev:btn_edit',
      'basic.printDev:btn_remove',
      'basic.printDev:btn_download',
      'basic.msgTemplate',
      'basic.msgTemplate:btn_add',
      'basic.msgTemplate:btn_edit',
      'basic.msgTemplate:btn_remove',
      'basic.msgTemplate:btn_download',
    ],
  ],
  // zhangqiang publishes company notices.
  [
    'zhangqiang',
    [
      'message',
      'message.notice',
      'message.notice:btn_add',
      'message.notice:btn_edit',
      'message.notice:btn_remove',
      'message.notice:btn_release',
    ],
  ],
];

export const ADMIN = { account: 'admin', name: '系统管理员', password: 'admin123' };
export const DEMO_PASSWORD = 'demo1234';

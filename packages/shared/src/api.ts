/** Wire shapes of the API (docs/api-conventions.md) that the server and the web app both rely on. */

/** Response codes of the envelope. 600-602 travel as HTTP 401. */
export const ResultCode = {
  ok: 200,
  failed: 400,
  validation: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  error: 500,
  sessionExpired: 600,
  loggedInElsewhere: 601,
  tokenInvalid: 602,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes after which the client drops its token and returns to the sign-in page. */
export const SESSION_END_CODES: readonly number[] = [
  ResultCode.sessionExpired,
  ResultCode.loggedInElsewhere,
  ResultCode.tokenInvalid,
];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  total: number;
}

export interface PageResult<T> {
  list: T[];
  pagination: Pagination;
}

export interface PageQuery {
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
  sort?: 'asc' | 'desc';
  sidx?: string;
}

export type LayoutType = 'classic' | 'functional' | 'blend' | 'plain';

export interface LoginResult {
  token: string;
  theme: LayoutType;
}

export interface LoginConfig {
  enableVerificationCode: boolean;
  verificationCodeNumber: number;
}

/** Menu types: 0 system, 1 directory, 2 page, 3 online form, 4 dictionary, 5 data report,
 * 6 large-screen view, 7 external link, 8 portal. */
export const MenuType = {
  system: 0,
  directory: 1,
  page: 2,
  onlineForm: 3,
  dictionary: 4,
  report: 5,
  screen: 6,
  link: 7,
  portal: 8,
} as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];

export interface MenuItem {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  vueName?: string;
  icon: string;
  urlAddress: string;
  path?: string;
  linkTarget: '_self' | '_blank';
  type: MenuType;
  /** JSON text: { moduleId?, isTree?, iconBackgroundColor? } */
  propertyJson: string;
  sortCode: number;
  hasChildren: boolean;
  children: MenuItem[];
  hidden?: boolean;
  num?: number;
}

export interface PermissionItem {
  id: string;
  fullName: string;
  enCode: string;
}

export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  button: PermissionItem[];
  column: PermissionItem[];
  form: PermissionItem[];
  resource: PermissionItem[];
}

export interface SystemRef {
  id: string;
  name: string;
  icon: string;
  currentSystem: boolean;
}

export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon: string;
  gender: number | null;
  organizeId: string;
  organizeName: string;
  departmentId: string;
  departmentName: string;
  positionId: string;
  positionName: string;
  positionIds: { id: string; name: string }[];
  roleIds: string[];
  roleName: string;
  groupIds: string[];
  managerId: string | null;
  mobilePhone: string;
  email: string;
  isAdministrator: boolean;
  portalId: string;
  systemId: string;
  systemIds: SystemRef[];
  signImg: string;
  prevLogin: 0 | 1;
  prevLoginTime: number | null;
  prevLoginIPAddress: string;
  prevLoginIPAddressName: string;
  loginTime: number | null;
  loginIPAddress: string;
  theme: LayoutType;
  language: string;
  /** The session's screen is locked (mirrored on the server so every tab and a reload see it). */
  locked: boolean;
  /** Shell settings the user saved (see docs/shell-api.md, SystemTheme). */
  preferences: UserPreferences;
}

export const THEME_COLORS = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

export interface UserPreferences {
  slideClass?: 'dark' | 'lightWhite';
  themeColor?: ThemeColor;
  darkMode?: boolean;
  tagsView?: boolean;
  tagsIcon?: boolean;
  useCache?: boolean;
  showLanguage?: boolean;
  showSearch?: boolean;
}

export interface SysConfigInfo {
  title: string;
  sysName: string;
  sysVersion: string;
  logoIcon: string;
  loginIcon: string;
  navigationIcon: string;
  copyright: string;
  companyName: string;
}

export interface CurrentUserResult {
  menuList: MenuItem[];
  routerList: MenuItem[];
  permissionList: PermissionEntry[];
  userInfo: UserInfo;
  sysConfigInfo: SysConfigInfo;
}

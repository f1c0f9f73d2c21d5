import type { CurrentUserResult, MenuItem, UserInfo } from '@atrium/shared';

export function menuItem(overrides: Partial<MenuItem>): MenuItem {
  return {
    id: 'menu',
    parentId: '-1',
    fullName: 'Menu',
    enCode: 'menu',
    icon: 'icon-ym icon-ym-generator-menu',
    urlAddress: '',
    linkTarget: '_self',
    type: 2,
    propertyJson: '{}',
    sortCode: 0,
    hasChildren: false,
    children: [],
    ...overrides,
  };
}

/** The seeded menu: directory 'Workbench' with the home page. */
export function seededMenu(): MenuItem[] {
  return [
    menuItem({
      id: 'workbench',
      fullName: 'Workbench',
      enCode: 'workbench',
      type: 1,
      icon: 'icon-ym icon-ym-workbench',
      hasChildren: true,
      children: [
        menuItem({
          id: 'home',
          parentId: 'workbench',
          fullName: 'Home',
          enCode: 'home',
          urlAddress: 'home',
          icon: 'icon-ym icon-ym-home',
        }),
      ],
    }),
  ];
}

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 'u1',
    userAccount: 'admin',
    userName: 'Administrator',
    headIcon: '',
    gender: 1,
    organizeId: 'o1',
    organizeName: 'Demo Company',
    departmentId: 'd1',
    departmentName: 'IT Department',
    positionId: 'p1',
    positionName: 'Admin',
    positionIds: [],
    roleIds: [],
    roleName: '',
    groupIds: [],
    managerId: null,
    mobilePhone: '',
    email: '',
    isAdministrator: true,
    portalId: '',
    systemId: 's1',
    systemIds: [{ id: 's1', name: 'Atrium', icon: '', currentSystem: true }],
    signImg: '',
    prevLogin: 1,
    prevLoginTime: Date.UTC(2024, 0, 2, 3, 4),
    prevLoginIPAddress: '10.0.0.8',
    prevLoginIPAddressName: 'LAN',
    loginTime: Date.now(),
    loginIPAddress: '10.0.0.9',
    theme: 'blend',
    language: 'zh-CN',
    locked: false,
    preferences: {},
    ...overrides,
  };
}

export function currentUser(overrides: Partial<CurrentUserResult> = {}): CurrentUserResult {
  return {
    menuList: seededMenu(),
    routerList: [],
    permissionList: [],
    userInfo: userInfo(),
    sysConfigInfo: {
      title: 'Atrium',
      sysName: 'Atrium Demo',
      sysVersion: '1.0.0',
      logoIcon: '',
      loginIcon: '',
      navigationIcon: '',
      copyright: '',
      companyName: 'Demo Company',
    },
    ...overrides,
  };
}

import type {
  CurrentUserResult,
  MenuItem,
  PermissionEntry,
  PermissionItem,
  SysConfigInfo,
  UserInfo,
} from '@atrium/shared';
import { MenuType, THEME_COLORS } from '@atrium/shared';
import { z } from 'zod';
import { epochMs, idText, wireSchema } from '../../core/response-schema.ts';

// CurrentUser's answer is built as bytes once per change (service.ts) and sent as they are, so
// Fastify does not serialise it through this schema; the schema documents it under /api/docs and
// the tests check real answers against it.

const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  wireSchema<MenuItem>()(
    z.object({
      id: idText,
      parentId: idText,
      fullName: z.string(),
      enCode: z.string(),
      vueName: z.string().optional(),
      icon: z.string(),
      urlAddress: z.string(),
      path: z.string().optional(),
      linkTarget: z.enum(['_self', '_blank']),
      type: z.union(Object.values(MenuType).map((v) => z.literal(v))),
      propertyJson: z.string().describe('JSON text: moduleId, isTree, iconBackgroundColor'),
      sortCode: z.number(),
      hasChildren: z.boolean(),
      children: z.array(menuItem),
      hidden: z.boolean().optional(),
      num: z.number().optional(),
    }),
  ),
);

const permissionItem = wireSchema<PermissionItem>()(z.object({ id: idText, fullName: z.string(), enCode: z.string() }));

const permissionEntry = wireSchema<PermissionEntry>()(
  z.object({
    modelId: idText.describe('the menu id'),
    moduleName: z.string(),
    button: z.array(permissionItem),
    column: z.array(permissionItem),
    form: z.array(permissionItem),
    resource: z.array(permissionItem),
  }),
);

const userInfo = wireSchema<UserInfo>()(
  z.object({
    userId: idText,
    userAccount: z.string(),
    userName: z.string(),
    headIcon: z.string(),
    gender: z.number().nullable(),
    organizeId: z.string(),
    organizeName: z.string(),
    departmentId: z.string(),
    departmentName: z.string(),
    positionId: z.string(),
    positionName: z.string(),
    positionIds: z.array(z.object({ id: idText, name: z.string() })),
    roleIds: z.array(idText),
    roleName: z.string(),
    groupIds: z.array(idText),
    managerId: idText.nullable(),
    mobilePhone: z.string(),
    email: z.string(),
    isAdministrator: z.boolean(),
    portalId: z.string(),
    systemId: z.string(),
    systemIds: z.array(z.object({ id: idText, name: z.string(), icon: z.string(), currentSystem: z.boolean() })),
    signImg: z.string(),
    prevLogin: z.union([z.literal(0), z.literal(1)]),
    prevLoginTime: epochMs.nullable(),
    prevLoginIPAddress: z.string(),
    prevLoginIPAddressName: z.string(),
    loginTime: epochMs.nullable(),
    loginIPAddress: z.string(),
    theme: z.enum(['classic', 'functional', 'blend', 'plain']),
    language: z.string(),
    locked: z.boolean(),
    preferences: z.object({
      slideClass: z.enum(['dark', 'lightWhite']).optional(),
      themeColor: z.enum(THEME_COLORS).optional(),
      darkMode: z.boolean().optional(),
      tagsView: z.boolean().optional(),
      tagsIcon: z.boolean().optional(),
      useCache: z.boolean().optional(),
      showLanguage: z.boolean().optional(),
      showSearch: z.boolean().optional(),
    }),
  }),
);

const sysConfigInfo = wireSchema<SysConfigInfo>()(
  z.object({
    title: z.string(),
    sysName: z.string(),
    sysVersion: z.string(),
    logoIcon: z.string(),
    loginIcon: z.string(),
    navigationIcon: z.string(),
    copyright: z.string(),
    companyName: z.string(),
  }),
);

export const currentUserResult = wireSchema<CurrentUserResult>()(
  z.object({
    menuList: z.array(menuItem).describe('the menu tree of the current system'),
    routerList: z.array(menuItem).describe('every system the user may open (type 0), its menus as children'),
    permissionList: z.array(permissionEntry),
    userInfo,
    sysConfigInfo,
  }),
);

import type { App, Services } from '../../core/types.ts';
import { roleRoutes } from './role-routes.ts';
import { userCrudRoutes } from './user-routes.ts';
import { userExcelRoutes } from './user-excel-routes.ts';
import { userSelectorRoutes } from './user-selector-routes.ts';
import { registerMessages } from '../../core/messages.ts';
import { usersMessages } from './messages.ts';

/** Users and roles, split by concern. */
export async function permissionRoutes(app: App, services: Services) {
  registerMessages(usersMessages);
  await userCrudRoutes(app, services);
  await userSelectorRoutes(app, services);
  await userExcelRoutes(app, services);
  await roleRoutes(app, services);
}

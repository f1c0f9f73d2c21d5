import type { App, Services } from '../../core/types.ts';
import { roleRoutes } from './role-routes.ts';
import { userCrudRoutes } from './user-routes.ts';
import { userExcelRoutes } from './user-excel-routes.ts';
import { userSelectorRoutes } from './user-selector-routes.ts';

/** Users and roles (spec 2 section 7), split by concern. */
export async function permissionRoutes(app: App, services: Services) {
  await userCrudRoutes(app, services);
  await userSelectorRoutes(app, services);
  await userExcelRoutes(app, services);
  await roleRoutes(app, services);
}

import type { App, Services } from '../../core/types.ts';
import { purchaseRoutes } from './purchase/routes.ts';
import { runtimeRoutes } from './runtime/routes.ts';
import { queryRoutes } from './queries/routes.ts';
import { templateRoutes } from './template/routes.ts';

/** Workflow (docs/workflow.md): the route files of each part, under `/api/workflow`. */
export async function workflowRoutes(app: App, services: Services) {
  await templateRoutes(app, services);
  await queryRoutes(app, services);
  await runtimeRoutes(app, services);
  await purchaseRoutes(app, services);
}

import { buildPlan, type Area, type PlanInput } from './plan.ts';
import { serverMessages } from './server-messages.ts';
import { serverRoutes } from './server-routes.ts';
import { serverSchema } from './server-schema.ts';
import { serverService } from './server-service.ts';
import { webApi } from './web-api.ts';
import { webForm } from './web-form.ts';
import { webPage } from './web-page.ts';

export { AREAS, CLASS_NAME, classNameOf, type Area } from './plan.ts';

/** One generated file: its path from the repository root and its text. */
export interface GeneratedFile {
  fileName: string;
  fileContent: string;
}

/**
 * The code of a model in the project's own layout: a server module under
 * apps/server/src/modules/<area>/<name>/ and a list page under apps/web/src/views/<area>/<name>/,
 * in the order a reader takes them (server first, schema before the code that uses it).
 */
export function generateFiles(model: PlanInput, options: { area: Area; className?: string }): GeneratedFile[] {
  const plan = buildPlan(model, options);
  const server = `apps/server/src/modules/${plan.area}/${plan.kebab}`;
  const web = `apps/web/src/views/${plan.area}/${plan.kebab}`;
  return [
    { fileName: `${server}/schema.ts`, fileContent: serverSchema(plan) },
    { fileName: `${server}/messages.ts`, fileContent: serverMessages(plan) },
    { fileName: `${server}/service.ts`, fileContent: serverService(plan) },
    { fileName: `${server}/routes.ts`, fileContent: serverRoutes(plan) },
    { fileName: `${web}/api.ts`, fileContent: webApi(plan) },
    { fileName: `${web}/form.ts`, fileContent: webForm(plan) },
    { fileName: `${web}/index.tsx`, fileContent: webPage(plan) },
  ];
}

import type { FastifyRequest } from 'fastify';
import { toFormLang } from '@atrium/shared/forms';
import { signedIn } from '../../../core/access.ts';
import type { AuditAction, AuditRecord } from '../../../core/audit.ts';
import { ok } from '../../../core/http.ts';
import { registerMessages } from '../../../core/messages.ts';
import { replies } from '../../../core/response-schema.ts';
import type { App, Services } from '../../../core/types.ts';
import { flowTemplateMessages } from './messages.ts';
import { publishTemplate } from './publish.ts';
import {
  createdAnswer,
  exportAnswer,
  idParams,
  importBody,
  launchableAnswer,
  launchableQuery,
  publishedAnswer,
  stateBody,
  templateBody,
  templateInfoAnswer,
  templateListAnswer,
  templateListQuery,
  templateUpdateBody,
  versionsAnswer,
} from './schema.ts';
import {
  copyTemplate,
  createTemplate,
  exportTemplate,
  importTemplate,
  launchableTemplates,
  listTemplates,
  removeTemplate,
  setTemplateState,
  templateInfo,
  templateVersions,
  updateTemplate,
} from './service.ts';
import { ENGINE_MENU } from './store.ts';
import { launcherOf } from './visibility.ts';

const tags = ['workflow'];
const BASE = '/api/workflow/Engine/flowTemplate';
const audit = (action: AuditAction): AuditRecord => ({ resource: 'flowTemplate', table: 'flow_template', action });

/** Flow templates (docs/workflow.md, "Templates"): designed under the flowEngine menu, launched by staff. */
export async function templateRoutes(app: App, services: Services) {
  const { db, dialect, now } = services;
  registerMessages(flowTemplateMessages);
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });
  const lang = (request: FastifyRequest) => toFormLang(request.language);
  const isDesigner = (request: FastifyRequest) => {
    const { authority } = signedIn(request);
    return authority.user.is_administrator === 1 || authority.codes.has(ENGINE_MENU);
  };

  app.get(
    BASE,
    {
      schema: {
        querystring: templateListQuery,
        tags,
        summary: 'Templates for administrators, one page',
        response: replies(templateListAnswer),
      },
      config: { access: { permission: ENGINE_MENU } },
    },
    async (request) => ok(await listTemplates(db, dialect, request.query)),
  );

  app.get(
    `${BASE}/PageListAll`,
    {
      schema: {
        querystring: launchableQuery,
        tags,
        summary: 'The templates the caller may launch (enabled, published, naming him among the initiators)',
        response: replies(launchableAnswer),
      },
      config: { access: 'user' },
    },
    async (request) =>
      ok(await launchableTemplates(db, dialect, request.query, await launcherOf(db, signedIn(request).authority))),
  );

  app.post(
    `${BASE}/Actions/Import`,
    {
      schema: {
        body: importBody,
        tags,
        summary: 'Create a template from exported JSON',
        response: replies(createdAnswer),
      },
      config: { access: { permission: `${ENGINE_MENU}:btn_add` }, audit: audit('create') },
    },
    async (request) => {
      const id = await importTemplate(db, request.body.data, actor(request), lang(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'One template with its published tree and form (the draft for designers)',
        response: replies(templateInfoAnswer),
      },
      config: { access: 'user' },
    },
    async (request) =>
      ok(
        await templateInfo(db, request.params.id, {
          designer: isDesigner(request),
          launcher: await launcherOf(db, signedIn(request).authority),
        }),
      ),
  );

  app.post(
    BASE,
    {
      schema: {
        body: templateBody,
        tags,
        summary: 'Create a template with its draft',
        response: replies(createdAnswer),
      },
      config: { access: { permission: `${ENGINE_MENU}:btn_add` }, audit: audit('create') },
    },
    async (request) => {
      const id = await createTemplate(db, request.body, actor(request), lang(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        body: templateUpdateBody,
        tags,
        summary: 'Save the fields and the draft tree (version required)',
        response: replies(),
      },
      config: { access: { permission: `${ENGINE_MENU}:btn_edit` }, audit: audit('update') },
    },
    async (request) => {
      await updateTemplate(db, request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.post(
    `${BASE}/:id/Actions/Publish`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Check the draft and publish it as the next version',
        response: replies(publishedAnswer),
      },
      config: { access: { permission: `${ENGINE_MENU}:btn_edit` }, audit: audit('other') },
    },
    async (request) => {
      const published = await publishTemplate(db, request.params.id, actor(request), lang(request));
      return ok(published, request.t('flowTemplatePublished', { versionNo: published.versionNo }));
    },
  );

  app.put(
    `${BASE}/:id/Actions/State`,
    {
      schema: { params: idParams, body: stateBody, tags, summary: 'Enable or stop launching', response: replies() },
      config: { access: { permission: `${ENGINE_MENU}:btn_edit` }, audit: audit('update') },
    },
    async (request) => {
      await setTemplateState(db, request.params.id, request.body.enabledMark, actor(request));
      return ok(undefined, request.t(request.body.enabledMark ? 'flowTemplateEnabled' : 'flowTemplateStopped'));
    },
  );

  app.post(
    `${BASE}/:id/Actions/Copy`,
    {
      schema: { params: idParams, tags, summary: 'Copy a template with its draft', response: replies(createdAnswer) },
      config: { access: { permission: `${ENGINE_MENU}:btn_add` }, audit: audit('create') },
    },
    async (request) => {
      const id = await copyTemplate(
        db,
        request.params.id,
        request.t('flowTemplateCopySuffix'),
        actor(request),
        lang(request),
      );
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${BASE}/:id/Actions/Export`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'The template and its draft as JSON',
        response: replies(exportAnswer),
      },
      config: { access: { permission: ENGINE_MENU } },
    },
    async (request) => ok(await exportTemplate(db, request.params.id)),
  );

  app.get(
    `${BASE}/:id/Versions`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Published and archived versions with their instance counts',
        response: replies(versionsAnswer),
      },
      config: { access: { permission: ENGINE_MENU } },
    },
    async (request) => ok(await templateVersions(db, request.params.id)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a template no instance uses', response: replies() },
      config: { access: { permission: `${ENGINE_MENU}:btn_remove` }, audit: audit('delete') },
    },
    async (request) => {
      await removeTemplate(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );
}

import { signedIn } from '../../../core/access.ts';
import { ok } from '../../../core/http.ts';
import { registerMessages } from '../../../core/messages.ts';
import { idParams } from '../../../core/record-schema.ts';
import { replies } from '../../../core/response-schema.ts';
import type { App, Services } from '../../../core/types.ts';
import { NOTICE_MENU } from '../notice-service.ts';
import { oaTemplateMessages } from './messages.ts';
import { oaTemplateBody, oaTemplateCreateAnswer, oaTemplateListAnswer, oaTemplateListBody } from './schema.ts';
import { createOaTemplate, listOaTemplates, removeOaTemplate } from './service.ts';

const tags = ['message'];
const BASE = '/api/example/OaTemplate';
/** Whoever may write a notice (add it or edit a draft) may save its text as a template. */
const WRITERS = [`${NOTICE_MENU}:btn_add`, `${NOTICE_MENU}:btn_edit`] as const;
const audit = (action: 'create' | 'delete') => ({ resource: 'oaTemplate', table: 'oa_template' as const, action });

/**
 * Notice templates (docs/messages.md): texts that the notice editor fills a notice with. They are
 * shared by everyone who manages notices, so they follow the notice menu and its buttons.
 */
export async function oaTemplateRoutes(app: App, { db, dialect, now }: Services) {
  registerMessages(oaTemplateMessages);

  app.post(
    `${BASE}/getList`,
    {
      schema: {
        body: oaTemplateListBody,
        tags,
        summary: 'Notice templates, paged, newest first, by a keyword in the name or the text',
        response: replies(oaTemplateListAnswer),
      },
      config: { access: { permission: NOTICE_MENU } },
    },
    async (request) => ok(await listOaTemplates(db, dialect, request.body)),
  );

  app.post(
    BASE,
    {
      schema: {
        body: oaTemplateBody,
        tags,
        summary: 'Save a notice text as a template under a new name',
        response: replies(oaTemplateCreateAnswer),
      },
      config: { access: { permission: WRITERS }, audit: audit('create') },
    },
    async (request) => {
      const actor = { userId: signedIn(request).session.userId, now: now() };
      const id = await createOaTemplate(db, request.t.bind(request), request.body, actor);
      return ok({ id }, request.t('saveSuccess'));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a notice template', response: replies() },
      config: { access: { permission: `${NOTICE_MENU}:btn_remove` }, audit: audit('delete') },
    },
    async (request) => {
      await removeOaTemplate(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );
}

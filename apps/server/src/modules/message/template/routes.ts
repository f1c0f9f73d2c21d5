import type { FastifyRequest } from 'fastify';
import { ok } from '../../../core/http.ts';
import { signedIn } from '../../../core/access.ts';
import type { App, Services } from '../../../core/types.ts';
import { typeParams } from './data-types.ts';
import {
  idParams,
  templateBody,
  templateListQuery,
  templateUpdateBody,
  typeParams as typeParamsSchema,
  messageTemplateConfigAnswer,
  messageTemplateConfigPostAnswer,
  messageDataTypeGetTypeListAnswer,
} from './schema.ts';
import {
  copyTemplate,
  createTemplate,
  listTemplates,
  removeTemplate,
  templateInfo,
  updateTemplate,
} from './template-service.ts';
import { registerMessages } from '../../../core/messages.ts';
import { messageTemplateMessages } from './messages.ts';
import { replies } from '../../../core/response-schema.ts';
import { messageTemplateInfoSchema } from '../../../core/response-schema-wire.ts';

const tags = ['message'];
const BASE = '/api/message/MessageTemplateConfig';
const MENU = 'basic.msgTemplate';

/**
 * Message templates: administration under the msgTemplate menu; the parameter
 * list of a message type is read by any signed-in user (flow designers pick template fields too).
 */
export async function messageTemplateRoutes(app: App, { db, dialect, now }: Services) {
  registerMessages(messageTemplateMessages);
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });
  const translate = (request: FastifyRequest) => request.t.bind(request);

  app.get(
    BASE,
    {
      schema: {
        querystring: templateListQuery,
        tags,
        summary: 'Message templates, paged, by keyword, category and type',
        response: replies(messageTemplateConfigAnswer),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await listTemplates(db, dialect, request.query)),
  );

  app.post(
    BASE,
    {
      schema: {
        body: templateBody,
        tags,
        summary: 'Create a message template',
        response: replies(messageTemplateConfigPostAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'messageTemplate', table: 'message_template', action: 'create' },
      },
    },
    async (request) => {
      const id = await createTemplate(db, translate(request), request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'One message template', response: replies(messageTemplateInfoSchema) },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await templateInfo(db, request.params.id)),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        body: templateUpdateBody,
        tags,
        summary: 'Save a message template (with version)',
        response: replies(),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'messageTemplate', table: 'message_template', action: 'update' },
      },
    },
    async (request) => {
      await updateTemplate(db, translate(request), request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a message template', response: replies() },
      config: {
        access: { permission: `${MENU}:btn_remove` },
        audit: { resource: 'messageTemplate', table: 'message_template', action: 'delete' },
      },
    },
    async (request) => {
      await removeTemplate(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.post(
    `${BASE}/copy/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Copy a message template under a new unique code',
        response: replies(messageTemplateConfigPostAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'messageTemplate', table: 'message_template', action: 'create' },
      },
    },
    async (request) => {
      const id = await copyTemplate(db, translate(request), request.params.id, actor(request));
      return ok({ id }, request.t('copySuccess'));
    },
  );

  app.get(
    '/api/message/MessageDataType/getTypeList/:id',
    {
      schema: {
        params: typeParamsSchema,
        tags,
        summary: 'The parameters a message type offers its templates',
        response: replies(messageDataTypeGetTypeListAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok({ list: typeParams(request.params.id, request.language) }),
  );
}

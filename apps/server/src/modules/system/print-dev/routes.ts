import type { FastifyRequest } from 'fastify';
import { ok } from '../../../core/http.ts';
import { signedIn } from '../../../core/access.ts';
import type { App, Services } from '../../../core/types.ts';
import {
  copyPrintTemplate,
  createPrintTemplate,
  exportPrintTemplate,
  listPrintTemplates,
  printSelector,
  printTemplateInfo,
  removePrintTemplate,
  updatePrintTemplate,
} from './print-service.ts';
import { printData, templateFields } from './print-data.ts';
import {
  dataQuery,
  fieldsBody,
  idParams,
  printBody,
  printListQuery,
  printUpdateBody,
  selectorQuery,
  printDevAnswer,
  printDevSelectorAnswer,
  printDevDataAnswer,
  printDevFieldsPostAnswer,
  printDevAnswer2,
  printDevPostAnswer,
} from './schema.ts';
import { registerMessages } from '../../../core/messages.ts';
import { printDevMessages } from './messages.ts';
import { fileReply, replies } from '../../../core/response-schema.ts';

const tags = ['system'];
const BASE = '/api/system/printDev';
const MENU = 'basic.printDev';

/**
 * Print templates (their SQL: docs/admin-sql.md). Management needs the
 * menu (buttons for writes); the selector and the print data serve every staff member who may print
 * a record, so they only need a signed-in user: /Data answers only what the template's own SQL
 * reads for the given record id.
 */
export async function printDevRoutes(
  app: App,
  { db, dialect, now, adminSql, records, authority: authorities }: Services,
) {
  registerMessages(printDevMessages);
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });

  app.get(
    BASE,
    {
      schema: {
        querystring: printListQuery,
        tags,
        summary: 'Print templates, one page by keyword, category, type',
        response: replies(printDevAnswer),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await listPrintTemplates(db, dialect, request.query)),
  );

  app.get(
    `${BASE}/Selector`,
    {
      schema: {
        querystring: selectorQuery,
        tags,
        summary: 'Enabled templates by category (type: 1 flow, 2 function form)',
        response: replies(printDevSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await printSelector(db, request.query.type)),
  );

  app.get(
    `${BASE}/Data`,
    {
      schema: {
        querystring: dataQuery,
        tags,
        summary: "A record's print data: printData, printTemplate, operatorRecordList",
        response: replies(printDevDataAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { authority } = signedIn(request);
      const caller = { authority, designer: authorities.allows(authority, MENU) };
      return ok(await printData({ db, reader: adminSql, records }, caller, request.query.id, request.query.formId));
    },
  );

  app.post(
    `${BASE}/Fields`,
    {
      schema: {
        body: fieldsBody,
        tags,
        summary: 'Field tree of a SQL template (headTable, then T1, T2...)',
        response: replies(printDevFieldsPostAnswer),
      },
      config: {
        access: { permission: MENU },
        audit: { exempt: 'reads the fields a SQL template answers; nothing is stored' },
      },
    },
    async (request) => ok(await templateFields(adminSql, request.body.sqlTemplate)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'One print template with its SQL, HTML and page settings',
        response: replies(printDevAnswer2),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await printTemplateInfo(db, request.params.id)),
  );

  app.post(
    BASE,
    {
      schema: { body: printBody, tags, summary: 'Create a print template', response: replies(printDevPostAnswer) },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'printTemplate', table: 'print_template', action: 'create' },
      },
    },
    async (request) => {
      const id = await createPrintTemplate(db, request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        body: printUpdateBody,
        tags,
        summary: 'Save a print template (version required)',
        response: replies(),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'printTemplate', table: 'print_template', action: 'update' },
      },
    },
    async (request) => {
      await updatePrintTemplate(db, request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a print template', response: replies() },
      config: {
        access: { permission: `${MENU}:btn_remove` },
        audit: { resource: 'printTemplate', table: 'print_template', action: 'delete' },
      },
    },
    async (request) => {
      await removePrintTemplate(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.post(
    `${BASE}/:id/Actions/Copy`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Duplicate a print template (disabled, code suffixed)',
        response: replies(printDevPostAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'printTemplate', table: 'print_template', action: 'create' },
      },
    },
    async (request) => {
      const id = await copyPrintTemplate(db, request.params.id, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${BASE}/:id/Actions/Export`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'The template as a JSON file',
        response: fileReply('the template', 'application/json'),
      },
      config: { access: { permission: `${MENU}:btn_download` } },
    },
    async (request, reply) => {
      const file = await exportPrintTemplate(db, request.params.id);
      return reply
        .type('application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="print-template.json"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}

import type { FastifyRequest } from 'fastify';
import { toFormLang } from '@atrium/shared/forms';
import { signedIn } from '../../core/access.ts';
import { recordInScope } from '../../core/data-scope.ts';
import { ok } from '../../core/http.ts';
import { registerMessages } from '../../core/messages.ts';
import { fileReply, replies } from '../../core/response-schema.ts';
import { writeSheet } from '../../core/excel-thread.ts';
import { ticketQuery } from '../file/links.ts';
import { readSpreadsheetRows, receiveSpreadsheet, SPREADSHEET_NAME } from '../file/spreadsheet-import.ts';
import { importColumns, importRecords } from './record-import.ts';
import { publishWorkbook, sendWorkbook } from '../file/workbook-download.ts';
import { z } from 'zod';
import type { App, Services } from '../../core/types.ts';
import { runCommand } from '../../core/unit-of-work.ts';
import { dataSchemeFilter } from '../authorize/data-scheme.ts';
import { visualdevMessages } from './messages.ts';
import {
  copyModel,
  createModel,
  deleteModel,
  formDataFields,
  listModels,
  modelInfo,
  modelSelector,
  releaseModel,
  rollbackModel,
  updateModel,
} from './model-service.ts';
import {
  createRecord,
  deleteRecords,
  fieldDataSelect,
  listRecords,
  recordDisplay,
  recordInfo,
  updateRecord,
} from './record-service.ts';
import { createReleasedModels, type ReleasedModel } from './released.ts';
import {
  batchDeleteBody,
  configAnswer,
  createdAnswer,
  dataChangeAnswer,
  exportAnswer,
  exportBody,
  importBody,
  importFailuresBody,
  importPreviewAnswer,
  importResultAnswer,
  fieldDataSelectAnswer,
  fieldDataSelectQuery,
  formFieldsAnswer,
  idParams,
  modelBody,
  modelInfoAnswer,
  modelListAnswer,
  modelListQuery,
  modelParams,
  modelUpdateBody,
  recordAnswer,
  recordBody,
  recordListAnswer,
  recordListBody,
  recordParams,
  releaseBody,
  selectorAnswer,
} from './schema.ts';
import type { AnyDb } from './storage.ts';

const tags = ['visualdev'];
/** Where exported workbooks wait for their download. */
const EXPORT_DIR = 'visualdevExport';
/** Where uploaded workbooks wait for their import. */
const IMPORT_DIR = 'visualdevImport';
const EXPORT_MAX_ROWS = 10_000;
const downloadPath = (name: string) => `/api/visualdev/OnlineDev/Download/${name}`;
/** The list's page, with the totals of its summary fields over the whole query when it has a summary row. */
const listAnswer = recordListAnswer.extend({ summary: z.record(z.string(), z.number()).optional() });
const BASE = '/api/visualdev/Base';
const RUNTIME = '/api/visualdev/OnlineDev';
/**
 * The designer's permission. Until the designer's screens ship no menu carries it, so only
 * administrators (who hold every permission) manage models.
 */
export const DESIGN_MENU = 'onlineDev.webDesign';

/**
 * Visual development (docs/visual-development.md): models (`Base`) and the runtime of released
 * models (`OnlineDev`). Runtime routes find the model by `:modelId` and then work exactly like a
 * built-in list: the model's menu entry names the permission and buttons, its data schemes scope
 * the rows (404 for a record outside them), and its column and form grants cut the answers.
 */
export async function visualdevRoutes(app: App, services: Services) {
  const { db, dialect, now, config } = services;
  registerMessages(visualdevMessages);
  const released = createReleasedModels(db, services.changes);
  await released.registerAll();

  // A record of a released model is a record that record-bound reads (print data) may name: it
  // answers whoever may read it at GET /{modelId}/{id}, that is who holds the model's menu and has
  // the record inside their data schemes.
  services.records.register({
    kind: 'onlineForm',
    async maySee(authority, id) {
      const modelId = await released.modelHolding(id);
      if (!modelId) return undefined;
      const model = await released.get(modelId).catch(() => undefined);
      if (!model || !services.authority.allows(authority, model.menuCode)) return false;
      const scope = await dataSchemeFilter(db, dialect, authority, model.menuCode);
      return recordInScope(db, model.main.table, id, scope);
    },
  });
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });

  // ---- Models --------------------------------------------------------------------------------

  app.get(
    BASE,
    {
      schema: {
        querystring: modelListQuery,
        tags,
        summary: 'Models, one page by category, type, keyword',
        response: replies(modelListAnswer),
      },
      config: { access: { permission: DESIGN_MENU } },
    },
    async (request) => ok(await listModels(db, dialect, request.query)),
  );

  app.get(
    `${BASE}/Selector`,
    {
      schema: {
        tags,
        summary: 'Enabled models, for relation forms and flow bindings',
        response: replies(selectorAnswer),
      },
      config: { access: 'user' },
    },
    async () => ok(await modelSelector(db)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'One model with its draft design',
        response: replies(modelInfoAnswer),
      },
      config: { access: { permission: DESIGN_MENU } },
    },
    async (request) => ok(await modelInfo(db, request.params.id)),
  );

  app.post(
    BASE,
    {
      schema: {
        body: modelBody,
        tags,
        summary: 'Create a model (the design is checked)',
        response: replies(createdAnswer),
      },
      config: {
        access: { permission: `${DESIGN_MENU}:btn_add` },
        audit: { resource: 'visualdevModel', table: 'visualdev_model', action: 'create' },
      },
    },
    async (request) => {
      const id = await createModel(db, request.body, request.language, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        body: modelUpdateBody,
        tags,
        summary: 'Save the draft (version required)',
        response: replies(),
      },
      config: {
        access: { permission: `${DESIGN_MENU}:btn_edit` },
        audit: { resource: 'visualdevModel', table: 'visualdev_model', action: 'update' },
      },
    },
    async (request) => {
      await updateModel(db, request.params.id, request.body, request.language, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Delete a model with its tables (its menu goes first)',
        response: replies(),
      },
      config: {
        access: { permission: `${DESIGN_MENU}:btn_remove` },
        audit: { resource: 'visualdevModel', table: 'visualdev_model', action: 'delete' },
      },
    },
    async (request) => {
      await deleteModel(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.post(
    `${BASE}/:id/Actions/Copy`,
    {
      schema: { params: idParams, tags, summary: 'Duplicate a model as a new draft', response: replies(createdAnswer) },
      config: {
        access: { permission: `${DESIGN_MENU}:btn_add` },
        audit: { resource: 'visualdevModel', table: 'visualdev_model', action: 'create' },
      },
    },
    async (request) => {
      const id = await copyModel(db, request.params.id, request.t('visualdevCopySuffix'), actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.post(
    `${BASE}/:id/Actions/Release`,
    {
      schema: {
        params: idParams,
        body: releaseBody,
        tags,
        summary: 'Release the draft: tables in line, the menu entry with its buttons, columns and fields',
        response: replies(),
      },
      config: {
        access: { permission: `${DESIGN_MENU}:btn_edit` },
        audit: { resource: 'visualdevModel', table: 'visualdev_model', action: 'other' },
      },
    },
    async (request) => {
      await releaseModel(db, dialect, request.params.id, request.body, request.language, actor(request));
      return ok(undefined, request.t('visualdevReleased'));
    },
  );

  app.get(
    `${BASE}/:id/Actions/RollbackTemplate`,
    {
      schema: { params: idParams, tags, summary: 'Put the draft back to the released design', response: replies() },
      config: {
        access: { permission: `${DESIGN_MENU}:btn_edit` },
        audit: { resource: 'visualdevModel', table: 'visualdev_model', action: 'other' },
      },
    },
    async (request) => {
      await rollbackModel(db, request.params.id, actor(request));
      return ok(undefined, request.t('visualdevRolledBack'));
    },
  );

  app.get(
    `${BASE}/:id/FormDataFields`,
    {
      schema: {
        params: idParams,
        tags,
        summary: "The form's data fields (sub-table columns as table-field)",
        response: replies(formFieldsAnswer),
      },
      // A model's design is the designer's to read, not every signed-in user's.
      config: { access: { permission: DESIGN_MENU } },
    },
    async (request) => ok(await formDataFields(db, request.params.id)),
  );

  // ---- Runtime -------------------------------------------------------------------------------

  /** The released model of the request's `:modelId`, read once per request. */
  const modelOf = (request: FastifyRequest): Promise<ReleasedModel> => {
    const kept = (request as FastifyRequest & { visualdevModel?: Promise<ReleasedModel> }).visualdevModel;
    if (kept) return kept;
    const params = request.params as { modelId?: string; id?: string };
    const loading = released.get(params.modelId ?? params.id ?? '');
    (request as FastifyRequest & { visualdevModel?: Promise<ReleasedModel> }).visualdevModel = loading;
    return loading;
  };
  const menuOf = async (request: FastifyRequest) => (await modelOf(request)).menuCode;
  const tableOf = async (request: FastifyRequest) => (await modelOf(request)).main.table;
  /** The model's menu, or with button permissions on, one of these buttons of it. */
  const button =
    (...codes: string[]) =>
    async (request: FastifyRequest) => {
      const model = await modelOf(request);
      return model.columns.useBtnPermission ? codes.map((code) => `${model.menuCode}:${code}`) : model.menuCode;
    };
  const scoped = { menu: menuOf, table: tableOf };
  const oneRecord = { ...scoped, idParam: 'id' };
  const fields = { menu: menuOf };
  const writer = (request: FastifyRequest) => {
    const { authority, session } = signedIn(request);
    return {
      userId: session.userId,
      now: now(),
      lang: toFormLang(request.language),
      organizeId: authority.user.organize_id ?? null,
      positionId: authority.positionIds[0] ?? null,
      grants: request.fieldGrants,
    };
  };
  const anyDb = db as unknown as AnyDb;
  // A list searches up to a thousand candidates: on SQLite it runs in a reader thread (db/sqlite-readers.ts).
  const readDb = services.reads as unknown as AnyDb;

  app.get(
    `${RUNTIME}/:modelId/Config`,
    {
      schema: {
        params: modelParams,
        tags,
        summary: 'The released form and list of a model',
        response: replies(configAnswer),
      },
      config: { access: { permission: menuOf } },
    },
    async (request) => {
      const m = await modelOf(request);
      return ok({
        id: m.id,
        fullName: m.fullName,
        enCode: m.enCode,
        webType: m.webType,
        formData: m.texts.formData,
        columnData: m.texts.columnData,
        appData: m.texts.appData,
        menuId: m.menuId,
      });
    },
  );

  app.post(
    `${RUNTIME}/:modelId/List`,
    {
      schema: {
        params: modelParams,
        body: recordListBody,
        tags,
        summary: "One page of a model's records, by the list's search fields and sort, with the summary row's totals",
        response: replies(listAnswer),
      },
      config: { access: { permission: menuOf }, scope: scoped, fields, reads: true },
    },
    async (request) =>
      ok(
        await listRecords(readDb, dialect, await modelOf(request), request.body, {
          scope: request.scope,
          grants: request.fieldGrants,
          lang: toFormLang(request.language),
        }),
      ),
  );

  app.post(
    `${RUNTIME}/batchDelete/:modelId`,
    {
      schema: {
        params: modelParams,
        body: batchDeleteBody,
        tags,
        summary: 'Delete several records (those in scope)',
        response: replies(),
      },
      config: { access: { permission: button('btn_batchRemove') }, scope: scoped },
    },
    async (request) => {
      const model = await modelOf(request);
      await runCommand(db, ({ trx }) => deleteRecords(trx, model, request.body.ids, request.scope, now()));
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.get(
    `${RUNTIME}/:modelId/:id`,
    {
      schema: {
        params: recordParams,
        tags,
        summary: "A record's values as JSON text, with its version (to edit it, or to open its detail)",
        response: replies(recordAnswer),
      },
      // The list shows a record's columns to whoever holds the menu; its every value is for those
      // who may edit or open it. A relation picker reads the records it needs through List.
      config: { access: { permission: button('btn_edit', 'btn_detail') }, scope: oneRecord, fields },
    },
    async (request) => ok(await recordInfo(anyDb, await modelOf(request), request.params.id, request.fieldGrants)),
  );

  app.get(
    `${RUNTIME}/:modelId/:id/DataChange`,
    {
      schema: {
        params: recordParams,
        tags,
        summary: 'A record as people read it (names, labels, dates), with the released form',
        response: replies(dataChangeAnswer),
      },
      config: { access: { permission: button('btn_detail') }, scope: oneRecord, fields },
    },
    async (request) =>
      ok(
        await recordDisplay(
          anyDb,
          await modelOf(request),
          request.params.id,
          toFormLang(request.language),
          request.fieldGrants,
        ),
      ),
  );

  app.post(
    `${RUNTIME}/:modelId`,
    {
      schema: {
        params: modelParams,
        body: recordBody,
        tags,
        summary: 'Add a record: checked by the form, system fields and bill numbers filled by the server',
        response: replies(createdAnswer),
      },
      config: { access: { permission: button('btn_add') }, fields },
    },
    async (request) => {
      const model = await modelOf(request);
      const id = await runCommand(db, ({ trx }) => createRecord(trx, model, request.body.data, writer(request)));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.put(
    `${RUNTIME}/:modelId/:id`,
    {
      schema: {
        params: recordParams,
        body: recordBody,
        tags,
        summary: 'Save a record under the optimistic lock (a stale version answers 409)',
        response: replies(),
      },
      config: { access: { permission: button('btn_edit') }, scope: oneRecord, fields },
    },
    async (request) => {
      const model = await modelOf(request);
      await runCommand(db, ({ trx }) => updateRecord(trx, model, request.params.id, request.body, writer(request)));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  // ExportData is the name newer clients call; both write the same workbook.
  for (const action of ['Export', 'ExportData'])
    app.post(
      `${RUNTIME}/:modelId/Actions/${action}`,
      {
        schema: {
          params: modelParams,
          body: exportBody,
          tags,
          summary: "The list's current query as a workbook (the chosen columns, this page or every match up to 10 000)",
          response: replies(exportAnswer),
        },
        config: { access: { permission: button('btn_download') }, scope: scoped, fields },
      },
      async (request) => {
        const model = await modelOf(request);
        const { body } = request;
        const page = body.dataType === 'page' ? body : { ...body, currentPage: 1, pageSize: EXPORT_MAX_ROWS };
        const { list } = await listRecords(
          readDb,
          dialect,
          model,
          page,
          { scope: request.scope, grants: request.fieldGrants, lang: toFormLang(request.language) },
          { summary: false },
        );
        const hidden = request.fieldGrants?.hiddenColumns ?? new Set<string>();
        const chosen = new Set(body.selectKey);
        const columns = model.columns.columnList
          .filter((c) => !hidden.has(c.prop) && (!chosen.size || chosen.has(c.prop)))
          .map((c) => ({ header: c.label || c.prop, key: c.prop, width: 20 }));
        const rows = list.map((row) =>
          Object.fromEntries(
            columns.map((c) => [c.key, row[c.key] === null || row[c.key] === undefined ? '' : String(row[c.key])]),
          ),
        );
        const bytes = await writeSheet(model.fullName.slice(0, 31), columns, rows);
        return ok(
          await publishWorkbook(
            services,
            EXPORT_DIR,
            bytes,
            signedIn(request).session.userId,
            `${model.fullName}.xlsx`,
            downloadPath,
          ),
        );
      },
    );

  // ---- Import: template, upload, preview, import, failed rows ---------------------------------

  const importHeader = (model: ReleasedModel) =>
    importColumns(model).map((c) => ({ header: c.fullName, key: c.id, width: 20 }));
  const publish = async (request: FastifyRequest, bytes: Buffer, fullName: string) =>
    ok(await publishWorkbook(services, EXPORT_DIR, bytes, signedIn(request).session.userId, fullName, downloadPath));
  const uploadButton = button('btn_upload');

  app.get(
    `${RUNTIME}/:modelId/Template`,
    {
      schema: {
        params: modelParams,
        tags,
        summary: 'An empty workbook with a column for each field an import can fill',
        response: replies(exportAnswer),
      },
      config: { access: { permission: uploadButton } },
    },
    async (request) => {
      const model = await modelOf(request);
      const bytes = await writeSheet(model.fullName.slice(0, 31), importHeader(model), []);
      return publish(request, bytes, `${model.fullName}.xlsx`);
    },
  );

  app.post(
    `${RUNTIME}/:modelId/Uploader`,
    {
      schema: {
        params: modelParams,
        tags,
        summary: 'Upload a workbook (.xls/.xlsx, at most 500 KB) to import',
        response: replies(exportAnswer),
      },
      config: { access: { permission: uploadButton } },
    },
    async (request) => {
      await modelOf(request);
      return ok({ name: await receiveSpreadsheet(request, config.dataDir, IMPORT_DIR), url: '' });
    },
  );

  app.get(
    `${RUNTIME}/:modelId/ImportPreview`,
    {
      schema: {
        params: modelParams,
        querystring: z.object({ fileName: z.string().min(1).max(100) }),
        tags,
        summary: 'The rows of an uploaded workbook under the template columns',
        response: replies(importPreviewAnswer),
      },
      config: { access: { permission: uploadButton } },
    },
    async (request) => {
      const columns = importColumns(await modelOf(request));
      const ids = columns.map((c) => c.id);
      const dataRow = await readSpreadsheetRows(config.dataDir, IMPORT_DIR, request.query.fileName, ids);
      return ok({ headerRow: columns.map(({ id, fullName }) => ({ id, fullName })), dataRow });
    },
  );

  app.post(
    `${RUNTIME}/:modelId/ImportData`,
    {
      schema: {
        params: modelParams,
        body: importBody,
        tags,
        summary: 'Import previewed rows as records; failures come back with errorsInfo',
        response: replies(importResultAnswer),
      },
      config: { access: { permission: uploadButton }, fields },
    },
    async (request) => {
      const model = await modelOf(request);
      const result = await importRecords(db, model, request.body.list, writer(request), {
        invalidCell: (label, text) => request.t('visualdevImportCell', { label, text }),
        refusal: (error) => request.t(error.messageKey, error.params),
      });
      return ok(result, request.t('importSuccess'));
    },
  );

  app.post(
    `${RUNTIME}/:modelId/ImportExceptionData`,
    {
      schema: {
        params: modelParams,
        body: importFailuresBody,
        tags,
        summary: 'A workbook of the failed rows with their reasons',
        response: replies(exportAnswer),
      },
      config: { access: { permission: uploadButton } },
    },
    async (request) => {
      const model = await modelOf(request);
      const header = [...importHeader(model), { header: request.t('colErrorsInfo'), key: 'errorsInfo', width: 40 }];
      const bytes = await writeSheet(model.fullName.slice(0, 31), header, request.body.list);
      return publish(request, bytes, `${model.fullName}-${request.t('colErrorsInfo')}.xlsx`);
    },
  );

  app.get(
    `${RUNTIME}/Download/:name`,
    {
      schema: {
        params: z.object({ name: z.string().regex(SPREADSHEET_NAME) }),
        querystring: z.object({ fullName: z.string().max(200).optional().default('export.xlsx'), ...ticketQuery }),
        tags,
        summary: 'An exported workbook (kept an hour), with the ticket of the link answered to whoever made it',
        response: fileReply('the workbook', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      sendWorkbook(services, reply, EXPORT_DIR, request.params.name, request.query.ticket, request.query.fullName),
  );

  app.get(
    `${BASE}/:id/FieldDataSelect`,
    {
      schema: {
        params: idParams,
        querystring: fieldDataSelectQuery,
        tags,
        summary: "A released model's records with one field, for relation-form pickers (paged, keyword)",
        response: replies(fieldDataSelectAnswer),
      },
      config: { access: { permission: menuOf }, scope: scoped, fields },
    },
    async (request) =>
      ok(
        await fieldDataSelect(
          anyDb,
          dialect,
          await modelOf(request),
          request.query,
          request.scope,
          request.fieldGrants,
          toFormLang(request.language),
        ),
      ),
  );

  app.delete(
    `${RUNTIME}/:modelId/:id`,
    {
      schema: { params: recordParams, tags, summary: 'Delete a record with its sub-table rows', response: replies() },
      config: { access: { permission: button('btn_remove') }, scope: oneRecord },
    },
    async (request) => {
      const model = await modelOf(request);
      await runCommand(db, ({ trx }) => deleteRecords(trx, model, [request.params.id], request.scope, now()));
      return ok(undefined, request.t('deleteSuccess'));
    },
  );
}

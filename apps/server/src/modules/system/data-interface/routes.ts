import type { FastifyRequest } from 'fastify';
import { signedIn } from '../../../core/access.ts';
import { ok } from '../../../core/http.ts';
import type { App, Services } from '../../../core/types.ts';
import { writeSheet } from '../../../core/excel-thread.ts';
import type { Definition } from './definition.ts';
import { listCallLogs, withCallLog } from './log-service.ts';
import { infoByIds, previewData, widgetList, type RunContext } from './runner.ts';
import {
  dataInterfaceBody,
  dataInterfaceUpdateBody,
  exportQuery,
  getListQuery,
  idParams,
  infoByIdsBody,
  listQuery,
  logQuery,
  previewBody,
  widgetListBody,
  dataInterfaceAnswer,
  dataInterfacePostAnswer,
  dataInterfaceSelectorAnswer,
  dataInterfaceGetListAnswer,
  dataInterfaceGetParamAnswer,
  definitionSchema,
  dataInterfaceActionsStatePutAnswer,
  dataInterfaceActionsPreviewPostAnswer,
  dataInterfaceActionListPostAnswer,
  dataInterfaceActionInfoByIdsPostAnswer,
  dataInterfaceLogAnswer,
} from './schema.ts';
import {
  createDataInterface,
  declaredParameters,
  enabledInterfaces,
  exportDefinition,
  interfaceTree,
  listDataInterfaces,
  loadDefinition,
  removeDataInterface,
  toggleDataInterface,
  updateDataInterface,
} from './service.ts';
import { registerMessages } from '../../../core/messages.ts';
import { dataInterfaceMessages } from './messages.ts';
import { fileReply, replies } from '../../../core/response-schema.ts';

const tags = ['system'];
const BASE = '/api/system/DataInterface';
const MENU = 'basic.dataInterface';

/**
 * Data interfaces (their SQL: docs/admin-sql.md): management needs the menu's permission
 * (buttons for writes; running the test needs btn_edit). The calls that form widgets make for
 * any staff member (popup list, lookup by keys, declared parameters, pickers) only need a
 * signed-in user, and take nothing from the caller but the declared parameters' values.
 */
export async function dataInterfaceRoutes(app: App, { db, dialect, now, adminSql }: Services) {
  registerMessages(dataInterfaceMessages);
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });
  const context = (request: FastifyRequest): RunContext => {
    const { user } = signedIn(request).authority;
    return { db, dialect, reader: adminSql, caller: { userId: user.id, organizeId: user.organize_id } };
  };
  /** Loads the interface and runs one call of it with its log row. */
  const logged = async <T>(
    request: FastifyRequest,
    id: string,
    action: string,
    run: (def: Definition) => Promise<T>,
  ) => {
    const def = await loadDefinition(db, id);
    return withCallLog(
      db,
      {
        interfaceId: id,
        userId: signedIn(request).session.userId,
        ip: request.ip,
        device: String(request.headers['user-agent'] ?? ''),
        action,
        now,
        describe: (error) => request.t(error.messageKey, error.params),
      },
      () => run(def),
    );
  };

  app.get(
    BASE,
    {
      schema: {
        querystring: listQuery,
        tags,
        summary: 'Data interfaces, paged, by keyword, category and type',
        response: replies(dataInterfaceAnswer),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await listDataInterfaces(db, dialect, request.query)),
  );

  app.post(
    BASE,
    {
      schema: {
        body: dataInterfaceBody,
        tags,
        summary: 'Create a data interface',
        response: replies(dataInterfacePostAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'dataInterface', table: 'data_interface', action: 'create' },
      },
    },
    async (request) => {
      const id = await createDataInterface(db, dialect, request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${BASE}/Selector`,
    {
      schema: {
        tags,
        summary: 'Categories with their enabled interfaces, as a tree for pickers',
        response: replies(dataInterfaceSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async () => ok({ list: await interfaceTree(db, dialect) }),
  );

  app.get(
    `${BASE}/getList`,
    {
      schema: {
        querystring: getListQuery,
        tags,
        summary: 'Enabled interfaces for pickers, by keyword and type',
        response: replies(dataInterfaceGetListAnswer),
      },
      config: { access: 'user' },
    },
    async (request) =>
      ok({ list: await enabledInterfaces(db, dialect, request.query.keyword, request.query.dataType) }),
  );

  app.get(
    `${BASE}/GetParam/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'The declared parameters of an interface',
        response: replies(dataInterfaceGetParamAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await declaredParameters(db, request.params.id)),
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'One data interface', response: replies(definitionSchema) },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await loadDefinition(db, request.params.id)),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        body: dataInterfaceUpdateBody,
        tags,
        summary: 'Save a data interface (with version)',
        response: replies(),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'dataInterface', table: 'data_interface', action: 'update' },
      },
    },
    async (request) => {
      await updateDataInterface(db, dialect, request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a data interface and its logs', response: replies() },
      config: {
        access: { permission: `${MENU}:btn_remove` },
        audit: { resource: 'dataInterface', table: 'data_interface', action: 'delete' },
      },
    },
    async (request) => {
      await removeDataInterface(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.put(
    `${BASE}/:id/Actions/State`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Enable or disable a data interface',
        response: replies(dataInterfaceActionsStatePutAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'dataInterface', table: 'data_interface', action: 'other' },
      },
    },
    async (request) => {
      const enabledMark = await toggleDataInterface(db, request.params.id, actor(request));
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );

  app.post(
    `${BASE}/:id/Actions/Preview`,
    {
      schema: {
        params: idParams,
        body: previewBody,
        tags,
        summary: 'Run the interface with the given parameters',
        response: replies(dataInterfaceActionsPreviewPostAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { exempt: 'runs the interface to show its answer; the definition does not change' },
      },
    },
    async (request) =>
      ok(
        await logged(request, request.params.id, 'preview', (def) => previewData(context(request), def, request.body)),
      ),
  );

  app.post(
    `${BASE}/:id/Action/List`,
    {
      schema: {
        params: idParams,
        body: widgetListBody,
        tags,
        summary: 'A page of the data for popup widgets',
        response: replies(dataInterfaceActionListPostAnswer),
      },
      config: { access: 'user', reads: true },
    },
    async (request) =>
      ok(await logged(request, request.params.id, 'list', (def) => widgetList(context(request), def, request.body))),
  );

  app.post(
    `${BASE}/:id/Action/InfoByIds`,
    {
      schema: {
        params: idParams,
        body: infoByIdsBody,
        tags,
        summary: 'The rows for stored keys',
        response: replies(dataInterfaceActionInfoByIdsPostAnswer),
      },
      config: { access: 'user' },
    },
    async (request) =>
      ok(
        await logged(request, request.params.id, 'infoByIds', (def) => infoByIds(context(request), def, request.body)),
      ),
  );

  app.get(
    `${BASE}/:id/Action/Export`,
    {
      schema: {
        params: idParams,
        querystring: exportQuery,
        tags,
        summary: 'The definition as a JSON or xlsx file',
        response: fileReply(
          'the definition',
          'application/json',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ),
      },
      config: { access: { permission: `${MENU}:btn_download` } },
    },
    async (request, reply) => {
      const definition = await exportDefinition(db, request.params.id);
      const xlsx = request.query.format === 'xlsx';
      const fileName = `${definition.fullName}.${xlsx ? 'xlsx' : 'json'}`;
      const body = xlsx
        ? await writeSheet(
            'DataInterface',
            [
              { header: 'field', key: 'field', width: 24 },
              { header: 'value', key: 'value', width: 80 },
            ],
            Object.entries(definition).map(([field, value]) => ({
              field,
              value: typeof value === 'string' ? value : JSON.stringify(value),
            })),
          )
        : JSON.stringify(definition, null, 2);
      return reply
        .type(
          xlsx
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'application/json; charset=utf-8',
        )
        .header(
          'content-disposition',
          `attachment; filename="data-interface.${xlsx ? 'xlsx' : 'json'}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/system/DataInterfaceLog/:id',
    {
      schema: {
        params: idParams,
        querystring: logQuery,
        tags,
        summary: "An interface's calls, newest first",
        response: replies(dataInterfaceLogAnswer),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await listCallLogs(db, request.params.id, request.query)),
  );
}

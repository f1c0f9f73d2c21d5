import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedIn } from '../../../core/access.ts';
import { ok } from '../../../core/http.ts';
import type { Actor } from '../../../core/records.ts';
import type { App, Services } from '../../../core/types.ts';
import type { Translate } from '../../organize/common.ts';
import {
  allDictionaries,
  createData,
  dataInfo,
  dataOptions,
  dataSelector,
  dictionaryRevision,
  listData,
  removeData,
  toggleData,
  updateData,
} from './data-service.ts';
import { exportWorkbook } from './export.ts';
import {
  dataBody,
  dataListQuery,
  dataUpdateBody,
  idParams,
  keywordQuery,
  selectorQuery,
  typeBody,
  typeIdParams,
  typeParentParams,
  typeUpdateBody,
  dictionaryTypeAnswer,
  dictionaryTypePostAnswer,
  dictionaryDataRevisionAnswer,
  dictionaryDataAnswer,
  dictionaryDataSelectorAnswer,
  dictionaryDataActionsStatePutAnswer,
} from './schema.ts';
import { createType, removeType, typeInfo, typeSelector, typeTree, updateType } from './type-service.ts';
import { registerMessages } from '../../../core/messages.ts';
import { dictionaryMessages } from './messages.ts';
import { fileReply, replies } from '../../../core/response-schema.ts';
import {
  dictionaryTypeInfoSchema,
  dictionaryAllSchema,
  dictionaryDataInfoSchema,
} from '../../../core/response-schema-wire.ts';

const tags = ['system'];
const TYPE = '/api/system/DictionaryType';
const DATA = '/api/system/DictionaryData';
const MENU = 'basic.dictionary';

const translator = (request: FastifyRequest): Translate => request.t.bind(request);

/**
 * Dictionaries: the type tree and the items of each type.
 * Management calls need the dictionary menu (buttons for writes and the export); All, the selectors
 * and Data/Selector only need a signed-in user, because every form's select widget reads them.
 * Every write bumps the dictionary revision, which GET .../All and .../Revision answer, so clients
 * know when to re-read their cache.
 */
export async function dictionaryRoutes(app: App, { db, now }: Services) {
  registerMessages(dictionaryMessages);
  const actor = (request: FastifyRequest): Actor => ({ userId: signedIn(request).session.userId, now: now() });

  // ---------------------------------------------------------------------------------------------
  // Types
  // ---------------------------------------------------------------------------------------------

  app.get(
    TYPE,
    {
      schema: {
        querystring: keywordQuery,
        tags,
        summary: 'Dictionary type tree, by keyword',
        response: replies(dictionaryTypeAnswer),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok({ list: await typeTree(db, request.query.keyword) }),
  );

  app.get(
    `${TYPE}/Selector/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Type tree without the given type and its subtree (0 = all)',
        response: replies(dictionaryTypeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok({ list: await typeSelector(db, request.params.id) }),
  );

  app.post(
    TYPE,
    {
      schema: {
        body: typeBody,
        tags,
        summary: 'Create a dictionary type',
        response: replies(dictionaryTypePostAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'dictionaryType', table: 'dictionary_type', action: 'create' },
      },
    },
    async (request) => {
      const id = await createType(db, translator(request), request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${TYPE}/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'A dictionary type with its version',
        response: replies(dictionaryTypeInfoSchema),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await typeInfo(db, request.params.id)),
  );

  app.put(
    `${TYPE}/:id`,
    {
      schema: {
        params: idParams,
        body: typeUpdateBody,
        tags,
        summary: 'Save a dictionary type (409 on a stale version)',
        response: replies(),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'dictionaryType', table: 'dictionary_type', action: 'update' },
      },
    },
    async (request) => {
      await updateType(db, translator(request), request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${TYPE}/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Delete a dictionary type without sub-types or items',
        response: replies(),
      },
      config: {
        access: { permission: `${MENU}:btn_remove` },
        audit: { resource: 'dictionaryType', table: 'dictionary_type', action: 'delete' },
      },
    },
    async (request) => {
      await removeType(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Items. The fixed paths come first in intent; Fastify prefers static segments over parameters.
  // ---------------------------------------------------------------------------------------------

  app.get(
    `${DATA}/All`,
    {
      schema: {
        tags,
        summary: 'Every enabled type with its enabled items, and the dictionary revision',
        response: replies(dictionaryAllSchema),
      },
      config: { access: 'user' },
    },
    async () => ok(await allDictionaries(db)),
  );

  app.get(
    `${DATA}/Revision`,
    {
      schema: {
        tags,
        summary: 'The dictionary revision alone: a client re-reads All when it moved',
        response: replies(dictionaryDataRevisionAnswer),
      },
      config: { access: 'user' },
    },
    async () => ok({ revision: await dictionaryRevision(db) }),
  );

  app.get(
    `${DATA}/:typeId`,
    {
      schema: {
        params: typeIdParams,
        querystring: dataListQuery,
        tags,
        summary: 'Items of a type (id or enCode): a tree for tree types, by keyword',
        response: replies(dictionaryDataAnswer),
      },
      config: { access: { permission: MENU } },
    },
    async (request) =>
      ok({ list: await listData(db, request.params.typeId, request.query.keyword, request.query.isTree) }),
  );

  app.get(
    `${DATA}/:typeId/Selector/:parentId`,
    {
      schema: {
        params: typeParentParams,
        querystring: selectorQuery,
        tags,
        summary: 'Parent picker of a tree type: items without the given one and its subtree (0 = all)',
        response: replies(dictionaryDataSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) =>
      ok({
        list: await dataSelector(db, request.params.typeId, request.params.parentId, request.query.isTree),
      }),
  );

  app.get(
    `${DATA}/:typeId/Data/Selector`,
    {
      schema: {
        params: typeIdParams,
        tags,
        summary: 'Enabled items of a type (id or enCode) for select widgets',
        response: replies(dictionaryDataSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok({ list: await dataOptions(db, request.params.typeId) }),
  );

  app.post(
    DATA,
    {
      schema: {
        body: dataBody,
        tags,
        summary: 'Create a dictionary item',
        response: replies(dictionaryTypePostAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'dictionaryData', table: 'dictionary_data', action: 'create' },
      },
    },
    async (request) => {
      const id = await createData(db, translator(request), request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${DATA}/:id/Info`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'A dictionary item with its version',
        response: replies(dictionaryDataInfoSchema),
      },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await dataInfo(db, request.params.id)),
  );

  app.put(
    `${DATA}/:id`,
    {
      schema: {
        params: idParams,
        body: dataUpdateBody,
        tags,
        summary: 'Save a dictionary item (409 on a stale version)',
        response: replies(),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'dictionaryData', table: 'dictionary_data', action: 'update' },
      },
    },
    async (request) => {
      await updateData(db, translator(request), request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${DATA}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a dictionary item without children', response: replies() },
      config: {
        access: { permission: `${MENU}:btn_remove` },
        audit: { resource: 'dictionaryData', table: 'dictionary_data', action: 'delete' },
      },
    },
    async (request) => {
      await removeData(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.put(
    `${DATA}/:id/Actions/State`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Enable or disable a dictionary item',
        response: replies(dictionaryDataActionsStatePutAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'dictionaryData', table: 'dictionary_data', action: 'other' },
      },
    },
    async (request) => {
      const enabledMark = await toggleData(db, request.params.id, actor(request));
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );

  app.get(
    `${DATA}/:typeId/Action/Export`,
    {
      schema: {
        params: typeIdParams,
        querystring: z.object({}),
        tags,
        summary: 'The items of a type as an .xlsx workbook',
        response: fileReply('the workbook', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      },
      config: { access: { permission: `${MENU}:btn_download` } },
    },
    async (request, reply) => {
      const { fileName, bytes } = await exportWorkbook(db, translator(request), request.params.typeId);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="dictionary.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}

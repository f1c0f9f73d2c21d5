import type { FastifyRequest } from 'fastify';
import { registerMessages } from '../../../core/messages.ts';
import { areaMessages } from './messages.ts';
import { ok } from '../../../core/http.ts';
import { signedIn } from '../../../core/access.ts';
import type { App, Services } from '../../../core/types.ts';
import {
  areaInfo,
  areaNamesByIds,
  createArea,
  listAreas,
  parentSelector,
  removeArea,
  toggleArea,
  updateArea,
} from './area-service.ts';
import {
  areaBody,
  areaByIdsBody,
  areaListQuery,
  areaUpdateBody,
  idParams,
  parentParams,
  selectorParams,
  areaGetAreaByIdsPostAnswer,
  areaSelectorAnswer,
  areaAnswer,
  areaPostAnswer,
  areaActionsStatePutAnswer,
} from './schema.ts';
import { replies } from '../../../core/response-schema.ts';
import { createAnswerMemo } from '../../../core/answer-memo.ts';
import { areaInfoSchema } from '../../../core/response-schema-wire.ts';

const tags = ['system'];
/** Area lists and searches kept ready (each at most some 30 KB); more distinct ones are read again. */
const AREA_ANSWERS_KEPT = 500;
const BASE = '/api/system/Area';
const MENU = 'basic.area';

/**
 * Administrative areas. The lazy tree, the parent selector and the id-to-name
 * lookup serve every address field, so any signed-in user may call them; changes need the menu's
 * buttons.
 */
export async function areaRoutes(app: App, { db, dialect, changes, now }: Services) {
  registerMessages(areaMessages);
  // The same for every caller, and areas seldom change: a picker's or a search's answer is kept.
  const answers = createAnswerMemo(changes, { name: 'area.list', tables: ['area'], maxEntries: AREA_ANSWERS_KEPT });
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });
  const translate = (request: FastifyRequest) => request.t.bind(request);

  app.post(
    `${BASE}/GetAreaByIds`,
    {
      schema: {
        body: areaByIdsBody,
        tags,
        summary: 'Names of address values (paths of area ids), path by path',
        response: replies(areaGetAreaByIdsPostAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await areaNamesByIds(db, request.body.idsList)),
  );

  app.get(
    `${BASE}/:id/Selector/:excludeId`,
    {
      schema: {
        params: selectorParams,
        tags,
        summary: 'Children of an area for the parent picker, without the area being edited (0 = none)',
        response: replies(areaSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok({ list: await parentSelector(db, request.params.id, request.params.excludeId) }),
  );

  app.get(
    `${BASE}/:id/Info`,
    {
      schema: { params: idParams, tags, summary: 'One area with its parent path', response: replies(areaInfoSchema) },
      config: { access: { permission: MENU } },
    },
    async (request) => ok(await areaInfo(db, request.params.id)),
  );

  app.get(
    `${BASE}/:parentId`,
    {
      schema: {
        params: parentParams,
        querystring: areaListQuery,
        tags,
        summary: 'Children of an area (-1 = provinces); with a keyword, matches on every level',
        response: replies(areaAnswer),
      },
      config: { access: 'user' },
    },
    (request, reply) => {
      const { parentId } = request.params;
      const { keyword, enabledOnly } = request.query;
      return answers.send(request, reply, JSON.stringify([parentId, keyword, enabledOnly]), async () =>
        ok({ list: await listAreas(db, dialect, parentId, request.query) }),
      );
    },
  );

  app.post(
    BASE,
    {
      schema: {
        body: areaBody,
        tags,
        summary: 'Create an area under a parent (its level follows the parent)',
        response: replies(areaPostAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_add` },
        audit: { resource: 'area', table: 'area', action: 'create' },
      },
    },
    async (request) => {
      const id = await createArea(db, translate(request), request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        body: areaUpdateBody,
        tags,
        summary: 'Save an area (with version)',
        response: replies(),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'area', table: 'area', action: 'update' },
      },
    },
    async (request) => {
      await updateArea(db, translate(request), request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete an area without sub-areas', response: replies() },
      config: {
        access: { permission: `${MENU}:btn_remove` },
        audit: { resource: 'area', table: 'area', action: 'delete' },
      },
    },
    async (request) => {
      await removeArea(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.put(
    `${BASE}/:id/Actions/State`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Enable or disable an area',
        response: replies(areaActionsStatePutAnswer),
      },
      config: {
        access: { permission: `${MENU}:btn_edit` },
        audit: { resource: 'area', table: 'area', action: 'other' },
      },
    },
    async (request) => {
      const enabledMark = await toggleArea(db, request.params.id, actor(request));
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );
}

import type { FastifyRequest } from 'fastify';
import { fail } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import { signedIn } from '../../core/access.ts';
import type { App, Services } from '../../core/types.ts';
import type { Translate } from './common.ts';
import {
  groupBody,
  groupListQuery,
  groupUpdateBody,
  idParams,
  keywordQuery,
  organizeBody,
  organizeConditionBody,
  organizeUpdateBody,
  orgIdsBody,
  positionBody,
  positionConditionBody,
  positionListQuery,
  positionUpdateBody,
  organizeAnswer,
  organizeTreeAnswer,
  organizePostAnswer,
  positionAnswer,
  positionAllAnswer,
  positionGetListByOrgIdsPostAnswer,
  groupAnswer,
} from './schema.ts';
import {
  createOrganize,
  enabledOnly,
  loadOrganizes,
  organizeInfo,
  organizeList,
  pickerTree,
  removeOrganize,
  updateOrganize,
  userOrganizeIds,
  withAncestors,
  withinSubtrees,
  withoutSubtree,
} from './organize-service.ts';
import {
  allPositions,
  createPosition,
  listPositions,
  positionInfo,
  positionsByOrganizes,
  positionTree,
  removePosition,
  updatePosition,
} from './position-service.ts';
import { createGroup, groupInfo, groupSelector, listGroups, removeGroup, updateGroup } from './group-service.ts';
import { registerMessages } from '../../core/messages.ts';
import { inPickerScope, pickerOrganizeIds } from './picker-scope.ts';
import { organizeMessages } from './messages.ts';
import { replies } from '../../core/response-schema.ts';
import { organizeInfoSchema, positionInfoSchema, versionedRecordSchema } from '../../core/response-schema-wire.ts';

const tags = ['permission'];
const ORG = '/api/permission/Organize';
const POS = '/api/permission/Position';
/** The positions list's data schemes (menu permission.position) apply to every route about positions. */
const POSITIONS_SCOPE = { menu: 'permission.position', table: 'position' } as const;
const ONE_POSITION = { ...POSITIONS_SCOPE, idParam: 'id' } as const;
const GRP = '/api/permission/Group';

const translator = (request: FastifyRequest): Translate => request.t.bind(request);

/**
 * Organisations (companies and departments), positions and permission groups.
 * Management calls need the menu's permission (buttons for writes); selectors and trees that any
 * staff member's forms use only need a signed-in user.
 */
export async function organizeRoutes(app: App, { db, dialect, now }: Services) {
  registerMessages(organizeMessages);
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });

  /** Organisations the caller may pick in 'auth' mode: all for administrators, else their own and below. */
  async function authorisedRows(request: FastifyRequest) {
    const { authority } = signedIn(request);
    const rows = enabledOnly(await loadOrganizes(db));
    if (authority.user.is_administrator === 1) return rows;
    return withinSubtrees(rows, await userOrganizeIds(db, authority.user.id));
  }

  // ---------------------------------------------------------------------------------------------
  // Organisations
  // ---------------------------------------------------------------------------------------------

  app.get(
    ORG,
    {
      schema: {
        querystring: keywordQuery,
        tags,
        summary: 'Organisation tree-table, by keyword',
        response: replies(organizeAnswer),
      },
      config: { access: { permission: 'permission.organize' } },
    },
    async (request) => ok({ list: await organizeList(db, request.query.keyword) }),
  );

  app.get(
    `${ORG}/Tree`,
    {
      schema: {
        querystring: keywordQuery,
        tags,
        summary: 'Company/department tree for side panels',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const all = await loadOrganizes(db);
      return ok({ list: pickerTree(withAncestors(all, request.query.keyword), all) });
    },
  );

  // Every picker of organisations and positions shows only what the caller's picker scope allows
  // (docs/pickers.md); out-of-scope ancestors are left out, so the allowed subtrees become roots.
  const selector = async (request: FastifyRequest, id: string, keyword: string) => {
    const [all, allowed] = await Promise.all([loadOrganizes(db), pickerOrganizeIds(db, request)]);
    const rows = inPickerScope(withoutSubtree(enabledOnly(all), id), allowed);
    return { list: pickerTree(withAncestors(rows, keyword), all) };
  };
  const selectorByAuth = async (request: FastifyRequest, id: string, keyword: string) => {
    const [all, allowed] = await Promise.all([loadOrganizes(db), pickerOrganizeIds(db, request)]);
    const rows = inPickerScope(withoutSubtree(await authorisedRows(request), id), allowed);
    return { list: pickerTree(withAncestors(rows, keyword), all) };
  };
  /** Organisation ids a picker call may use: the requested ones inside the scope (all of them when unrestricted). */
  const allowedOf = (requested: readonly string[], allowed: ReadonlySet<string> | null) =>
    allowed ? requested.filter((id) => allowed.has(id)) : [...requested];

  app.get(
    `${ORG}/Selector/:id`,
    {
      schema: {
        params: idParams,
        querystring: keywordQuery,
        tags,
        summary: 'Organisation picker tree without the given node and its subtree (0 = none excluded)',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await selector(request, request.params.id, request.query.keyword)),
  );

  app.get(
    `${ORG}/SelectorByAuth/:id`,
    {
      schema: {
        params: idParams,
        querystring: keywordQuery,
        tags,
        summary: 'Organisations the caller is authorised for (administrators: all; others: their own and below)',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await selectorByAuth(request, request.params.id, request.query.keyword)),
  );

  app.post(
    `${ORG}/OrganizeCondition`,
    {
      schema: {
        body: organizeConditionBody,
        tags,
        summary: 'Organisation tree limited to the allowed ids and below',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const [all, allowed] = await Promise.all([loadOrganizes(db), pickerOrganizeIds(db, request)]);
      const rows = inPickerScope(withinSubtrees(enabledOnly(all), request.body.departIds), allowed);
      return ok({ list: pickerTree(withAncestors(rows, request.body.keyword), all) });
    },
  );

  app.get(
    `${ORG}/Department/Selector/:id`,
    {
      schema: {
        params: idParams,
        querystring: keywordQuery,
        tags,
        summary: 'Department picker tree',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await selector(request, request.params.id, request.query.keyword)),
  );

  app.get(
    `${ORG}/Department/SelectorByAuth/:id`,
    {
      schema: {
        params: idParams,
        querystring: keywordQuery,
        tags,
        summary: 'Department picker limited by authority',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await selectorByAuth(request, request.params.id, request.query.keyword)),
  );

  app.post(
    ORG,
    {
      schema: {
        body: organizeBody,
        tags,
        summary: 'Create a company (or the given category)',
        response: replies(organizePostAnswer),
      },
      config: {
        access: { permission: 'permission.organize:btn_add' },
        audit: { resource: 'organize', table: 'organize', action: 'create' },
      },
    },
    async (request) => {
      const id = await createOrganize(
        db,
        translator(request),
        request.body,
        request.body.category ?? 'company',
        actor(request),
      );
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.post(
    `${ORG}/Department`,
    {
      schema: { body: organizeBody, tags, summary: 'Create a department', response: replies(organizePostAnswer) },
      config: {
        access: { permission: 'permission.organize:btn_add' },
        audit: { resource: 'organize', table: 'organize', action: 'create' },
      },
    },
    async (request) => {
      const id = await createOrganize(db, translator(request), request.body, 'department', actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${ORG}/Department/:id`,
    {
      schema: { params: idParams, tags, summary: 'One department', response: replies(organizeInfoSchema) },
      config: { access: { permission: 'permission.organize' } },
    },
    async (request) => {
      const info = await organizeInfo(db, request.params.id);
      if (info.category !== 'department') throw fail('organizeNotDepartment');
      return ok(info);
    },
  );

  app.put(
    `${ORG}/Department/:id`,
    {
      schema: {
        params: idParams,
        body: organizeUpdateBody,
        tags,
        summary: 'Save a department (with version)',
        response: replies(),
      },
      config: {
        access: { permission: 'permission.organize:btn_edit' },
        audit: { resource: 'organize', table: 'organize', action: 'update' },
      },
    },
    async (request) => {
      await updateOrganize(
        db,
        translator(request),
        request.params.id,
        { ...request.body, category: 'department' },
        actor(request),
        'department',
      );
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.get(
    `${ORG}/:id`,
    {
      schema: { params: idParams, tags, summary: 'One organisation', response: replies(organizeInfoSchema) },
      config: { access: { permission: 'permission.organize' } },
    },
    async (request) => ok(await organizeInfo(db, request.params.id)),
  );

  app.put(
    `${ORG}/:id`,
    {
      schema: {
        params: idParams,
        body: organizeUpdateBody,
        tags,
        summary: 'Save an organisation (with version); may move it',
        response: replies(),
      },
      config: {
        access: { permission: 'permission.organize:btn_edit' },
        audit: { resource: 'organize', table: 'organize', action: 'update' },
      },
    },
    async (request) => {
      await updateOrganize(db, translator(request), request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${ORG}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete an organisation nothing refers to', response: replies() },
      config: {
        access: { permission: 'permission.organize:btn_remove' },
        audit: { resource: 'organize', table: 'organize', action: 'delete' },
      },
    },
    async (request) => {
      await removeOrganize(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Positions
  // ---------------------------------------------------------------------------------------------

  app.get(
    POS,
    {
      schema: {
        querystring: positionListQuery,
        tags,
        summary: 'Positions, paged, by keyword and organisation',
        response: replies(positionAnswer),
      },
      config: { access: { permission: 'permission.position' }, scope: POSITIONS_SCOPE },
    },
    async (request) => ok(await listPositions(db, dialect, request.query, request.scope)),
  );

  app.get(
    `${POS}/Selector`,
    {
      schema: {
        querystring: keywordQuery,
        tags,
        summary: 'Organisation -> positions picker tree',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const allowed = await pickerOrganizeIds(db, request);
      return ok({ list: await positionTree(db, { keyword: request.query.keyword, within: allowed }) });
    },
  );

  app.get(
    `${POS}/All`,
    {
      schema: { tags, summary: 'Every enabled position', response: replies(positionAllAnswer) },
      config: { access: 'user' },
    },
    async (request) => {
      const allowed = await pickerOrganizeIds(db, request);
      const list = await allPositions(db);
      return ok({ list: allowed ? list.filter((p) => allowed.has(p.organizeId)) : list });
    },
  );

  app.post(
    `${POS}/getListByOrgIds`,
    {
      schema: {
        body: orgIdsBody,
        tags,
        summary: 'Positions of the given organisations, grouped by organisation',
        response: replies(positionGetListByOrgIdsPostAnswer),
      },
      config: { access: 'user', reads: true },
    },
    async (request) => {
      const allowed = await pickerOrganizeIds(db, request);
      return ok({ list: await positionsByOrganizes(db, allowedOf(request.body.organizeIds, allowed)) });
    },
  );

  app.post(
    `${POS}/PositionCondition`,
    {
      schema: {
        body: positionConditionBody,
        tags,
        summary: 'Position picker tree limited to the allowed ids',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { positionIds, departIds, keyword } = request.body;
      let organizeIds: string[] | undefined;
      if (departIds.length) organizeIds = withinSubtrees(await loadOrganizes(db), departIds).map((o) => o.id);
      // With neither list the caller is allowed nothing, not everything.
      const ids = positionIds.length || !organizeIds ? positionIds : undefined;
      const allowed = await pickerOrganizeIds(db, request);
      return ok({ list: await positionTree(db, { ids, organizeIds, keyword, within: allowed }) });
    },
  );

  app.post(
    POS,
    {
      schema: { body: positionBody, tags, summary: 'Create a position', response: replies(organizePostAnswer) },
      config: {
        access: { permission: 'permission.position:btn_add' },
        audit: { resource: 'position', table: 'position', action: 'create' },
      },
    },
    async (request) => {
      const id = await createPosition(db, translator(request), request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${POS}/:id`,
    {
      schema: { params: idParams, tags, summary: 'One position', response: replies(positionInfoSchema) },
      config: { access: { permission: 'permission.position' }, scope: ONE_POSITION },
    },
    async (request) => ok(await positionInfo(db, request.params.id)),
  );

  app.put(
    `${POS}/:id`,
    {
      schema: {
        params: idParams,
        body: positionUpdateBody,
        tags,
        summary: 'Save a position (with version)',
        response: replies(),
      },
      config: {
        access: { permission: 'permission.position:btn_edit' },
        audit: { resource: 'position', table: 'position', action: 'update' },
        scope: ONE_POSITION,
      },
    },
    async (request) => {
      await updatePosition(db, translator(request), request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${POS}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a position nobody holds', response: replies() },
      config: {
        access: { permission: 'permission.position:btn_remove' },
        audit: { resource: 'position', table: 'position', action: 'delete' },
        scope: ONE_POSITION,
      },
    },
    async (request) => {
      await removePosition(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Permission groups
  // ---------------------------------------------------------------------------------------------

  app.get(
    GRP,
    {
      schema: {
        querystring: groupListQuery,
        tags,
        summary: 'Permission groups, paged, by keyword',
        response: replies(groupAnswer),
      },
      config: { access: { permission: 'permission.group' } },
    },
    async (request) => ok(await listGroups(db, dialect, request.query)),
  );

  app.get(
    `${GRP}/Selector`,
    {
      schema: {
        querystring: keywordQuery,
        tags,
        summary: 'Enabled groups for pickers',
        response: replies(organizeTreeAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok({ list: await groupSelector(db, request.query.keyword) }),
  );

  app.post(
    GRP,
    {
      schema: { body: groupBody, tags, summary: 'Create a group', response: replies(organizePostAnswer) },
      config: {
        access: { permission: 'permission.group:btn_add' },
        audit: { resource: 'group', table: 'user_group', action: 'create' },
      },
    },
    async (request) => {
      const id = await createGroup(db, request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${GRP}/:id`,
    {
      schema: { params: idParams, tags, summary: 'One group', response: replies(versionedRecordSchema) },
      config: { access: { permission: 'permission.group' } },
    },
    async (request) => ok(await groupInfo(db, request.params.id)),
  );

  app.put(
    `${GRP}/:id`,
    {
      schema: {
        params: idParams,
        body: groupUpdateBody,
        tags,
        summary: 'Save a group (with version)',
        response: replies(),
      },
      config: {
        access: { permission: 'permission.group:btn_edit' },
        audit: { resource: 'group', table: 'user_group', action: 'update' },
      },
    },
    async (request) => {
      await updateGroup(db, request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${GRP}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a group without members', response: replies() },
      config: {
        access: { permission: 'permission.group:btn_remove' },
        audit: { resource: 'group', table: 'user_group', action: 'delete' },
      },
    },
    async (request) => {
      await removeGroup(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );
}

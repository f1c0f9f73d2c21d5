import { z } from 'zod';
import { ROLE_GLOBAL_NODE } from '@atrium/shared';
import { signedIn } from '../../core/access.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import { idParams } from './user-schema.ts';
import { pickerOrganizeIds } from '../organize/picker-scope.ts';
import {
  createRole,
  deleteRole,
  getRole,
  listRoles,
  roleForm,
  roleListQuery,
  roleSelector,
  rolesOfOrganizations,
  roleUpdate,
  toggleRoleState,
  updateRole,
} from './role-service.ts';
import {
  roleAnswer,
  roleSelectorAnswer,
  roleGetListByOrgIdsPostAnswer,
  rolePostAnswer,
  roleActionsStatePutAnswer,
} from './schema.ts';
import { replies } from '../../core/response-schema.ts';
import { roleInfoSchema } from '../../core/response-schema-wire.ts';

const tags = ['permission'];

/** Role management and the role pickers. */
export async function roleRoutes(app: App, { db, dialect, now }: Services) {
  app.get(
    '/api/permission/Role',
    {
      schema: {
        querystring: roleListQuery,
        tags,
        summary: "Roles, paged; organizeId 'global' or an organisation subtree",
        response: replies(roleAnswer),
      },
      config: { access: { permission: 'permission.role' } },
    },
    async (request) => ok(await listRoles(db, dialect, request.query)),
  );

  app.get(
    '/api/permission/Role/Selector',
    {
      schema: {
        tags,
        summary: "Role picker tree: node '1' global roles, then per organisation",
        response: replies(roleSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      // The organisation tab shows only the organisations of the caller's picker scope.
      const allowed = await pickerOrganizeIds(db, request);
      return ok({ list: await roleSelector(db, request.t('roleGlobal'), allowed ? [...allowed] : undefined) });
    },
  );

  app.get(
    '/api/permission/Role/SelectorByPermission',
    {
      schema: {
        tags,
        summary: "Role picker tree limited to the caller's organisations (all for administrators)",
        response: replies(roleSelectorAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { authority } = signedIn(request);
      const scope = authority.user.is_administrator === 1 ? undefined : authority.organizeIds;
      const allowed = await pickerOrganizeIds(db, request);
      const list = await roleSelector(db, request.t('roleGlobal'), scope);
      return ok({ list: allowed ? list.filter((n) => n.id === ROLE_GLOBAL_NODE || allowed.has(n.id)) : list });
    },
  );

  app.post(
    '/api/permission/Role/getListByOrgIds',
    {
      schema: {
        body: z.object({ organizeIds: z.array(z.string().min(1).max(64)).max(500) }),
        tags,
        summary: 'Enabled roles of organisations',
        response: replies(roleGetListByOrgIdsPostAnswer),
      },
      config: { access: 'user', reads: true },
    },
    async (request) => {
      const allowed = await pickerOrganizeIds(db, request);
      const ids = allowed ? request.body.organizeIds.filter((id) => allowed.has(id)) : request.body.organizeIds;
      return ok({ list: await rolesOfOrganizations(db, ids) });
    },
  );

  app.post(
    '/api/permission/Role',
    {
      schema: { body: roleForm, tags, summary: 'Create a role', response: replies(rolePostAnswer) },
      config: {
        access: { permission: 'permission.role:btn_add' },
        audit: { resource: 'role', table: 'role', action: 'create' },
      },
    },
    async (request) => {
      const id = await createRole(db, request.body, now(), signedIn(request).session.userId);
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    '/api/permission/Role/:id',
    {
      schema: { params: idParams, tags, summary: 'One role', response: replies(roleInfoSchema) },
      config: { access: { permission: 'permission.role' } },
    },
    async (request) => ok(await getRole(db, request.params.id)),
  );

  app.put(
    '/api/permission/Role/:id',
    {
      schema: {
        params: idParams,
        body: roleUpdate,
        tags,
        summary: 'Update a role (optimistic lock on version)',
        response: replies(),
      },
      config: {
        access: { permission: 'permission.role:btn_edit' },
        audit: { resource: 'role', table: 'role', action: 'update' },
      },
    },
    async (request) => {
      await updateRole(db, request.params.id, request.body, now(), signedIn(request).session.userId);
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    '/api/permission/Role/:id',
    {
      schema: { params: idParams, tags, summary: 'Delete a role that has no members', response: replies() },
      config: {
        access: { permission: 'permission.role:btn_remove' },
        audit: { resource: 'role', table: 'role', action: 'delete' },
      },
    },
    async (request) => {
      await deleteRole(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.put(
    '/api/permission/Role/:id/Actions/State',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Toggle enabled/disabled; a disabled role grants nothing',
        response: replies(roleActionsStatePutAnswer),
      },
      config: {
        access: { permission: 'permission.role:btn_edit' },
        audit: { resource: 'role', table: 'role', action: 'other' },
      },
    },
    async (request) => {
      const enabledMark = await toggleRoleState(db, request.params.id, now(), signedIn(request).session.userId);
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );
}

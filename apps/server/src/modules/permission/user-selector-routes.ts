import { z } from 'zod';
import { sql, type SqlBool } from 'kysely';
import type { PickerTreeNode } from '@atrium/shared';
import { signedIn } from '../../core/access.ts';
import { ok } from '../../core/http.ts';
import { pageQuery } from '../../core/paging.ts';
import type { App, Services } from '../../core/types.ts';
import {
  conditionBody,
  idParams,
  keywordBody,
  organizationQuery,
  selectedUserListBody,
  userIdsBody,
} from './user-schema.ts';
import {
  organizationLevel,
  organizationTree,
  organizeNode,
  pageUserOptions,
  pageUsersInScope,
  scopeOfMixedIds,
  userNode,
  userOptions,
} from './user-selector.ts';
import type { toUserOption } from './users.ts';
import { membersOfSubtree, organizeNames } from './users.ts';
import { pickerScopes, scoped, type UserFilter } from './picker-scope.ts';
import {
  usersAllAnswer,
  roleSelectorAnswer,
  usersImUserAnswer,
  usersUserConditionPostAnswer,
  usersGetSelectedListPostAnswer,
} from './schema.ts';
import { replies } from '../../core/response-schema.ts';

const tags = ['permission'];
const user = { access: 'user' as const };
const bareId = (value: string) => value.split('--')[0]!;

/**
 * The user pickers and lookups every staff member's forms use: any signed-in user may call them,
 * and each answers only the people (and organisations) of the caller's picker scope
 * (docs/pickers.md): a lookup by id of someone outside it finds nobody.
 */
export async function userSelectorRoutes(app: App, { db, dialect, authority }: Services) {
  const pickers = pickerScopes(db, dialect, authority);

  app.get(
    '/api/permission/Users/All',
    { schema: { tags, summary: 'Every enabled user as an option', response: replies(usersAllAnswer) }, config: user },
    async (request) => {
      const scope = await pickers.of(request);
      return ok({
        list: await userOptions(
          db,
          dialect,
          scoped(() => sql<SqlBool>`1 = 1`, scope),
          '',
          100000,
        ),
      });
    },
  );

  app.get(
    '/api/permission/Users/Selector',
    {
      schema: { tags, summary: 'Organisation tree with users as leaves', response: replies(roleSelectorAnswer) },
      config: user,
    },
    async (request) => ok({ list: await organizationTree(db, dialect, await pickers.of(request)) }),
  );

  app.get(
    '/api/permission/Users/getOrganization',
    {
      schema: {
        querystring: organizationQuery,
        tags,
        summary: 'One level of the user picker tree, or users by keyword',
        response: replies(roleSelectorAnswer),
      },
      config: user,
    },
    async (request) =>
      ok({
        list: await organizationLevel(
          db,
          dialect,
          request.query.organizeId,
          request.query.keyword,
          undefined,
          await pickers.of(request),
        ),
      }),
  );

  app.get(
    '/api/permission/Users/SelectorByOrganize',
    {
      schema: {
        querystring: pageQuery.extend({ organizeId: z.string().max(64).optional().default('0') }),
        tags,
        summary: "Users of an organisation and everything below it ('0' = everyone), by keyword, paged",
        response: replies(usersUserConditionPostAnswer),
      },
      config: user,
    },
    async (request) => {
      const { organizeId } = request.query;
      const scope = await pickers.of(request);
      const top = organizeId === '0' || organizeId === '-1' || organizeId === '';
      // The user picker's flat list while searching: every page counts only people in the scope.
      const filter: UserFilter = top
        ? () => sql<SqlBool>`1 = 1`
        : (eb) => eb('users.id', 'in', membersOfSubtree(db, organizeId));
      return ok(await pageUserOptions(db, dialect, scoped(filter, scope), request.query));
    },
  );

  app.get(
    '/api/permission/Users/ImUser',
    {
      schema: { querystring: pageQuery, tags, summary: 'Chat contacts, paged', response: replies(usersImUserAnswer) },
      config: user,
    },
    async (request) => {
      const me = signedIn(request).session.userId;
      const scope = await pickers.of(request);
      const page = await pageUserOptions(
        db,
        dialect,
        scoped((eb) => eb('users.id', '!=', me), scope),
        request.query,
      );
      // The chat client reads the organisation path as `department`.
      return ok({ ...page, list: page.list.map((option) => ({ ...option, department: option.organize })) });
    },
  );

  app.post(
    '/api/permission/Users/ImUser/Selector/:id',
    {
      schema: {
        params: idParams,
        body: keywordBody,
        tags,
        summary: 'Chat contact tree under an organisation (0 = top)',
        response: replies(roleSelectorAnswer),
      },
      config: { ...user, reads: true },
    },
    async (request) => {
      const me = signedIn(request).session.userId;
      const scope = await pickers.of(request);
      const nodes = await organizationLevel(db, dialect, request.params.id, request.body.keyword, undefined, scope);
      return ok({ list: nodes.filter((n) => n.id !== me) });
    },
  );

  app.post(
    '/api/permission/Users/GetListByAuthorize/:id',
    {
      schema: {
        params: idParams,
        body: keywordBody,
        tags,
        summary: "One level of the picker tree within the caller's organisations (0 = their own)",
        response: replies(roleSelectorAnswer),
      },
      config: { ...user, reads: true },
    },
    async (request) => {
      const { authority } = signedIn(request);
      const scope = await pickers.of(request);
      const admin = authority.user.is_administrator === 1;
      const roots = admin ? undefined : authority.organizeIds;
      if (!admin && request.params.id !== '0' && request.params.id !== '-1') {
        // Only organisations inside the caller's own subtrees.
        const orgs = await organizeNames(db);
        const node = orgs.get(request.params.id);
        if (!node || !node.tree.some((id) => authority.organizeIds.includes(id))) return ok({ list: [] });
      }
      if (admin || !request.body.keyword)
        return ok({
          list: await organizationLevel(db, dialect, request.params.id, request.body.keyword, roots, scope),
        });
      if (!authority.organizeIds.length) return ok({ list: [] });
      const users = await userOptions(
        db,
        dialect,
        scoped((eb) => eb.or(authority.organizeIds.map((id) => eb('users.id', 'in', membersOfSubtree(db, id)))), scope),
        request.body.keyword,
        100,
      );
      return ok({ list: users.map((u) => userNode(u, undefined)) });
    },
  );

  app.post(
    '/api/permission/Users/getUserList',
    {
      schema: {
        body: userIdsBody,
        tags,
        summary: 'Users by id, in the given order',
        response: replies(usersAllAnswer),
      },
      config: { ...user, reads: true },
    },
    async (request) => {
      const ids = [...new Set(request.body.userId.map(bareId))];
      if (!ids.length) return ok({ list: [] });
      const scope = await pickers.of(request);
      const found = await userOptions(
        db,
        dialect,
        scoped((eb) => eb('users.id', 'in', ids), scope),
        '',
        ids.length,
      );
      const byId = new Map(found.map((u) => [u.id, u]));
      return ok({ list: ids.flatMap((id) => byId.get(id) ?? []) });
    },
  );

  app.post(
    '/api/permission/Users/getSubordinates',
    {
      schema: {
        body: keywordBody,
        tags,
        summary: "The caller's direct subordinates",
        response: replies(usersAllAnswer),
      },
      config: user,
    },
    async (request) => {
      const me = signedIn(request).session.userId;
      const scope = await pickers.of(request);
      return ok({
        list: await userOptions(
          db,
          dialect,
          scoped((eb) => eb('users.manager_id', '=', me), scope),
          request.body.keyword,
        ),
      });
    },
  );

  app.get(
    '/api/permission/Users/GetUsersByPositionId',
    {
      schema: {
        querystring: z.object({
          positionId: z.string().min(1).max(64),
          keyword: z.string().trim().max(100).optional().default(''),
        }),
        tags,
        summary: 'Users holding a position',
        response: replies(usersAllAnswer),
      },
      config: user,
    },
    async (request) => {
      const { positionId, keyword } = request.query;
      const members = db
        .selectFrom('user_relation')
        .select('user_id')
        .where('object_type', '=', 'Position')
        .where('object_id', '=', positionId);
      const scope = await pickers.of(request);
      return ok({
        list: await userOptions(
          db,
          dialect,
          scoped((eb) => eb('users.id', 'in', members), scope),
          keyword,
        ),
      });
    },
  );

  app.get(
    '/api/permission/Users/GetUsersByRoleOrgId',
    {
      schema: {
        querystring: z.object({
          roleId: z.string().min(1).max(64),
          organizeId: z.string().max(64).optional().default(''),
          keyword: z.string().trim().max(100).optional().default(''),
        }),
        tags,
        summary: 'Users holding a role, optionally only those of one organisation',
        response: replies(usersAllAnswer),
      },
      config: user,
    },
    async (request) => {
      const { roleId, organizeId, keyword } = request.query;
      const holders = db
        .selectFrom('user_relation')
        .select('user_id')
        .where('object_type', '=', 'Role')
        .where('object_id', '=', roleId);
      const inOrg = db
        .selectFrom('user_relation')
        .select('user_id')
        .where('object_type', '=', 'Organize')
        .where('object_id', '=', organizeId);
      const scope = await pickers.of(request);
      const list = await userOptions(
        db,
        dialect,
        scoped(
          (eb) =>
            organizeId
              ? eb.and([eb('users.id', 'in', holders), eb('users.id', 'in', inOrg)])
              : eb('users.id', 'in', holders),
          scope,
        ),
        keyword,
      );
      return ok({ list });
    },
  );

  app.post(
    '/api/permission/Users/UserCondition',
    {
      schema: {
        body: conditionBody,
        tags,
        summary: 'Users within an allowed scope (departments, positions, roles, groups, users), paged',
        response: replies(usersUserConditionPostAnswer),
      },
      config: user,
    },
    async (request) => ok(await pageUsersInScope(db, dialect, request.body, request.body, await pickers.of(request))),
  );

  app.post(
    '/api/permission/Users/getSelectedUserList',
    {
      schema: {
        body: selectedUserListBody,
        tags,
        summary: 'Users covered by a mixed selection (id--type), paged',
        response: replies(usersUserConditionPostAnswer),
      },
      config: { ...user, reads: true },
    },
    async (request) =>
      ok(
        await pageUsersInScope(
          db,
          dialect,
          scopeOfMixedIds(request.body.userId),
          request.body,
          await pickers.of(request),
        ),
      ),
  );

  app.post(
    '/api/permission/Users/getSelectedList',
    {
      schema: {
        body: userIdsBody,
        tags,
        summary: 'Display items for picker values (id or id--type), in order',
        response: replies(usersGetSelectedListPostAnswer),
      },
      config: { ...user, reads: true },
    },
    async (request) => {
      const values = request.body.userId;
      const scope = scopeOfMixedIds(values);
      const picker = await pickers.of(request);
      const [orgs, users, positions, roles, groups] = await Promise.all([
        organizeNames(db),
        scope.userIds?.length
          ? userOptions(
              db,
              dialect,
              scoped((eb) => eb('users.id', 'in', scope.userIds!), picker),
              '',
              scope.userIds.length,
            )
          : [],
        scope.positionIds?.length
          ? db
              .selectFrom('position')
              .select(['id', 'full_name', 'organize_id'])
              .where('id', 'in', scope.positionIds)
              .execute()
          : [],
        scope.roleIds?.length
          ? db.selectFrom('role').select(['id', 'full_name']).where('id', 'in', scope.roleIds).execute()
          : [],
        scope.groupIds?.length
          ? db.selectFrom('user_group').select(['id', 'full_name']).where('id', 'in', scope.groupIds).execute()
          : [],
      ]);
      const list: (PickerTreeNode | ReturnType<typeof toUserOption>)[] = [];
      for (const value of values) {
        const [id, type = 'user'] = value.split('--') as [string, string?];
        const simple = (fullName: string, kind: PickerTreeNode['type'], organize = '') => ({
          id: value,
          parentId: '',
          fullName,
          type: kind,
          isLeaf: true,
          hasChildren: false,
          icon: '',
          organize,
          organizeIds: [],
          lastFullName: organize,
        });
        if (type === 'user') {
          const u = users.find((x) => x.id === id);
          if (u) list.push(u);
        } else if (type === 'company' || type === 'department' || type === 'organize') {
          const o = picker.organizeIds && !picker.organizeIds.has(id) ? undefined : orgs.get(id);
          if (o) list.push({ ...organizeNode(o), id: value });
        } else if (type === 'position') {
          const p = positions.find(
            (x) => x.id === id && (!picker.organizeIds || picker.organizeIds.has(x.organize_id)),
          );
          if (p) list.push(simple(p.full_name, 'position', orgs.get(p.organize_id)?.path ?? ''));
        } else if (type === 'role') {
          const r = roles.find((x) => x.id === id);
          if (r) list.push(simple(r.full_name, 'role'));
        } else if (type === 'group') {
          const g = groups.find((x) => x.id === id);
          if (g) list.push(simple(g.full_name, 'group'));
        }
      }
      return ok({ list });
    },
  );
}

import type { ModuleElementKind } from '@atrium/shared';
import { signedIn } from '../../core/access.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import { getColumns, setColumns } from './columns.ts';
import * as elements from './element-service.ts';
import { authorizeData, listObjects, saveAuthorize } from './grant-service.ts';
import * as menus from './menu-service.ts';
import {
  authorizeQuery,
  authorizeSaveBody,
  columnsBody,
  elementBody,
  elementListQuery,
  elementUpdateBody,
  idParams,
  keywordQuery,
  menuBody,
  menuListQuery,
  menuSelectorQuery,
  menuUpdateBody,
  moduleIdParams,
  objectIdParams,
  schemeBody,
  schemeUpdateBody,
  systemBody,
  systemUpdateBody,
  systemAnswer,
  systemAnswer2,
  systemPostAnswer,
  systemActionsStatePutAnswer,
  menuAnswer,
  menuSelectorAnswer,
  menuAnswer2,
  rootAnswer3,
  moduleDataAuthorizeSchemeAnswer,
  moduleDataAuthorizeSchemeFieldsAnswer,
  authorityObjectsAnswer,
  authorityGetColumnsByModuleIdAnswer,
} from './schema.ts';
import { registerMessages } from '../../core/messages.ts';
import { authorizeMessages } from './messages.ts';
import { replies } from '../../core/response-schema.ts';
import {
  moduleElementInfoSchema,
  dataSchemeInfoSchema,
  authorizeDataSchema,
  authorizeSaveResultSchema,
} from '../../core/response-schema-wire.ts';
import { grantSnapshot } from './grant-audit.ts';

const MENU = 'system.menu';
const read = { access: { permission: MENU } };
const add = { access: { permission: `${MENU}:btn_add` } };
const edit = { access: { permission: `${MENU}:btn_edit` } };
const remove = { access: { permission: `${MENU}:btn_remove` } };

/**
 * Systems and menus management (with each menu's buttons, columns, forms and data schemes),
 * authorisation of systems/menus/elements/schemes to roles, positions, users and organisations,
 * and per-user list-column settings.
 */
export async function authorizeRoutes(app: App, services: Services) {
  registerMessages(authorizeMessages);
  const { db, dialect, now } = services;
  const tags = ['system menu'];

  // ------------------------------------------------------------------------------ systems
  app.get(
    '/api/system/System',
    {
      schema: { querystring: keywordQuery, tags, summary: 'Systems (type 0)', response: replies(systemAnswer) },
      config: read,
    },
    async (request) => ok(await menus.listSystems(db, request.query.keyword, request.language)),
  );
  app.get(
    '/api/system/System/:id',
    { schema: { params: idParams, tags, summary: 'One system', response: replies(systemAnswer2) }, config: read },
    async (request) => ok(await menus.getSystem(db, request.params.id)),
  );
  app.post(
    '/api/system/System',
    {
      schema: { body: systemBody, tags, summary: 'Create a system', response: replies(systemPostAnswer) },
      config: { ...add, audit: { resource: 'system', table: 'app_system', action: 'create' } },
    },
    async (request) => {
      const id = await menus.createSystem(db, request.body, signedIn(request).session.userId, now());
      return ok({ id }, request.t('createSuccess'));
    },
  );
  app.put(
    '/api/system/System/:id',
    {
      schema: { params: idParams, body: systemUpdateBody, tags, summary: 'Update a system', response: replies() },
      config: { ...edit, audit: { resource: 'system', table: 'app_system', action: 'update' } },
    },
    async (request) => {
      await menus.updateSystem(db, request.params.id, request.body, signedIn(request).session.userId, now());
      return ok(undefined, request.t('updateSuccess'));
    },
  );
  app.put(
    '/api/system/System/:id/Actions/State',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Enable or disable a system',
        response: replies(systemActionsStatePutAnswer),
      },
      config: { ...edit, audit: { resource: 'system', table: 'app_system', action: 'other' } },
    },
    async (request) => {
      const enabledMark = await menus.toggleSystem(db, request.params.id, signedIn(request).session.userId, now());
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );
  app.delete(
    '/api/system/System/:id',
    {
      schema: { params: idParams, tags, summary: 'Delete a system without menus', response: replies() },
      config: { ...remove, audit: { resource: 'system', table: 'app_system', action: 'delete' } },
    },
    async (request) => {
      await menus.deleteSystem(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ------------------------------------------------------------------------------ menus
  app.get(
    '/api/system/Menu',
    {
      schema: { querystring: menuListQuery, tags, summary: 'Menu tree of a system', response: replies(menuAnswer) },
      config: read,
    },
    async (request) => ok(await menus.listMenus(db, request.query.systemId, request.query.keyword, request.language)),
  );
  app.get(
    '/api/system/Menu/Selector/:id',
    {
      schema: {
        params: idParams,
        querystring: menuSelectorQuery,
        tags,
        summary: "Parent picker: the system's menus without this one and its subtree ('0' for a new menu)",
        response: replies(menuSelectorAnswer),
      },
      config: read,
    },
    async (request) =>
      ok(
        await menus.menuSelector(
          db,
          request.params.id,
          request.query.systemId,
          request.t.bind(request),
          request.language,
        ),
      ),
  );
  app.get(
    '/api/system/Menu/:id',
    { schema: { params: idParams, tags, summary: 'One menu', response: replies(menuAnswer2) }, config: read },
    async (request) => ok(await menus.getMenu(db, request.params.id)),
  );
  app.post(
    '/api/system/Menu',
    {
      schema: { body: menuBody, tags, summary: 'Create a menu', response: replies(systemPostAnswer) },
      config: { ...add, audit: { resource: 'menu', table: 'menu', action: 'create' } },
    },
    async (request) => {
      const id = await menus.createMenu(
        db,
        request.t.bind(request),
        request.body,
        signedIn(request).session.userId,
        now(),
      );
      return ok({ id }, request.t('createSuccess'));
    },
  );
  app.put(
    '/api/system/Menu/:id',
    {
      schema: { params: idParams, body: menuUpdateBody, tags, summary: 'Update a menu', response: replies() },
      config: { ...edit, audit: { resource: 'menu', table: 'menu', action: 'update' } },
    },
    async (request) => {
      await menus.updateMenu(
        db,
        request.t.bind(request),
        request.params.id,
        request.body,
        signedIn(request).session.userId,
        now(),
      );
      return ok(undefined, request.t('updateSuccess'));
    },
  );
  app.put(
    '/api/system/Menu/:id/Actions/State',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Enable or disable a menu',
        response: replies(systemActionsStatePutAnswer),
      },
      config: { ...edit, audit: { resource: 'menu', table: 'menu', action: 'other' } },
    },
    async (request) => {
      const enabledMark = await menus.toggleMenu(db, request.params.id, signedIn(request).session.userId, now());
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );
  app.delete(
    '/api/system/Menu/:id',
    {
      schema: { params: idParams, tags, summary: 'Delete a menu without sub-menus', response: replies() },
      config: { ...remove, audit: { resource: 'menu', table: 'menu', action: 'delete' } },
    },
    async (request) => {
      await menus.deleteMenu(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ------------------------------------------------------------------------------ buttons, columns, forms
  const elementPaths: [string, ModuleElementKind][] = [
    ['ModuleButton', 'button'],
    ['ModuleColumn', 'column'],
    ['ModuleForm', 'form'],
  ];
  for (const [path, kind] of elementPaths) {
    const base = `/api/system/${path}`;
    // The trail names them menuButton, menuColumn, menuForm.
    const elementResource = `menu${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
    app.get(
      base,
      {
        schema: { querystring: elementListQuery, tags, summary: `A menu's ${kind}s`, response: replies(rootAnswer3) },
        config: read,
      },
      async (request) => ok(await elements.listElements(db, kind, request.query.moduleId, request.query.keyword)),
    );
    app.get(
      `${base}/:id`,
      {
        schema: { params: idParams, tags, summary: `One ${kind}`, response: replies(moduleElementInfoSchema) },
        config: read,
      },
      async (request) => ok(await elements.getElement(db, kind, request.params.id)),
    );
    app.post(
      base,
      {
        schema: { body: elementBody, tags, summary: `Add a ${kind} to a menu`, response: replies(systemPostAnswer) },
        config: { ...add, audit: { resource: elementResource, table: 'menu_element', action: 'create' } },
      },
      async (request) => {
        const id = await elements.createElement(
          db,
          request.t.bind(request),
          kind,
          request.body,
          signedIn(request).session.userId,
          now(),
        );
        return ok({ id }, request.t('createSuccess'));
      },
    );
    app.put(
      `${base}/:id`,
      {
        schema: { params: idParams, body: elementUpdateBody, tags, summary: `Update a ${kind}`, response: replies() },
        config: { ...edit, audit: { resource: elementResource, table: 'menu_element', action: 'update' } },
      },
      async (request) => {
        await elements.updateElement(
          db,
          kind,
          request.params.id,
          request.body,
          signedIn(request).session.userId,
          now(),
        );
        return ok(undefined, request.t('updateSuccess'));
      },
    );
    app.delete(
      `${base}/:id`,
      {
        schema: { params: idParams, tags, summary: `Delete a ${kind}`, response: replies() },
        config: { ...remove, audit: { resource: elementResource, table: 'menu_element', action: 'delete' } },
      },
      async (request) => {
        await elements.deleteElement(db, kind, request.params.id);
        return ok(undefined, request.t('deleteSuccess'));
      },
    );
  }

  // ------------------------------------------------------------------------------ data schemes
  const SCHEME = '/api/system/ModuleDataAuthorizeScheme';
  app.get(
    SCHEME,
    {
      schema: {
        querystring: elementListQuery,
        tags,
        summary: "A menu's data schemes",
        response: replies(moduleDataAuthorizeSchemeAnswer),
      },
      config: read,
    },
    async (request) => ok(await elements.listSchemes(db, request.query.moduleId, request.query.keyword)),
  );
  app.get(
    `${SCHEME}/Fields/:moduleId`,
    {
      schema: {
        params: moduleIdParams,
        tags,
        summary: "The fields a menu's list offers to data-scheme rules",
        response: replies(moduleDataAuthorizeSchemeFieldsAnswer),
      },
      config: read,
    },
    async (request) => ok(await elements.schemeFields(db, request.params.moduleId)),
  );
  app.get(
    `${SCHEME}/:id`,
    {
      schema: { params: idParams, tags, summary: 'One data scheme', response: replies(dataSchemeInfoSchema) },
      config: read,
    },
    async (request) => ok(await elements.getScheme(db, request.params.id)),
  );
  app.post(
    SCHEME,
    {
      schema: { body: schemeBody, tags, summary: 'Add a data scheme to a menu', response: replies(systemPostAnswer) },
      config: { ...add, audit: { resource: 'menuDataScheme', table: 'menu_resource', action: 'create' } },
    },
    async (request) => {
      const id = await elements.createScheme(
        db,
        request.t.bind(request),
        request.body,
        signedIn(request).session.userId,
        now(),
      );
      return ok({ id }, request.t('createSuccess'));
    },
  );
  app.put(
    `${SCHEME}/:id`,
    {
      schema: { params: idParams, body: schemeUpdateBody, tags, summary: 'Update a data scheme', response: replies() },
      config: { ...edit, audit: { resource: 'menuDataScheme', table: 'menu_resource', action: 'update' } },
    },
    async (request) => {
      await elements.updateScheme(
        db,
        request.t.bind(request),
        request.params.id,
        request.body,
        signedIn(request).session.userId,
        now(),
      );
      return ok(undefined, request.t('updateSuccess'));
    },
  );
  app.delete(
    `${SCHEME}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a data scheme', response: replies() },
      config: { ...remove, audit: { resource: 'menuDataScheme', table: 'menu_resource', action: 'delete' } },
    },
    async (request) => {
      await elements.deleteScheme(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ------------------------------------------------------------------------------ authorisation
  const authTags = ['authorize'];
  app.get(
    '/api/permission/Authority/Objects',
    {
      schema: {
        querystring: authorizeQuery.extend(keywordQuery.shape),
        tags: authTags,
        summary: 'Roles, positions, users or organisations to grant to (the editor picker)',
        response: replies(authorityObjectsAnswer),
      },
      config: { access: { permission: 'permission.authorize' } },
    },
    async (request) => ok(await listObjects(db, dialect, request.query.objectType, request.query.keyword)),
  );
  app.get(
    '/api/permission/Authority/Data/:objectId',
    {
      schema: {
        params: objectIdParams,
        querystring: authorizeQuery,
        tags: authTags,
        summary: 'The grant tree with what this object holds, and the version to save against',
        response: replies(authorizeDataSchema),
      },
      config: { access: { permission: 'permission.authorize' } },
    },
    async (request) => ok(await authorizeData(db, request.query.objectType, request.params.objectId, request.language)),
  );
  app.put(
    '/api/permission/Authority/Data/:objectId',
    {
      schema: {
        params: objectIdParams,
        body: authorizeSaveBody,
        tags: authTags,
        summary: "Replace this object's grants (409 when someone saved since the version read)",
        response: replies(authorizeSaveResultSchema),
      },
      config: {
        access: { permission: 'permission.authorize:btn_edit' },
        audit: { resource: 'authorize', action: 'update', id: 'objectId', load: grantSnapshot },
      },
    },
    async (request) => {
      const result = await saveAuthorize(
        services,
        request.t.bind(request),
        request.params.objectId,
        request.body,
        signedIn(request).session.userId,
      );
      return ok(result, request.t('saveSuccess'));
    },
  );

  // ------------------------------------------------------------------------------ column settings
  app.get(
    '/api/permission/Authority/GetColumnsByModuleId/:id',
    {
      schema: {
        params: idParams,
        tags: authTags,
        summary: 'My list columns (order, visibility) of a menu',
        response: replies(authorityGetColumnsByModuleIdAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => ok(await getColumns(db, signedIn(request).authority, request.params.id)),
  );
  app.put(
    '/api/permission/Authority/SetColumnsByModuleId',
    {
      schema: {
        body: columnsBody,
        tags: authTags,
        summary: 'Save my list columns of a menu (fieldList: JSON text)',
        response: replies(authorityGetColumnsByModuleIdAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const list = await setColumns(
        db,
        request.t.bind(request),
        signedIn(request).authority,
        request.body.moduleId,
        request.body.fieldList,
        now(),
      );
      return ok(list, request.t('saveSuccess'));
    },
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

const en = { 'accept-language': 'en-US' };

describe.each(dbTargets())('systems, menus, elements and data schemes on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let hr: string;
  let atriumId: string;
  let devId: string;
  beforeAll(async () => {
    server = await createTestServer(target);
    admin = await server.login('admin');
    hr = await server.login('hr');
    const systems = (await server.call('GET', '/api/system/System', { token: admin })).json().data.list;
    atriumId = systems.find((s: { enCode: string }) => s.enCode === 'atrium').id;
    devId = systems.find((s: { enCode: string }) => s.enCode === 'dev').id;
  });
  afterAll(() => server.close());

  const call = (method: string, url: string, body?: unknown, token = admin) =>
    server.call(method, url, { token, body, headers: en }).then((r) => r.json());
  const menuByCode = async (code: string) => {
    const row = await server.database.db.selectFrom('menu').selectAll().where('en_code', '=', code).executeTakeFirst();
    return row!;
  };

  describe('systems', () => {
    it('lists systems with their menu counts and filters by keyword', async () => {
      const res = await call('GET', '/api/system/System');
      expect(res.code).toBe(200);
      expect(res.data.list.map((s: { enCode: string }) => s.enCode)).toEqual(['atrium', 'dev']);
      // Lists name systems in the caller's language (English here); the translations come along.
      expect(res.data.list[0]).toMatchObject({
        fullName: 'Atrium Office',
        fullNameI18n: { 'en-US': 'Atrium Office', 'zh-TW': 'Atrium 協同辦公' },
        enabledMark: 1,
        version: 0,
      });
      expect(res.data.list[0].menuCount).toBeGreaterThan(3);
      const filtered = await call('GET', '/api/system/System?keyword=DEV');
      expect(filtered.data.list.map((s: { enCode: string }) => s.enCode)).toEqual(['dev']);
    });

    it('creates, reads, updates, toggles and deletes a system; validates and refuses duplicates', async () => {
      const created = await call('POST', '/api/system/System', {
        fullName: '报表中心',
        enCode: 'reports',
        icon: 'BarChartOutlined',
      });
      expect(created.code).toBe(200);
      const id = created.data.id;
      const info = (await call('GET', `/api/system/System/${id}`)).data;
      expect(info).toMatchObject({
        fullName: '报表中心',
        enCode: 'reports',
        icon: 'BarChartOutlined',
        version: 0,
        enabledMark: 1,
      });

      expect(await call('POST', '/api/system/System', { fullName: 'x', enCode: 'reports' })).toEqual({
        code: 400,
        msg: 'The code "reports" is already in use',
      });
      expect((await call('POST', '/api/system/System', { fullName: '', enCode: 'r2' })).msg).toBe(
        'Invalid fullName: is required',
      );
      expect((await call('POST', '/api/system/System', { fullName: 'x', enCode: 'has space' })).msg).toBe(
        'Invalid enCode: has the wrong format',
      );

      const updated = await call('PUT', `/api/system/System/${id}`, {
        fullName: '报表',
        enCode: 'reports',
        version: 0,
        sortCode: 5,
      });
      expect(updated.code).toBe(200);
      const row = await server.database.db.selectFrom('app_system').selectAll().where('id', '=', id).executeTakeFirst();
      expect(row).toMatchObject({ full_name: '报表', sort_code: 5, version: 1 });
      expect(
        (await call('PUT', `/api/system/System/${id}`, { fullName: 'y', enCode: 'reports', version: 0 })).code,
      ).toBe(409);

      const state = await call('PUT', `/api/system/System/${id}/Actions/State`);
      expect(state.data).toEqual({ enabledMark: 0 });

      expect((await call('DELETE', `/api/system/System/${id}`)).code).toBe(200);
      expect((await call('GET', `/api/system/System/${id}`)).code).toBe(404);
      expect((await call('DELETE', `/api/system/System/${id}`)).code).toBe(404);
      expect((await call('PUT', `/api/system/System/nope`, { fullName: 'y', enCode: 'zz', version: 0 })).code).toBe(
        404,
      );
    });

    it('refuses deleting a system that still has menus', async () => {
      expect(await call('DELETE', `/api/system/System/${atriumId}`)).toEqual({
        code: 400,
        msg: 'The system still has menus; remove them first',
      });
    });

    it('two admins saving the same system at once: one wins, the other gets 409', async () => {
      const id = (await call('POST', '/api/system/System', { fullName: 'Race', enCode: 'race' })).data.id;
      const other = await server.login('admin');
      const [a, b] = await Promise.all([
        call('PUT', `/api/system/System/${id}`, { fullName: 'A', enCode: 'race', version: 0 }),
        call('PUT', `/api/system/System/${id}`, { fullName: 'B', enCode: 'race', version: 0 }, other),
      ]);
      expect([a.code, b.code].sort()).toEqual([200, 409]);
      const winner = a.code === 200 ? 'A' : 'B';
      expect((await call('GET', `/api/system/System/${id}`)).data).toMatchObject({ fullName: winner, version: 1 });
      await call('DELETE', `/api/system/System/${id}`);
    });

    it('needs system.menu: 403 for hr', async () => {
      expect(await call('GET', '/api/system/System', undefined, hr)).toEqual({ code: 403, msg: 'No permission' });
      expect((await call('POST', '/api/system/System', { fullName: 'x', enCode: 'x' }, hr)).code).toBe(403);
    });
  });

  describe('menus', () => {
    it('lists the tree of a system, and filters by keyword keeping the path', async () => {
      const res = await call('GET', `/api/system/Menu?systemId=${atriumId}`);
      expect(res.code).toBe(200);
      const permission = res.data.list.find((m: { enCode: string }) => m.enCode === 'permission');
      expect(permission.hasChildren).toBe(true);
      expect(permission.children.map((m: { enCode: string }) => m.enCode)).toContain('permission.user');
      expect(res.data.list.every((m: { systemId: string }) => m.systemId === atriumId)).toBe(true);
      const found = await call('GET', `/api/system/Menu?systemId=${atriumId}&keyword=authorize`);
      expect(found.data.list).toHaveLength(1);
      expect(found.data.list[0].enCode).toBe('permission');
      expect(found.data.list[0].children.map((m: { enCode: string }) => m.enCode)).toEqual(['permission.authorize']);
    });

    it('creates every kind of entry with validation naming the field', async () => {
      const parent = await menuByCode('permission');
      const base = { systemId: atriumId, parentId: parent.id, fullName: '测试页', enCode: 'test.page', type: 2 };
      expect((await call('POST', '/api/system/Menu', { ...base, type: 9 })).msg).toMatch(/^Invalid type/);
      expect((await call('POST', '/api/system/Menu', base)).msg).toBe('Invalid urlAddress: is required');
      expect((await call('POST', '/api/system/Menu', { ...base, urlAddress: 'x', linkTarget: '_top' })).msg).toMatch(
        /^Invalid linkTarget/,
      );
      expect((await call('POST', '/api/system/Menu', { ...base, urlAddress: 'x', propertyJson: '[1]' })).msg).toBe(
        'Invalid propertyJson: must be a JSON object',
      );
      expect((await call('POST', '/api/system/Menu', { ...base, urlAddress: 'x', propertyJson: '{bad' })).msg).toBe(
        'Invalid propertyJson: must be a JSON object',
      );
      expect(
        (await call('POST', '/api/system/Menu', { ...base, type: 7, urlAddress: 'javascript:alert(1)' })).msg,
      ).toBe('Invalid urlAddress: has the wrong format');
      const devMenu = await menuByCode('devtools');
      expect((await call('POST', '/api/system/Menu', { ...base, urlAddress: 'x', parentId: devMenu.id })).msg).toBe(
        'Invalid parentId: must be a menu of the same system, not the menu itself or one below it',
      );
      expect((await call('POST', '/api/system/Menu', { ...base, urlAddress: 'x', systemId: 'nope' })).msg).toBe(
        'Invalid systemId: is not an allowed value',
      );
      expect(
        (await call('POST', '/api/system/Menu', { ...base, urlAddress: 'x', enCode: 'permission.user' })).code,
      ).toBe(400);

      const created = await call('POST', '/api/system/Menu', {
        ...base,
        urlAddress: 'test/page',
        icon: 'StarOutlined',
        propertyJson: '{"moduleId":"m1","isTree":0}',
        sortCode: 9,
      });
      expect(created.code).toBe(200);
      const row = await server.database.db
        .selectFrom('menu')
        .selectAll()
        .where('id', '=', created.data.id)
        .executeTakeFirst();
      expect(row).toMatchObject({
        system_id: atriumId,
        parent_id: parent.id,
        type: 2,
        url_address: 'test/page',
        link_target: '_self',
        property_json: '{"moduleId":"m1","isTree":0}',
        icon: 'StarOutlined',
        sort_code: 9,
        enabled: 1,
        version: 0,
      });
      const link = await call('POST', '/api/system/Menu', {
        systemId: atriumId,
        parentId: '-1',
        type: 7,
        fullName: '官网',
        enCode: 'test.link',
        urlAddress: 'https://example.com',
        linkTarget: '_blank',
      });
      expect(link.code).toBe(200);
      const directory = await call('POST', '/api/system/Menu', {
        systemId: atriumId,
        parentId: '-1',
        type: 1,
        fullName: '目录',
        enCode: 'test.dir',
      });
      expect(directory.code).toBe(200);
      const info = (await call('GET', `/api/system/Menu/${link.data.id}`)).data;
      expect(info).toMatchObject({ type: 7, linkTarget: '_blank', urlAddress: 'https://example.com', parentId: '-1' });
      expect((await call('GET', '/api/system/Menu/nope')).code).toBe(404);
    });

    it('parent picker leaves out the menu and its subtree; moving under its own child is refused', async () => {
      const permission = await menuByCode('permission');
      const user = await menuByCode('permission.user');
      const selector = await call('GET', `/api/system/Menu/Selector/${permission.id}`);
      const ids = JSON.stringify(selector.data.list);
      expect(ids).not.toContain(permission.id);
      expect(ids).not.toContain(user.id);
      expect(ids).toContain((await menuByCode('workbench')).id);
      const all = await call('GET', `/api/system/Menu/Selector/0?systemId=${atriumId}`);
      expect(JSON.stringify(all.data.list)).toContain(user.id);
      expect((await call('GET', '/api/system/Menu/Selector/0')).msg).toBe('Invalid systemId: is required');
      expect((await call('GET', '/api/system/Menu/Selector/nope')).code).toBe(404);

      const info = (await call('GET', `/api/system/Menu/${permission.id}`)).data;
      const moved = await call('PUT', `/api/system/Menu/${permission.id}`, { ...info, parentId: user.id });
      expect(moved.msg).toBe(
        'Invalid parentId: must be a menu of the same system, not the menu itself or one below it',
      );
      const self = await call('PUT', `/api/system/Menu/${permission.id}`, { ...info, parentId: permission.id });
      expect(self.code).toBe(400);
    });

    it('updates with version, toggles state and refuses deleting a menu with children', async () => {
      const permission = await menuByCode('permission');
      expect(await call('DELETE', `/api/system/Menu/${permission.id}`)).toEqual({
        code: 400,
        msg: 'The menu still has sub-menus; remove them first',
      });
      const dir = await menuByCode('test.dir');
      const info = (await call('GET', `/api/system/Menu/${dir.id}`)).data;
      expect((await call('PUT', `/api/system/Menu/${dir.id}`, { ...info, fullName: '目录二' })).code).toBe(200);
      expect((await call('PUT', `/api/system/Menu/${dir.id}`, { ...info, fullName: '目录三' })).code).toBe(409);
      expect((await call('PUT', '/api/system/Menu/nope', { ...info })).code).toBe(404);
      expect((await call('PUT', `/api/system/Menu/${dir.id}/Actions/State`)).data).toEqual({ enabledMark: 0 });
      expect((await call('PUT', `/api/system/Menu/nope/Actions/State`)).code).toBe(404);
      expect((await menuByCode('test.dir')).enabled).toBe(0);
    });

    it('a menu change reaches CurrentUser at once (authority revision bumped)', async () => {
      const before = (await call('GET', '/api/oauth/CurrentUser')).data;
      const flat = (items: { enCode: string; children?: unknown[] }[]): string[] =>
        items.flatMap((i) => [i.enCode, ...flat((i.children ?? []) as never)]);
      expect(flat(before.routerList)).toContain('test.link');
      const link = await menuByCode('test.link');
      await call('PUT', `/api/system/Menu/${link.id}/Actions/State`);
      const after = (await call('GET', '/api/oauth/CurrentUser')).data;
      expect(flat(after.routerList)).not.toContain('test.link');
    });

    it('deleting a menu removes its elements, schemes and grants', async () => {
      const page = await menuByCode('test.page');
      const button = await call('POST', '/api/system/ModuleButton', {
        moduleId: page.id,
        fullName: '新建',
        enCode: 'btn_add',
      });
      await server.database.db
        .insertInto('authorize')
        .values({
          id: 'g-test-1',
          item_type: 'button',
          item_id: button.data.id,
          object_type: 'role',
          object_id: 'r',
          created_at: 1,
          created_by: null,
        })
        .execute();
      expect((await call('DELETE', `/api/system/Menu/${page.id}`)).code).toBe(200);
      expect(
        await server.database.db.selectFrom('menu_element').selectAll().where('menu_id', '=', page.id).execute(),
      ).toEqual([]);
      expect(
        await server.database.db.selectFrom('authorize').selectAll().where('id', '=', 'g-test-1').execute(),
      ).toEqual([]);
      expect((await call('DELETE', `/api/system/Menu/${page.id}`)).code).toBe(404);
    });

    it('two admins saving the same menu at once: one wins, the other gets 409', async () => {
      const dir = await menuByCode('test.dir');
      const info = (await call('GET', `/api/system/Menu/${dir.id}`)).data;
      const other = await server.login('admin');
      const [a, b] = await Promise.all([
        call('PUT', `/api/system/Menu/${dir.id}`, { ...info, fullName: 'A' }),
        call('PUT', `/api/system/Menu/${dir.id}`, { ...info, fullName: 'B' }, other),
      ]);
      expect([a.code, b.code].sort()).toEqual([200, 409]);
      expect((await menuByCode('test.dir')).full_name).toBe(a.code === 200 ? 'A' : 'B');
    });

    it('needs system.menu: 403 for hr', async () => {
      expect((await call('GET', `/api/system/Menu?systemId=${atriumId}`, undefined, hr)).code).toBe(403);
      expect((await call('DELETE', `/api/system/Menu/x`, undefined, hr)).code).toBe(403);
    });
  });

  describe('buttons, columns and forms', () => {
    it('lists, creates, reads, updates and deletes per kind; codes are unique per menu and kind', async () => {
      const user = await menuByCode('permission.user');
      const list = await call('GET', `/api/system/ModuleButton?moduleId=${user.id}`);
      expect(list.data.list.map((b: { enCode: string }) => b.enCode)).toEqual([
        'btn_add',
        'btn_edit',
        'btn_remove',
        'btn_upload',
        'btn_download',
      ]);
      expect((await call('GET', '/api/system/ModuleButton?moduleId=nope')).code).toBe(404);
      expect((await call('GET', '/api/system/ModuleButton')).msg).toBe('Invalid moduleId: is required');

      const dup = await call('POST', '/api/system/ModuleButton', {
        moduleId: user.id,
        fullName: 'x',
        enCode: 'btn_add',
      });
      expect(dup).toEqual({ code: 400, msg: 'The code "btn_add" is already in use' });
      // The same code as a column is another element.
      const column = await call('POST', '/api/system/ModuleColumn', {
        moduleId: user.id,
        fullName: '账号',
        enCode: 'btn_add',
      });
      expect(column.code).toBe(200);
      const form = await call('POST', '/api/system/ModuleForm', {
        moduleId: user.id,
        fullName: '住址',
        enCode: 'homeAddress',
      });
      expect(form.code).toBe(200);
      expect((await call('POST', '/api/system/ModuleForm', { moduleId: 'nope', fullName: 'x', enCode: 'y' })).msg).toBe(
        'Invalid moduleId: is not an allowed value',
      );

      // A column's id does not answer as a button.
      expect((await call('GET', `/api/system/ModuleButton/${column.data.id}`)).code).toBe(404);
      const info = (await call('GET', `/api/system/ModuleColumn/${column.data.id}`)).data;
      expect(info).toMatchObject({ moduleId: user.id, fullName: '账号', enCode: 'btn_add', version: 0 });
      const updated = await call('PUT', `/api/system/ModuleColumn/${column.data.id}`, {
        fullName: '账号',
        enCode: 'loginName',
        version: 0,
      });
      expect(updated.code).toBe(200);
      const row = await server.database.db
        .selectFrom('menu_element')
        .selectAll()
        .where('id', '=', column.data.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'column', en_code: 'loginName', version: 1 });
      expect(
        (await call('PUT', `/api/system/ModuleColumn/${column.data.id}`, { fullName: 'a', enCode: 'a', version: 0 }))
          .code,
      ).toBe(409);
      expect(
        (await call('PUT', `/api/system/ModuleButton/${column.data.id}`, { fullName: 'a', enCode: 'a', version: 1 }))
          .code,
      ).toBe(404);
      expect(
        (await call('PUT', `/api/system/ModuleColumn/${column.data.id}`, { fullName: 'a', enCode: 'b c', version: 1 }))
          .msg,
      ).toBe('Invalid enCode: has the wrong format');
      expect((await call('DELETE', `/api/system/ModuleForm/${form.data.id}`)).code).toBe(200);
      expect((await call('DELETE', `/api/system/ModuleForm/${form.data.id}`)).code).toBe(404);
      // The seeded columns of the users list, and the one added here.
      const columns = (await call('GET', `/api/system/ModuleColumn?moduleId=${user.id}`)).data.list;
      expect(columns.map((c: { enCode: string }) => c.enCode)).toEqual(
        expect.arrayContaining(['account', 'mobilePhone', 'loginName']),
      );
      expect(columns).toHaveLength(7);
    });

    it("a new button granted nowhere does not appear in anyone's permissions; a removed one disappears", async () => {
      const user = await menuByCode('permission.user');
      const res = (await call('GET', '/api/oauth/CurrentUser', undefined, hr)).data;
      const entry = res.permissionList.find((p: { modelId: string }) => p.modelId === user.id);
      expect(entry.button.map((b: { enCode: string }) => b.enCode).sort()).toEqual([
        'btn_add',
        'btn_download',
        'btn_edit',
      ]);
      const edit = (await call('GET', `/api/system/ModuleButton?moduleId=${user.id}`)).data.list.find(
        (b: { enCode: string }) => b.enCode === 'btn_edit',
      );
      expect((await call('DELETE', `/api/system/ModuleButton/${edit.id}`)).code).toBe(200);
      const after = (await call('GET', '/api/oauth/CurrentUser', undefined, hr)).data;
      const entryAfter = after.permissionList.find((p: { modelId: string }) => p.modelId === user.id);
      expect(entryAfter.button.map((b: { enCode: string }) => b.enCode).sort()).toEqual(['btn_add', 'btn_download']);
      expect(
        await server.database.db.selectFrom('authorize').selectAll().where('item_id', '=', edit.id).execute(),
      ).toEqual([]);
    });

    it('two admins saving the same element at once: one wins, the other gets 409', async () => {
      const user = await menuByCode('permission.user');
      const id = (
        await call('POST', '/api/system/ModuleButton', { moduleId: user.id, fullName: 'R', enCode: 'btn_race' })
      ).data.id;
      const other = await server.login('admin');
      const [a, b] = await Promise.all([
        call('PUT', `/api/system/ModuleButton/${id}`, { fullName: 'A', enCode: 'btn_race', version: 0 }),
        call('PUT', `/api/system/ModuleButton/${id}`, { fullName: 'B', enCode: 'btn_race', version: 0 }, other),
      ]);
      expect([a.code, b.code].sort()).toEqual([200, 409]);
      expect((await call('GET', `/api/system/ModuleButton/${id}`)).data.fullName).toBe(a.code === 200 ? 'A' : 'B');
    });

    it('needs system.menu: 403 for hr', async () => {
      expect((await call('GET', '/api/system/ModuleButton?moduleId=x', undefined, hr)).code).toBe(403);
      expect(
        (await call('POST', '/api/system/ModuleForm', { moduleId: 'x', fullName: 'x', enCode: 'x' }, hr)).code,
      ).toBe(403);
    });
  });

  describe('data schemes', () => {
    it('offers the fields of the menu list, and lists the seeded schemes', async () => {
      const user = await menuByCode('permission.user');
      const fields = await call('GET', `/api/system/ModuleDataAuthorizeScheme/Fields/${user.id}`);
      expect(fields.data.list).toEqual(
        expect.arrayContaining([
          { field: 'organizeId', kind: 'organize' },
          { field: 'creatorUserId', kind: 'user' },
          { field: 'account', kind: 'text' },
        ]),
      );
      const home = await menuByCode('workbench.home');
      expect((await call('GET', `/api/system/ModuleDataAuthorizeScheme/Fields/${home.id}`)).data.list).toEqual([]);
      expect((await call('GET', `/api/system/ModuleDataAuthorizeScheme/Fields/nope`)).code).toBe(404);
      const list = await call('GET', `/api/system/ModuleDataAuthorizeScheme?moduleId=${user.id}`);
      expect(list.data.list.map((s: { enCode: string; allData: number }) => [s.enCode, s.allData])).toEqual([
        ['all', 1],
        ['dept_and_below', 0],
      ]);
      expect(JSON.parse(list.data.list[1].conditionJson)).toEqual([
        { field: 'organizeId', op: 'in', value: '@organizationAndSuborganization' },
      ]);
    });

    it('validates conditionJson at save time, naming the field and the rule', async () => {
      const user = await menuByCode('permission.user');
      const base = { moduleId: user.id, fullName: '规则', enCode: 's1', matchLogic: 'and', allData: 0 };
      const msg = async (conditionJson: string, extra: object = {}) =>
        (await call('POST', '/api/system/ModuleDataAuthorizeScheme', { ...base, conditionJson, ...extra })).msg;
      expect(await msg('{')).toBe('Invalid conditionJson: is not valid JSON');
      expect(await msg('{}')).toBe('Invalid conditionJson: must be a list of rules');
      expect(await msg('[]')).toBe('Invalid conditionJson: needs at least one rule (or all data)');
      expect(await msg('[1]')).toBe('Invalid conditionJson: rule 1 is not well formed');
      expect(await msg('[{"field":"password_hash","op":"=","value":"x"}]')).toBe(
        'Invalid conditionJson: rule 1: the field "password_hash" is not offered by this menu',
      );
      expect(await msg('[{"field":"account","op":"=","value":"a"},{"field":"account","op":"drop","value":"x"}]')).toBe(
        'Invalid conditionJson: rule 2: unknown operator',
      );
      expect(await msg('[{"field":"account","op":"in","value":"x"}]')).toBe(
        'Invalid conditionJson: rule 1: the value does not fit the operator or field',
      );
      expect(await msg('[{"field":"gender","op":"=","value":"1"}]')).toBe(
        'Invalid conditionJson: rule 1: the value does not fit the operator or field',
      );
      expect(await msg('[{"field":"organizeId","op":"=","value":"@userId"}]')).toBe(
        'Invalid conditionJson: rule 1: the system variable does not fit this field or operator',
      );
      expect(await msg('[{"field":"creatorUserId","op":"=","value":"@everyone"}]')).toBe(
        'Invalid conditionJson: rule 1: the system variable does not fit this field or operator',
      );
      expect(await msg('[]', { matchLogic: 'xor' })).toMatch(/^Invalid matchLogic/);
      expect(await msg('[]', { allData: 2 })).toMatch(/^Invalid allData/);
      // A menu whose list offers no fields takes only all-data schemes.
      const home = await menuByCode('workbench.home');
      expect(await msg('[{"field":"account","op":"=","value":"a"}]', { moduleId: home.id })).toBe(
        'Invalid conditionJson: rule 1: the field "account" is not offered by this menu',
      );
      expect(await msg('[]', { moduleId: 'nope' })).toBe('Invalid moduleId: is not an allowed value');
      expect(await msg('[{"field":"account","op":"=","value":"a"}]', { enCode: 'all' })).toBe(
        'The code "all" is already in use',
      );
    });

    it('creates, reads, updates and deletes a scheme', async () => {
      const user = await menuByCode('permission.user');
      const created = await call('POST', '/api/system/ModuleDataAuthorizeScheme', {
        moduleId: user.id,
        fullName: '我创建的',
        enCode: 'mine',
        conditionJson: '[{"field":"creatorUserId","op":"=","value":"@userId"},{"field":"gender","op":"=","value":1}]',
        matchLogic: 'or',
        allData: 0,
      });
      expect(created.code).toBe(200);
      const info = (await call('GET', `/api/system/ModuleDataAuthorizeScheme/${created.data.id}`)).data;
      expect(info).toMatchObject({ fullName: '我创建的', enCode: 'mine', matchLogic: 'or', allData: 0, version: 0 });
      const updated = await call('PUT', `/api/system/ModuleDataAuthorizeScheme/${created.data.id}`, {
        ...info,
        conditionJson: '[{"field":"account","op":"like","value":"a"}]',
      });
      expect(updated.code).toBe(200);
      const row = await server.database.db
        .selectFrom('menu_resource')
        .selectAll()
        .where('id', '=', created.data.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.condition_json)).toEqual([{ field: 'account', op: 'like', value: 'a' }]);
      expect(row.version).toBe(1);
      expect((await call('PUT', `/api/system/ModuleDataAuthorizeScheme/nope`, info)).code).toBe(404);
      expect((await call('GET', `/api/system/ModuleDataAuthorizeScheme/nope`)).code).toBe(404);
      expect((await call('DELETE', `/api/system/ModuleDataAuthorizeScheme/${created.data.id}`)).code).toBe(200);
      expect((await call('DELETE', `/api/system/ModuleDataAuthorizeScheme/${created.data.id}`)).code).toBe(404);
    });

    it('two admins saving the same scheme at once: one wins, the other gets 409', async () => {
      const user = await menuByCode('permission.user');
      const id = (
        await call('POST', '/api/system/ModuleDataAuthorizeScheme', {
          moduleId: user.id,
          fullName: 'R',
          enCode: 'race',
          conditionJson: '[]',
          allData: 1,
        })
      ).data.id;
      const info = (await call('GET', `/api/system/ModuleDataAuthorizeScheme/${id}`)).data;
      const other = await server.login('admin');
      const [a, b] = await Promise.all([
        call('PUT', `/api/system/ModuleDataAuthorizeScheme/${id}`, { ...info, fullName: 'A' }),
        call('PUT', `/api/system/ModuleDataAuthorizeScheme/${id}`, { ...info, fullName: 'B' }, other),
      ]);
      expect([a.code, b.code].sort()).toEqual([200, 409]);
      expect((await call('GET', `/api/system/ModuleDataAuthorizeScheme/${id}`)).data.fullName).toBe(
        a.code === 200 ? 'A' : 'B',
      );
      await call('DELETE', `/api/system/ModuleDataAuthorizeScheme/${id}`);
    });

    it('needs system.menu: 403 for hr', async () => {
      expect((await call('GET', '/api/system/ModuleDataAuthorizeScheme?moduleId=x', undefined, hr)).code).toBe(403);
      expect((await call('DELETE', '/api/system/ModuleDataAuthorizeScheme/x', undefined, hr)).code).toBe(403);
    });
  });

  it('a user granted only the system.menu page (no buttons) may read but not write', async () => {
    const userId = await server.addBareUser('menureader');
    const menu = await menuByCode('system.menu');
    const parent = await menuByCode('system');
    const data = (await call('GET', `/api/permission/Authority/Data/${userId}?objectType=user`)).data;
    const saved = await call('PUT', `/api/permission/Authority/Data/${userId}`, {
      objectType: 'user',
      version: data.version,
      system: [devId],
      module: [parent.id, menu.id],
    });
    expect(saved.code).toBe(200);
    const token = await server.login('menureader');
    expect((await call('GET', '/api/system/System', undefined, token)).code).toBe(200);
    expect((await call('POST', '/api/system/System', { fullName: 'x', enCode: 'x' }, token)).code).toBe(403);
    expect((await call('PUT', `/api/system/Menu/${menu.id}/Actions/State`, undefined, token)).code).toBe(403);
  });

  it('refuses deleting the last system (runs last: it removes the dev system)', async () => {
    const db = server.database.db;
    const devMenus = (await db.selectFrom('menu').select('id').where('system_id', '=', devId).execute()).map(
      (m) => m.id,
    );
    await db.deleteFrom('menu_element').where('menu_id', 'in', devMenus).execute();
    await db.deleteFrom('menu').where('id', 'in', devMenus).execute();
    expect((await call('DELETE', `/api/system/System/${devId}`)).code).toBe(200);
    expect(await call('DELETE', `/api/system/System/${atriumId}`)).toEqual({
      code: 400,
      msg: 'At least one system must remain',
    });
  });
});

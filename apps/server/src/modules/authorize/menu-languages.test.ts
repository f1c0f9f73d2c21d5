import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSeededNames } from '../../db/data/menu-names.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

const EN = { 'accept-language': 'en-US' };
const TW = { 'accept-language': 'zh-TW' };

interface Item {
  id: string;
  fullName: string;
  enCode: string;
  children?: Item[];
}

const flatten = (items: Item[]): Item[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
const named = (items: Item[], code: string) => flatten(items).find((i) => i.enCode === code)?.fullName;

describe.each(dbTargets())('menu and system names per language on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    server = await createTestServer(target);
    admin = await server.login('admin');
    staff = await server.login('staff');
  });
  afterAll(() => server.close());

  const call = (method: string, url: string, options: { token?: string; body?: unknown; headers?: object } = {}) =>
    server
      .call(method, url, {
        token: options.token ?? admin,
        body: options.body,
        headers: { ...(options.headers as Record<string, string>) },
      })
      .then((r) => r.json());
  const currentUser = async (token: string, headers: Record<string, string> = {}) =>
    (await call('GET', '/api/oauth/CurrentUser', { token, headers })).data;
  const menuId = async (code: string) =>
    (await server.database.db.selectFrom('menu').select('id').where('en_code', '=', code).executeTakeFirstOrThrow()).id;

  it('S1-2.4-39 CurrentUser names menus and systems in the caller language, zh-CN by default', async () => {
    // Alternating languages: the answer kept per language must not leak into another.
    for (let round = 0; round < 2; round += 1) {
      const english = await currentUser(staff, EN);
      expect(named(english.menuList, 'workbench')).toBe('Workbench');
      expect(named(english.menuList, 'workbench.home')).toBe('Home');
      expect(named(english.menuList, 'workbench.screen')).toBe('Dashboard');
      expect(english.routerList[0].fullName).toBe('Atrium Office');
      expect(english.userInfo.systemIds[0].name).toBe('Atrium Office');
      expect(english.permissionList.map((p: { moduleName: string }) => p.moduleName)).toContain('Home');

      const traditional = await currentUser(staff, TW);
      expect(named(traditional.menuList, 'workbench.home')).toBe('首頁');
      expect(traditional.userInfo.systemIds[0].name).toBe('Atrium 協同辦公');

      const simplified = await currentUser(staff);
      expect(named(simplified.menuList, 'workbench.home')).toBe('首页');
      expect(simplified.routerList[0].fullName).toBe('Atrium 协同办公');
    }
    // An administrator's two systems, as the system switch shows them.
    const adminEnglish = await currentUser(admin, EN);
    expect(adminEnglish.userInfo.systemIds.map((s: { name: string }) => s.name)).toEqual([
      'Atrium Office',
      'Atrium Development',
    ]);
    expect(named(adminEnglish.routerList, 'system.menu')).toBe('Menus');
  });

  it('S1-9-06 Accept-Language en and a stored zhtw preference choose the language; stored as the canonical code', async () => {
    expect(named((await currentUser(staff, { 'accept-language': 'en' })).menuList, 'workbench.home')).toBe('Home');

    const saved = await call('PUT', '/api/permission/Users/Current/SystemLanguage', {
      token: staff,
      body: { language: 'zhtw' },
    });
    expect(saved.code).toBe(200);
    const row = await server.rowOf('users', await server.userIdOf('staff'));
    expect(row.language).toBe('zh-TW');
    // Without Accept-Language the stored preference speaks: names, messages and the profile.
    const me = await currentUser(staff);
    expect(named(me.menuList, 'workbench.home')).toBe('首頁');
    expect(me.userInfo.language).toBe('zh-TW');
    const english = await call('PUT', '/api/permission/Users/Current/SystemLanguage', {
      token: staff,
      body: { language: 'en' },
    });
    expect(english.code).toBe(200);
    expect((await server.rowOf('users', await server.userIdOf('staff'))).language).toBe('en-US');
    expect(
      (await call('PUT', '/api/permission/Users/Current/SystemLanguage', { token: staff, body: { language: 'fr' } }))
        .code,
    ).toBe(400);
    // Through the API, so that the user row kept in memory follows.
    await call('PUT', '/api/permission/Users/Current/SystemLanguage', { token: staff, body: { language: 'zh' } });
    expect(named((await currentUser(staff)).menuList, 'workbench.home')).toBe('首页');
  });

  it('S1-2.4-39 an administrator edits a menu English name and a user sees it; lists answer the caller language', async () => {
    const id = await menuId('workbench.home');
    const info = (await call('GET', `/api/system/Menu/${id}`, { headers: EN })).data;
    // The edit form gets the zh-CN name and the translations apart.
    expect(info.fullName).toBe('首页');
    expect(info.fullNameI18n).toEqual({ 'zh-TW': '首頁', 'en-US': 'Home' });
    const body = {
      parentId: info.parentId,
      type: info.type,
      fullName: info.fullName,
      enCode: info.enCode,
      icon: info.icon,
      urlAddress: info.urlAddress,
      linkTarget: info.linkTarget,
      propertyJson: info.propertyJson,
      description: info.description,
      sortCode: info.sortCode,
      enabledMark: info.enabledMark,
    };
    const saved = await call('PUT', `/api/system/Menu/${id}`, {
      body: { ...body, version: info.version, fullNameI18n: { 'en-US': '  Start page ', 'zh-TW': '首頁' } },
    });
    expect(saved.code).toBe(200);
    expect(named((await currentUser(staff, EN)).menuList, 'workbench.home')).toBe('Start page');
    expect(named((await currentUser(staff)).menuList, 'workbench.home')).toBe('首页');

    const systemId = info.systemId;
    const list = (await call('GET', `/api/system/Menu?systemId=${systemId}`, { headers: EN })).data.list;
    expect(named(list, 'workbench.home')).toBe('Start page');
    expect(named((await call('GET', `/api/system/Menu?systemId=${systemId}`)).data.list, 'workbench.home')).toBe(
      '首页',
    );
    // The keyword finds a menu by its name in any language.
    const found = (await call('GET', `/api/system/Menu?systemId=${systemId}&keyword=start`)).data.list;
    expect(flatten(found).map((m) => m.enCode)).toEqual(['workbench', 'workbench.home']);
    const selector = (await call('GET', `/api/system/Menu/Selector/0?systemId=${systemId}`, { headers: TW })).data.list;
    expect(flatten(selector).map((m) => m.fullName)).toEqual(expect.arrayContaining(['工作台', '首頁', '營運大屏']));

    // A save without translations keeps them; an empty one removes that language (zh-CN shows).
    const again = (await call('GET', `/api/system/Menu/${id}`)).data;
    expect((await call('PUT', `/api/system/Menu/${id}`, { body: { ...body, version: again.version } })).code).toBe(200);
    expect((await call('GET', `/api/system/Menu/${id}`)).data.fullNameI18n).toEqual({
      'zh-TW': '首頁',
      'en-US': 'Start page',
    });
    const third = (await call('GET', `/api/system/Menu/${id}`)).data;
    await call('PUT', `/api/system/Menu/${id}`, {
      body: { ...body, version: third.version, fullNameI18n: { 'en-US': '', 'zh-TW': '首頁' } },
    });
    expect(named((await currentUser(staff, EN)).menuList, 'workbench.home')).toBe('首页');
    const fourth = (await call('GET', `/api/system/Menu/${id}`)).data;
    await call('PUT', `/api/system/Menu/${id}`, {
      body: { ...body, version: fourth.version, fullNameI18n: { 'en-US': 'Home', 'zh-TW': '首頁' } },
    });
    expect(named((await currentUser(staff, EN)).menuList, 'workbench.home')).toBe('Home');
  });

  it('translations are checked: no control characters, at most 50 characters, known languages only', async () => {
    const base = { fullName: '报表中心', enCode: 'reports-i18n' };
    const refused = [
      { 'en-US': 'Reports\u0007' },
      { 'en-US': 'Re\u202eports' },
      { 'zh-TW': 'x'.repeat(51) },
      { 'fr-FR': 'Rapports' },
      { 'en-US': 42 },
    ];
    for (const fullNameI18n of refused) {
      const res = await call('POST', '/api/system/System', { body: { ...base, fullNameI18n }, headers: EN });
      expect(res.code, JSON.stringify(fullNameI18n)).toBe(400);
      expect(res.msg).toMatch(/fullNameI18n/);
    }
    const created = await call('POST', '/api/system/System', {
      body: { ...base, fullNameI18n: { 'en-US': 'Reports', 'zh-TW': '報表中心' } },
    });
    expect(created.code).toBe(200);
    expect((await call('GET', `/api/system/System/${created.data.id}`)).data).toMatchObject({
      fullName: '报表中心',
      fullNameI18n: { 'en-US': 'Reports', 'zh-TW': '報表中心' },
    });
    const english = (await call('GET', '/api/system/System', { headers: EN })).data.list;
    expect(english.find((s: Item) => s.enCode === 'reports-i18n').fullName).toBe('Reports');
    expect((await call('GET', '/api/system/System?keyword=reports')).data.list).toHaveLength(1);
    const menu = await call('POST', '/api/system/Menu', {
      body: {
        systemId: created.data.id,
        parentId: '-1',
        type: 1,
        fullName: '报表',
        enCode: 'reports-i18n.dir',
        fullNameI18n: { 'en-US': 'Bad\nname' },
      },
    });
    expect(menu.code).toBe(400);
    expect((await call('DELETE', `/api/system/System/${created.data.id}`)).code).toBe(200);
  });

  it('the grant editor and my authorised menus name them in the caller language', async () => {
    const role = await server.idOfCode('role', 'employee');
    const tree = (await call('GET', `/api/permission/Authority/Data/${role}?objectType=role`, { headers: EN })).data
      .tree;
    expect(named(tree, 'atrium')).toBe('Atrium Office');
    expect(named(tree, 'permission.user')).toBe('Users');
    const mine = (await call('GET', '/api/permission/Users/Current/Authorize', { token: staff, headers: TW })).data;
    expect(mine.module[0].fullName).toBe('Atrium 協同辦公');
    expect(mine.module[0].children.map((m: Item) => m.fullName)).toEqual(['工作台', '範例應用', '工作流程']);
  });

  it('migration 013 gives seeded menus of an existing database their names, not the renamed ones', async () => {
    const db = server.database.db;
    await db.updateTable('menu').set({ full_name_i18n: '{}' }).execute();
    await db.updateTable('app_system').set({ full_name_i18n: '{}' }).execute();
    await db.updateTable('menu').set({ full_name: '我的首页' }).where('en_code', '=', 'workbench.home').execute();
    await fillSeededNames(db);
    const row = async (code: string) =>
      db.selectFrom('menu').select(['full_name_i18n']).where('en_code', '=', code).executeTakeFirstOrThrow();
    expect(JSON.parse((await row('workbench.home')).full_name_i18n)).toEqual({});
    expect(JSON.parse((await row('permission.user')).full_name_i18n)).toEqual({
      'zh-TW': '使用者管理',
      'en-US': 'Users',
    });
    expect(JSON.parse((await row('basic.dict.nation')).full_name_i18n)['en-US']).toBe('Ethnic groups');
    const atrium = await db
      .selectFrom('app_system')
      .select('full_name_i18n')
      .where('en_code', '=', 'atrium')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(atrium.full_name_i18n)['en-US']).toBe('Atrium Office');
    // Back as seeded, for whatever runs after.
    await db
      .updateTable('menu')
      .set({ full_name: '首页', full_name_i18n: '{"zh-TW":"首頁","en-US":"Home"}' })
      .where('en_code', '=', 'workbench.home')
      .execute();
  });
});

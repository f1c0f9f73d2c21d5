import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';

const DATA = '/api/system/DictionaryData';

interface Item {
  id: string;
  enCode: string;
  fullName: string;
  parentId?: string;
  enabledMark?: number;
  children?: Item[];
}

const flatten = (nodes: Item[]): Item[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(dbTargets())('dictionary items on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let zhuting: string;
  let staff: string;
  const en = { 'accept-language': 'en-US' };
  const db = () => server.database.db;
  const revision = async () =>
    Number(
      (await db().selectFrom('revision').select('value').where('name', '=', 'dictionary').executeTakeFirst())?.value ??
        0,
    );
  const typeId = async (code: string) =>
    (await db().selectFrom('dictionary_type').select('id').where('en_code', '=', code).executeTakeFirstOrThrow()).id;
  const itemId = async (type: string, code: string) =>
    (
      await db()
        .selectFrom('dictionary_data')
        .innerJoin('dictionary_type', 'dictionary_type.id', 'dictionary_data.type_id')
        .select('dictionary_data.id')
        .where('dictionary_type.en_code', '=', type)
        .where('dictionary_data.en_code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  const itemCount = async () =>
    Number(
      (
        await db()
          .selectFrom('dictionary_data')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, zhuting, staff] = await server.logins(['admin', 'zhuting', 'staff']);
  });
  afterAll(() => server.close());

  it("S2-7-24 S2-7-19 lists a flat type's items (data.list), by type id or enCode, with keyword", async () => {
    const nation = await typeId('nation');
    const res = (await server.call('GET', `${DATA}/${nation}`, { token: zhuting })).json();
    expect(res.code).toBe(200);
    expect(res.data.list).toHaveLength(56);
    expect(res.data.list[0]).toMatchObject({ enCode: '01', fullName: '汉族', parentId: '-1', enabledMark: 1 });
    expect(res.data.list[55]).toMatchObject({ enCode: '56', fullName: '基诺族' });
    const byCode = (
      await server.call('GET', `${DATA}/nation?keyword=${encodeURIComponent('回')}`, { token: zhuting })
    ).json();
    expect(byCode.data.list.map((i: Item) => i.fullName)).toEqual(['回族']);
    const missing = (await server.call('GET', `${DATA}/noSuchType`, { token: zhuting })).json();
    expect(missing.code).toBe(404);
  });

  it('S2-7-24 a tree type answers a tree; a keyword keeps matches with their ancestors; isTree=0 is flat', async () => {
    const tree = (await server.call('GET', `${DATA}/flowCategory`, { token: zhuting })).json().data.list as Item[];
    expect(tree.map((n) => n.enCode)).toEqual(['admin', 'hr', 'finance', 'purchase']);
    expect(tree[0]!.children!.map((n) => n.fullName)).toEqual(['请假', '出差', '用车']);
    const kw = (
      await server.call('GET', `${DATA}/flowCategory?keyword=${encodeURIComponent('报销')}`, { token: zhuting })
    ).json();
    expect(kw.data.list).toHaveLength(1);
    expect(kw.data.list[0]).toMatchObject({ enCode: 'finance', hasChildren: true });
    expect(kw.data.list[0].children.map((n: Item) => n.enCode)).toEqual(['finance.expense']);
    const flat = (await server.call('GET', `${DATA}/flowCategory?isTree=0`, { token: zhuting })).json();
    expect(flat.data.list).toHaveLength(15);
    expect(flat.data.list.every((n: Item) => !n.children)).toBe(true);
    const bad = (await server.call('GET', `${DATA}/flowCategory?isTree=yes`, { token: zhuting, headers: en })).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('isTree');
  });

  it('S2-7-24 S1-3-17 All answers every enabled type with enCode, isTree and dictionaryList, plus the revision', async () => {
    const res = (await server.call('GET', `${DATA}/All`, { token: staff })).json();
    expect(res.code).toBe(200);
    expect(res.data.revision).toBe(await revision());
    const sex = res.data.list.find((d: { enCode: string }) => d.enCode === 'sex');
    expect(sex).toEqual({
      id: await typeId('sex'),
      enCode: 'sex',
      fullName: '性别',
      isTree: 0,
      dictionaryList: [
        { id: await itemId('sex', '1'), enCode: '1', fullName: '男' },
        { id: await itemId('sex', '2'), enCode: '2', fullName: '女' },
      ],
    });
    const flow = res.data.list.find((d: { enCode: string }) => d.enCode === 'flowCategory');
    expect(flow.isTree).toBe(1);
    expect(flow.dictionaryList[1]).toMatchObject({ enCode: 'hr', children: expect.any(Array) });
    const urgency = res.data.list.find((d: { enCode: string }) => d.enCode === 'urgency');
    expect(urgency.dictionaryList.map((i: Item) => [i.enCode, i.fullName])).toEqual([
      ['1', '普通'],
      ['2', '重要'],
      ['3', '紧急'],
    ]);
    const rev = (await server.call('GET', `${DATA}/Revision`, { token: staff })).json();
    expect(rev.data).toEqual({ revision: res.data.revision });
  });

  it('S2-7-24 Data/Selector (type id or enCode) and the parent Selector serve any signed-in user', async () => {
    const byCode = (await server.call('GET', `${DATA}/education/Data/Selector`, { token: staff })).json();
    expect(byCode.data.list.map((i: Item) => i.fullName)).toContain('本科');
    const byId = (
      await server.call('GET', `${DATA}/${await typeId('education')}/Data/Selector`, { token: staff })
    ).json();
    expect(byId.data.list).toEqual(byCode.data.list);

    const hr = await itemId('flowCategory', 'hr');
    const all = (await server.call('GET', `${DATA}/flowCategory/Selector/0?isTree=1`, { token: staff })).json();
    expect(flatten(all.data.list)).toHaveLength(15);
    const without = (await server.call('GET', `${DATA}/flowCategory/Selector/${hr}?isTree=1`, { token: staff })).json();
    const codes = flatten(without.data.list).map((i) => i.enCode);
    expect(codes).not.toContain('hr');
    expect(codes).not.toContain('hr.entry');
    expect(codes).toContain('admin.leave');
  });

  it('S2-7-24 POST creates, Info reads with version, PUT saves, DELETE removes; each bumps the revision', async () => {
    const education = await typeId('education');
    const before = await revision();
    const created = (
      await server.call('POST', DATA, {
        token: zhuting,
        body: {
          dictionaryTypeId: education,
          fullName: '博士后',
          enCode: 'postdoc',
          simpleSpelling: 'bsh',
          sortCode: 0,
        },
      })
    ).json();
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    expect(await revision()).toBe(before + 1);
    const all = (await server.call('GET', `${DATA}/All`, { token: staff })).json();
    expect(all.data.revision).toBe(before + 1);
    expect(
      all.data.list.find((d: { enCode: string }) => d.enCode === 'education').dictionaryList.map((i: Item) => i.enCode),
    ).toContain('postdoc');

    const info = (await server.call('GET', `${DATA}/${id}/Info`, { token: zhuting })).json();
    expect(info.data).toEqual({
      id,
      dictionaryTypeId: education,
      parentId: '-1',
      fullName: '博士后',
      enCode: 'postdoc',
      simpleSpelling: 'bsh',
      isDefault: 0,
      sortCode: 0,
      enabledMark: 1,
      description: '',
      version: 0,
    });
    const saved = (
      await server.call('PUT', `${DATA}/${id}`, {
        token: zhuting,
        body: { ...info.data, fullName: '博士后研究', isDefault: 1 },
      })
    ).json();
    expect(saved.code).toBe(200);
    expect(await server.rowOf('dictionary_data', id)).toMatchObject({
      full_name: '博士后研究',
      is_default: 1,
      version: 1,
    });
    const removed = (await server.call('DELETE', `${DATA}/${id}`, { token: zhuting })).json();
    expect(removed.code).toBe(200);
    expect(await server.exists('dictionary_data', id)).toBe(false);
    expect(await revision()).toBe(before + 3);
  });

  it('S2-7-24 tree items nest under a parent of the same type; flat types refuse a parent', async () => {
    const flow = await typeId('flowCategory');
    const hr = await itemId('flowCategory', 'hr');
    const child = (
      await server.call('POST', DATA, {
        token: zhuting,
        body: { dictionaryTypeId: flow, parentId: hr, fullName: '调岗', enCode: 'hr.transfer' },
      })
    ).json();
    expect(child.code).toBe(200);
    expect((await server.rowOf('dictionary_data', child.data.id)).parent_id).toBe(hr);

    const sex = await typeId('sex');
    const flatParent = (
      await server.call('POST', DATA, {
        token: zhuting,
        body: { dictionaryTypeId: sex, parentId: await itemId('sex', '1'), fullName: 'X', enCode: 'x' },
        headers: en,
      })
    ).json();
    expect(flatParent.code).toBe(400);
    expect(flatParent.msg).toContain('parentId');
    const foreignParent = (
      await server.call('POST', DATA, {
        token: zhuting,
        body: { dictionaryTypeId: flow, parentId: await itemId('sex', '1'), fullName: 'X', enCode: 'x' },
        headers: en,
      })
    ).json();
    expect(foreignParent.code).toBe(400);
    expect(foreignParent.msg).toContain('parentId');

    const info = (await server.call('GET', `${DATA}/${hr}/Info`, { token: zhuting })).json().data;
    const intoSelf = (
      await server.call('PUT', `${DATA}/${hr}`, {
        token: zhuting,
        body: { ...info, parentId: child.data.id },
        headers: en,
      })
    ).json();
    expect(intoSelf.code).toBe(400);
    expect(intoSelf.msg).toContain('parentId');

    const withChildren = (await server.call('DELETE', `${DATA}/${hr}`, { token: zhuting })).json();
    expect(withChildren).toMatchObject({ code: 400, msg: '该字典数据下还有 4 条下级数据，不能删除' });
    expect(await server.exists('dictionary_data', hr)).toBe(true);
  });

  it('S2-7-24 bad input answers 400 naming the field and changes nothing', async () => {
    const sex = await typeId('sex');
    const before = await revision();
    const n = await itemCount();
    const cases: [unknown, string][] = [
      [{ fullName: 'X', enCode: 'a' }, 'dictionaryTypeId'],
      [{ dictionaryTypeId: 'missing', fullName: 'X', enCode: 'a' }, 'dictionaryTypeId'],
      [{ dictionaryTypeId: sex, fullName: '', enCode: 'a' }, 'fullName'],
      [{ dictionaryTypeId: sex, fullName: 'X', enCode: '' }, 'enCode'],
      [{ dictionaryTypeId: sex, fullName: 'X', enCode: 'a', isDefault: 3 }, 'isDefault'],
      [{ dictionaryTypeId: sex, fullName: 'X', enCode: 'a', sortCode: -1 }, 'sortCode'],
    ];
    for (const [body, field] of cases) {
      const res = (await server.call('POST', DATA, { token: zhuting, body, headers: en })).json();
      expect(res.code, field).toBe(400);
      expect(res.msg, field).toContain(field);
    }
    // Codes are unique per type: '1' exists in sex, but urgency has its own '1' too.
    const taken = (
      await server.call('POST', DATA, {
        token: zhuting,
        body: { dictionaryTypeId: sex, fullName: 'X', enCode: '1' },
        headers: en,
      })
    ).json();
    expect(taken).toMatchObject({ code: 400, msg: 'The code "1" is already in use' });
    const id = await itemId('sex', '2');
    const info = (await server.call('GET', `${DATA}/${id}/Info`, { token: zhuting })).json().data;
    const moveType = (
      await server.call('PUT', `${DATA}/${id}`, {
        token: zhuting,
        body: { ...info, dictionaryTypeId: await typeId('urgency') },
        headers: en,
      })
    ).json();
    expect(moveType.code).toBe(400);
    expect(moveType.msg).toContain('dictionaryTypeId');
    const noVersion = (
      await server.call('PUT', `${DATA}/${id}`, { token: zhuting, body: { ...info, version: undefined }, headers: en })
    ).json();
    expect(noVersion.code).toBe(400);
    expect(noVersion.msg).toContain('version');
    expect(await itemCount()).toBe(n);
    expect(await revision()).toBe(before);
    expect((await server.rowOf('dictionary_data', id)).version).toBe(info.version);
  });

  it('S2-7-24 S2-4-30 the state action flips an item; disabled items leave All and Data/Selector', async () => {
    const id = await itemId('documentType', 'minutes');
    const off = (await server.call('PUT', `${DATA}/${id}/Actions/State`, { token: zhuting })).json();
    expect(off).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    const options = (await server.call('GET', `${DATA}/documentType/Data/Selector`, { token: staff })).json();
    expect(options.data.list.map((i: Item) => i.enCode)).not.toContain('minutes');
    const all = (await server.call('GET', `${DATA}/All`, { token: staff })).json();
    const doc = all.data.list.find((d: { enCode: string }) => d.enCode === 'documentType');
    expect(doc.dictionaryList.map((i: Item) => i.enCode)).not.toContain('minutes');
    // The admin list still shows it, disabled.
    const list = (await server.call('GET', `${DATA}/documentType`, { token: zhuting })).json();
    expect(list.data.list.find((i: Item) => i.enCode === 'minutes').enabledMark).toBe(0);
    const on = (await server.call('PUT', `${DATA}/${id}/Actions/State`, { token: zhuting })).json();
    expect(on.data.enabledMark).toBe(1);
    expect((await server.rowOf('dictionary_data', id)).version).toBe(2);
    expect((await server.call('PUT', `${DATA}/nope/Actions/State`, { token: zhuting })).json().code).toBe(404);
  });

  it('S2-7-24 a stale version answers 409; two saves at once: exactly one wins', async () => {
    const id = await itemId('businessType', 'sales');
    const info = (await server.call('GET', `${DATA}/${id}/Info`, { token: zhuting })).json().data;
    const { codes, winner } = await server.saveTwiceAtOnce(
      `${DATA}/${id}`,
      { token: zhuting, body: { ...info, fullName: '销售A' } },
      { token: admin, body: { ...info, fullName: '销售B' } },
    );
    expect(codes).toEqual([200, 409]);
    expect((await server.rowOf('dictionary_data', id)).full_name).toBe(winner === 0 ? '销售A' : '销售B');
    const stale = (await server.call('PUT', `${DATA}/${id}`, { token: zhuting, body: info })).json();
    expect(stale.code).toBe(409);
  });

  it('S2-7-24 two creates of one code in one type at once: exactly one succeeds', async () => {
    const type = await typeId('documentType');
    const body = { dictionaryTypeId: type, fullName: '并发', enCode: 'concurrent' };
    const results = await Promise.all([
      server.call('POST', DATA, { token: zhuting, body }),
      server.call('POST', DATA, { token: admin, body }),
    ]);
    expect(results.map((r) => r.json().code).sort()).toEqual([200, 400]);
    expect(results.map((r) => r.json()).find((b) => b.code === 400)!.msg).toBe('编码“concurrent”已存在');
    const rows = await db()
      .selectFrom('dictionary_data')
      .select('id')
      .where('type_id', '=', type)
      .where('en_code', '=', 'concurrent')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('S2-7-24 deleting a type and adding an item to it at once never leaves an orphan item', async () => {
    const created = (
      await server.call('POST', '/api/system/DictionaryType', {
        token: zhuting,
        body: { fullName: '临时', enCode: 'raceType' },
      })
    ).json();
    const type = created.data.id as string;
    const [removed, added] = await Promise.all([
      server.call('DELETE', `/api/system/DictionaryType/${type}`, { token: admin }),
      server.call('POST', DATA, { token: zhuting, body: { dictionaryTypeId: type, fullName: 'A', enCode: 'a' } }),
    ]);
    const typeLeft = await server.exists('dictionary_type', type);
    const items = await db().selectFrom('dictionary_data').select('id').where('type_id', '=', type).execute();
    // Either the delete went first (the add then finds no type) or the add did (the delete is refused).
    if (removed.json().code === 200) {
      expect(added.json().code).toBe(400);
      expect(typeLeft).toBe(false);
      expect(items).toHaveLength(0);
    } else {
      expect(removed.json().code).toBe(400);
      expect(added.json().code).toBe(200);
      expect(typeLeft).toBe(true);
      expect(items).toHaveLength(1);
    }
  });

  it("S2-7-24 Export answers an xlsx of the type's items, parents named by code", async () => {
    const res = await server.call('GET', `${DATA}/flowCategory/Action/Export`, { token: zhuting });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('流程分类.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('流程分类');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '名称',
      '编码',
      '上级编码',
      '简拼',
      '默认',
      '排序',
      '状态',
      '说明',
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe('admin');
    expect(sheet.getRow(3).getCell(3).value).toBe('admin');
    expect(sheet.rowCount).toBeGreaterThanOrEqual(16);
  });

  it('S2-7-24 management needs the dictionary menu and its buttons (403), every call a token (602)', async () => {
    const id = await itemId('sex', '1');
    const sex = await typeId('sex');
    const managed: [string, string, unknown?][] = [
      ['GET', `${DATA}/${sex}`],
      ['GET', `${DATA}/${id}/Info`],
      ['POST', DATA, { dictionaryTypeId: sex, fullName: 'X', enCode: 'denied' }],
      ['PUT', `${DATA}/${id}`, { dictionaryTypeId: sex, fullName: 'X', enCode: '1', version: 0 }],
      ['DELETE', `${DATA}/${id}`],
      ['PUT', `${DATA}/${id}/Actions/State`],
      ['GET', `${DATA}/${sex}/Action/Export`],
    ];
    for (const [method, url, body] of managed) {
      expect((await server.call(method, url, { token: staff, body })).json().code, `${method} ${url}`).toBe(403);
      expect((await server.call(method, url, { body })).json().code, `${method} ${url}`).toBe(602);
    }
    for (const url of [`${DATA}/All`, `${DATA}/Revision`, `${DATA}/sex/Data/Selector`, `${DATA}/sex/Selector/0`])
      expect((await server.call('GET', url)).json().code, url).toBe(602);
    expect((await server.rowOf('dictionary_data', id)).full_name).toBe('男');
  });

  it('users keep education and nation as items of those dictionaries (400 naming a foreign item)', async () => {
    const userId = await server.userIdOf('staff');
    const info = (await server.call('GET', `/api/permission/Users/${userId}`, { token: admin })).json().data;
    expect(info).toMatchObject({ education: null, nation: null });
    const bachelor = await itemId('education', 'bachelor');
    const han = await itemId('nation', '01');
    const body = { ...info, education: bachelor, nation: han };
    const saved = (await server.call('PUT', `/api/permission/Users/${userId}`, { token: admin, body })).json();
    expect(saved.code).toBe(200);
    const again = (await server.call('GET', `/api/permission/Users/${userId}`, { token: admin })).json().data;
    expect(again).toMatchObject({ education: bachelor, nation: han });
    const wrong = (
      await server.call('PUT', `/api/permission/Users/${userId}`, {
        token: admin,
        body: { ...again, nation: bachelor },
        headers: en,
      })
    ).json();
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toContain('nation');
    expect((await server.rowOf('users', userId)).nation).toBe(han);
  });

  it('S1-2.2-06 the seed adds the nation dictionary menu (type 4, moduleId = type id), granted to zhuting', async () => {
    const menu = await db()
      .selectFrom('menu')
      .selectAll()
      .where('en_code', '=', 'basic.dict.nation')
      .executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ type: 4, full_name: '民族字典', url_address: 'dictionary/nation' });
    expect(JSON.parse(menu.property_json)).toEqual({ moduleId: await typeId('nation') });
    const current = (await server.call('GET', '/api/oauth/CurrentUser', { token: zhuting })).json();
    expect(JSON.stringify(current.data.menuList)).toContain('basic.dict.nation');
  });
});

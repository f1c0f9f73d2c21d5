import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';

const TYPE = '/api/system/DictionaryType';

interface Node {
  id: string;
  enCode: string;
  parentId: string;
  isTree: number;
  hasChildren: boolean;
  children?: Node[];
}

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(dbTargets())('dictionary types on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let zhuting: string;
  let staff: string;
  const en = { 'accept-language': 'en-US' };
  const revision = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('revision')
          .select('value')
          .where('name', '=', 'dictionary')
          .executeTakeFirst()
      )?.value ?? 0,
    );
  const typeId = async (code: string) =>
    (
      await server.database.db
        .selectFrom('dictionary_type')
        .select('id')
        .where('en_code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, zhuting, staff] = await server.logins(['admin', 'zhuting', 'staff']);
  });
  afterAll(() => server.close());

  it('S2-7-23 S2-3-46 GET lists the seeded type tree (categories with their types), filtered by keyword', async () => {
    const res = (await server.call('GET', TYPE, { token: zhuting })).json();
    expect(res.code).toBe(200);
    const top = res.data.list as Node[];
    expect(top.map((n) => n.enCode)).toEqual(['baseDictionary', 'businessDictionary', 'systemDictionary']);
    expect(top[0]).toMatchObject({ parentId: '-1', hasChildren: true });
    const all = flatten(top);
    for (const code of [
      'sex',
      'education',
      'nation',
      'flowCategory',
      'businessType',
      'documentType',
      'urgency',
      'dataInterfaceCategory',
      'printCategory',
      'messageCategory',
    ])
      expect(all.some((n) => n.enCode === code)).toBe(true);
    expect(all.find((n) => n.enCode === 'flowCategory')).toMatchObject({ isTree: 1, hasChildren: false });

    const kw = (await server.call('GET', `${TYPE}?keyword=${encodeURIComponent('民族')}`, { token: zhuting })).json();
    expect(flatten(kw.data.list).map((n) => n.enCode)).toEqual(['baseDictionary', 'nation']);
  });

  it('S2-7-23 Selector leaves out the given type and its subtree; 0 leaves out nothing', async () => {
    const base = await typeId('baseDictionary');
    const all = (await server.call('GET', `${TYPE}/Selector/0`, { token: staff })).json();
    expect(all.code).toBe(200);
    expect(flatten(all.data.list).some((n) => n.enCode === 'nation')).toBe(true);
    const without = (await server.call('GET', `${TYPE}/Selector/${base}`, { token: staff })).json();
    const codes = flatten(without.data.list).map((n) => n.enCode);
    expect(codes).not.toContain('baseDictionary');
    expect(codes).not.toContain('nation');
    expect(codes).toContain('businessType');
  });

  it('S2-7-23 POST creates, GET reads with version, PUT saves, DELETE removes; each bumps the revision', async () => {
    const parentId = await typeId('businessDictionary');
    const before = await revision();
    const created = (
      await server.call('POST', TYPE, {
        token: zhuting,
        body: { parentId, fullName: '客户等级', enCode: 'customerLevel', isTree: 0, sortCode: 9, description: '测试' },
      })
    ).json();
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    expect(await revision()).toBe(before + 1);

    const info = (await server.call('GET', `${TYPE}/${id}`, { token: zhuting })).json();
    expect(info.data).toEqual({
      id,
      parentId,
      fullName: '客户等级',
      enCode: 'customerLevel',
      isTree: 0,
      sortCode: 9,
      enabledMark: 1,
      hasChildren: false,
      description: '测试',
      version: 0,
    });

    const saved = (
      await server.call('PUT', `${TYPE}/${id}`, {
        token: zhuting,
        body: { parentId: '0', fullName: '客户级别', enCode: 'customerLevel', isTree: 1, version: 0 },
      })
    ).json();
    expect(saved.code).toBe(200);
    expect(await server.rowOf('dictionary_type', id)).toMatchObject({
      parent_id: '-1',
      full_name: '客户级别',
      is_tree: 1,
      version: 1,
    });
    expect(await revision()).toBe(before + 2);

    const removed = (await server.call('DELETE', `${TYPE}/${id}`, { token: zhuting })).json();
    expect(removed.code).toBe(200);
    expect(await server.exists('dictionary_type', id)).toBe(false);
    expect(await revision()).toBe(before + 3);
    const gone = (await server.call('GET', `${TYPE}/${id}`, { token: zhuting })).json();
    expect(gone.code).toBe(404);
  });

  it('S2-7-23 bad input answers 400 naming the field and changes nothing', async () => {
    const before = await revision();
    const count = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('dictionary_type')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    const cases: [unknown, string][] = [
      [{ fullName: '', enCode: 'x1' }, 'fullName'],
      [{ fullName: 'X', enCode: 'has space' }, 'enCode'],
      [{ fullName: 'X', enCode: 'x2', isTree: 2 }, 'isTree'],
      [{ fullName: 'X', enCode: 'x3', parentId: 'nope' }, 'parentId'],
    ];
    for (const [body, field] of cases) {
      const res = (await server.call('POST', TYPE, { token: zhuting, body, headers: en })).json();
      expect(res.code, field).toBe(400);
      expect(res.msg).toContain(field);
    }
    const taken = (
      await server.call('POST', TYPE, { token: zhuting, body: { fullName: 'X', enCode: 'nation' }, headers: en })
    ).json();
    expect(taken).toMatchObject({ code: 400, msg: 'The code "nation" is already in use' });
    expect(await count()).toBe(n);
    expect(await revision()).toBe(before);
  });

  it('S2-7-23 a type cannot move under itself or its subtree, nor lose nested items by becoming flat', async () => {
    const base = await typeId('baseDictionary');
    const nation = await typeId('nation');
    const info = (await server.call('GET', `${TYPE}/${base}`, { token: zhuting })).json().data;
    const moved = (
      await server.call('PUT', `${TYPE}/${base}`, { token: zhuting, body: { ...info, parentId: nation }, headers: en })
    ).json();
    expect(moved.code).toBe(400);
    expect(moved.msg).toContain('parentId');

    const flow = await typeId('flowCategory');
    const flowInfo = (await server.call('GET', `${TYPE}/${flow}`, { token: zhuting })).json().data;
    const flat = (
      await server.call('PUT', `${TYPE}/${flow}`, { token: zhuting, body: { ...flowInfo, isTree: 0 }, headers: en })
    ).json();
    expect(flat.code).toBe(400);
    expect(flat.msg).toContain('isTree');
    expect((await server.rowOf('dictionary_type', flow)).is_tree).toBe(1);
  });

  it('S2-7-23 deleting a type with sub-types or items is refused with a clear message', async () => {
    const withChildren = (
      await server.call('DELETE', `${TYPE}/${await typeId('baseDictionary')}`, { token: zhuting })
    ).json();
    expect(withChildren).toMatchObject({ code: 400, msg: '该字典分类下还有 4 个下级分类，不能删除' });
    const withItems = (await server.call('DELETE', `${TYPE}/${await typeId('sex')}`, { token: zhuting })).json();
    expect(withItems).toMatchObject({ code: 400, msg: '该字典分类下还有 2 条字典数据，请先删除字典数据' });
    expect(await server.exists('dictionary_type', await typeId('sex'))).toBe(true);
  });

  it('S2-7-23 a stale version answers 409; two saves at once: exactly one wins', async () => {
    const id = await typeId('documentType');
    const info = (await server.call('GET', `${TYPE}/${id}`, { token: zhuting })).json().data;
    const { codes, winner } = await server.saveTwiceAtOnce(
      `${TYPE}/${id}`,
      { token: zhuting, body: { ...info, fullName: '文档类别A' } },
      { token: admin, body: { ...info, fullName: '文档类别B' } },
    );
    expect(codes).toEqual([200, 409]);
    const row = await server.rowOf('dictionary_type', id);
    expect(row).toMatchObject({ full_name: winner === 0 ? '文档类别A' : '文档类别B', version: info.version + 1 });
    const stale = (
      await server.call('PUT', `${TYPE}/${id}`, { token: zhuting, body: { ...info, fullName: '过期' } })
    ).json();
    expect(stale.code).toBe(409);
    expect(stale.data).toEqual({ version: info.version + 1 });
  });

  it('S2-7-23 two creates of one code at once: exactly one succeeds, the other gets codeTaken', async () => {
    const body = { fullName: '并发', enCode: 'concurrentType' };
    const results = await Promise.all([
      server.call('POST', TYPE, { token: zhuting, body }),
      server.call('POST', TYPE, { token: admin, body }),
    ]);
    const codes = results.map((r) => r.json().code).sort();
    expect(codes).toEqual([200, 400]);
    const loser = results.map((r) => r.json()).find((b) => b.code === 400)!;
    expect(loser.msg).toBe('编码“concurrentType”已存在');
    const rows = await server.database.db
      .selectFrom('dictionary_type')
      .select('id')
      .where('en_code', '=', 'concurrentType')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('S2-7-23 management needs the dictionary menu (403), every call a token (602)', async () => {
    const id = await typeId('sex');
    const calls: [string, string, unknown?][] = [
      ['GET', TYPE],
      ['GET', `${TYPE}/${id}`],
      ['POST', TYPE, { fullName: 'X', enCode: 'denied' }],
      ['PUT', `${TYPE}/${id}`, { fullName: 'X', enCode: 'sex', version: 0 }],
      ['DELETE', `${TYPE}/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await server.call(method, url, { token: staff, body })).json().code, `${method} ${url}`).toBe(403);
      expect((await server.call(method, url, { body })).json().code, `${method} ${url}`).toBe(602);
    }
    expect((await server.call('GET', `${TYPE}/Selector/0`)).json().code).toBe(602);
    expect(await server.exists('dictionary_type', id)).toBe(true);
  });
});

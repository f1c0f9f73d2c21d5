import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';

const BASE = '/api/system/Area';
const en = { 'accept-language': 'en-US' };

interface Row {
  id: string;
  fullName: string;
  type: number;
  hasChildren: boolean;
  isLeaf: boolean;
  fullPath: string;
  enabledMark: number;
}

describe.each(dbTargets())('administrative areas on $name', (target) => {
  let server: TestServer;
  let xuming: string;
  let staff: string;
  const list = async (url: string, token = staff) => (await server.call('GET', url, { token })).json();
  const count = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('area')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await createTestServer(target);
    [xuming, staff] = await server.logins(['xuming', 'staff']);
  });
  afterAll(() => server.close());

  it('seeds the real divisions down to streets on a new database', async () => {
    expect(await count()).toBeGreaterThan(44_000);
    const levels = await server.database.db
      .selectFrom('area')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('type')
      .orderBy('type')
      .execute();
    expect(levels.map((l) => [l.type, Number(l.n)])).toEqual([
      [1, 31],
      [2, 342],
      [3, 2975],
      [4, 41352],
    ]);
  });

  it('S2-7-42 S2-3-10 GET /{parentId} lists children lazily for any signed-in user', async () => {
    const provinces = await list(`${BASE}/-1`);
    expect(provinces.code).toBe(200);
    expect(provinces.data.list).toHaveLength(31);
    expect(provinces.data.list[0]).toMatchObject({
      id: '110000',
      enCode: '110000',
      fullName: '北京市',
      parentId: '-1',
      type: 1,
      hasChildren: true,
      isLeaf: false,
      fullPath: '北京市',
    });
    const beijing = await list(`${BASE}/110000`);
    expect(beijing.data.list.map((r: Row) => [r.id, r.fullName])).toEqual([['110100', '北京市']]);
    const districts = (await list(`${BASE}/110100`)).data.list as Row[];
    expect(districts).toHaveLength(16);
    expect(districts[0]).toMatchObject({ id: '110101', fullName: '东城区', type: 3, fullPath: '北京市/北京市/东城区' });
    const streets = (await list(`${BASE}/110101`)).data.list as Row[];
    expect(streets[0]).toMatchObject({ id: '110101001', fullName: '东华门街道', type: 4, isLeaf: true });
    // 东莞 has no districts: its streets sit right under the city.
    const dongguan = (await list(`${BASE}/441900`)).data.list as Row[];
    expect(dongguan.length).toBeGreaterThan(20);
    expect(dongguan.every((r) => r.type === 4)).toBe(true);
    expect((await list(`${BASE}/nothing-here`)).data.list).toEqual([]);
    expect((await list(`${BASE}/0`)).data.list).toHaveLength(31);
  });

  it('S2-7-42 a keyword searches every level and shows where each match is', async () => {
    const res = await list(`${BASE}/-1?keyword=${encodeURIComponent('南山区')}`);
    const paths = res.data.list.map((r: Row) => r.fullPath);
    expect(paths).toContain('广东省/深圳市/南山区');
    const street = await list(`${BASE}/-1?keyword=${encodeURIComponent('东华门')}`);
    expect(street.data.list.map((r: Row) => r.fullPath)).toContain('北京市/北京市/东城区/东华门街道');
    const code = await list(`${BASE}/-1?keyword=440305`);
    expect(code.data.list[0]).toMatchObject({ id: '440305', fullName: '南山区' });
    const broad = await list(`${BASE}/-1?keyword=${encodeURIComponent('街道')}`);
    expect(broad.data.list).toHaveLength(200);
    const tooLong = await list(`${BASE}/-1?keyword=${'x'.repeat(60)}`);
    expect(tooLong.code).toBe(400);
    expect(tooLong.msg).toContain('keyword');
    const anonymous = (await server.call('GET', `${BASE}/-1`)).json();
    expect(anonymous.code).toBe(602);
  });

  it('S2-7-44 S2-7-22 GetAreaByIds turns id paths into name paths', async () => {
    const res = (
      await server.call('POST', `${BASE}/GetAreaByIds`, {
        token: staff,
        body: {
          idsList: [['110000', '110100', '110105'], ['440000', '440300', '440305'], ['110000', 'gone', '110101'], []],
        },
      })
    ).json();
    expect(res.code).toBe(200);
    expect(res.data).toEqual([
      ['北京市', '北京市', '朝阳区'],
      ['广东省', '深圳市', '南山区'],
      ['北京市', '东城区'],
      [],
    ]);
    const bad = (
      await server.call('POST', `${BASE}/GetAreaByIds`, { token: staff, body: { idsList: 'x' }, headers: en })
    ).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('idsList');
    const anonymous = (await server.call('POST', `${BASE}/GetAreaByIds`, { body: { idsList: [] } })).json();
    expect(anonymous.code).toBe(602);
  });

  it('S2-7-43 Selector offers possible parents, without the area being edited and without streets', async () => {
    expect((await list(`${BASE}/-1/Selector/0`)).data.list).toHaveLength(31);
    expect((await list(`${BASE}/110000/Selector/110100`)).data.list).toEqual([]);
    const districts = (await list(`${BASE}/110100/Selector/0`)).data.list;
    expect(districts[0]).toMatchObject({ id: '110101', fullName: '东城区', isLeaf: true, hasChildren: false });
    expect((await list(`${BASE}/110101/Selector/0`)).data.list).toEqual([]);
    expect((await server.call('GET', `${BASE}/-1/Selector/0`)).json().code).toBe(602);
  });

  it('S2-7-43 creates, reads, saves with version, moves within a level and deletes an area', async () => {
    const created = (
      await server.call('POST', BASE, {
        token: xuming,
        body: { parentId: '110100', enCode: 'T110199', fullName: '测试新区', quickQuery: 'csxq', sortCode: 5 },
      })
    ).json();
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const info = (await server.call('GET', `${BASE}/${id}/Info`, { token: xuming })).json();
    expect(info.data).toMatchObject({
      id,
      parentId: '110100',
      enCode: 'T110199',
      fullName: '测试新区',
      quickQuery: 'csxq',
      type: 3,
      enabledMark: 1,
      sortCode: 5,
      parentIds: ['110000', '110100'],
      parentPath: '北京市/北京市',
      version: 0,
    });
    const found = await list(`${BASE}/-1?keyword=csxq`);
    expect(found.data.list.map((r: Row) => r.fullPath)).toEqual(['北京市/北京市/测试新区']);

    const body = { parentId: '120100', enCode: 'T110199', fullName: '测试新区二', version: 0 };
    const saved = (await server.call('PUT', `${BASE}/${id}`, { token: xuming, body })).json();
    expect(saved.code).toBe(200);
    expect(await server.rowOf('area', id)).toMatchObject({ parent_id: '120100', full_name: '测试新区二', version: 1 });
    const stale = (await server.call('PUT', `${BASE}/${id}`, { token: xuming, body })).json();
    expect(stale.code).toBe(409);

    // A district cannot move under a province (its level would change).
    const wrongLevel = (
      await server.call('PUT', `${BASE}/${id}`, {
        token: xuming,
        headers: en,
        body: { ...body, parentId: '120000', version: 1 },
      })
    ).json();
    expect(wrongLevel.code).toBe(400);
    expect(wrongLevel.msg).toContain('parentId');
    expect(await server.rowOf('area', id)).toMatchObject({ parent_id: '120100', version: 1 });

    const removed = (await server.call('DELETE', `${BASE}/${id}`, { token: xuming })).json();
    expect(removed.code).toBe(200);
    expect(await server.exists('area', id)).toBe(false);
    expect((await server.call('DELETE', `${BASE}/${id}`, { token: xuming })).json().code).toBe(404);
    expect((await server.call('GET', `${BASE}/${id}/Info`, { token: xuming })).json().code).toBe(404);
  });

  it('S2-7-42 a kept list or search answer gives way to the next write, by the API or straight to the table', async () => {
    const search = async () => (await list(`${BASE}/-1?keyword=kptest`)).data.list.map((r: Row) => r.fullName);
    const provinces = async () =>
      (await list(`${BASE}/-1?enabledOnly=1`)).data.list.filter((r: Row) => r.fullName.startsWith('缓存'));
    expect(await search()).toEqual([]);
    expect(await provinces()).toEqual([]);
    const id = (
      await server.call('POST', BASE, {
        token: xuming,
        body: { parentId: '-1', enCode: 'T-KEPT', fullName: '缓存省', quickQuery: 'kptest' },
      })
    ).json().data.id as string;
    expect(await search()).toEqual(['缓存省']);
    expect(await provinces()).toHaveLength(1);
    // A write that does not go through the area service (an import, a script) is seen as well.
    await server.database.db.updateTable('area').set({ full_name: '缓存省二' }).where('id', '=', id).execute();
    expect(await search()).toEqual(['缓存省二']);
    // The same answer compressed, for a client that accepts it.
    const zipped = await server.call('GET', `${BASE}/-1?keyword=kptest`, {
      token: staff,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).data.list[0].fullName).toBe('缓存省二');
    await server.call('PUT', `${BASE}/${id}/Actions/State`, { token: xuming });
    expect(await provinces()).toEqual([]);
    expect((await server.call('DELETE', `${BASE}/${id}`, { token: xuming })).json().code).toBe(200);
    expect(await search()).toEqual([]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await count();
    const cases: [object, string][] = [
      [{ parentId: '110100', enCode: 'T1', fullName: '' }, 'fullName'],
      [{ parentId: '110100', enCode: 'has space', fullName: 'x' }, 'enCode'],
      [{ parentId: '110100', fullName: 'x' }, 'enCode'],
      [{ parentId: 'missing', enCode: 'T2', fullName: 'x' }, 'parentId'],
      // Streets are the lowest level.
      [{ parentId: '110101001', enCode: 'T3', fullName: 'x' }, 'parentId'],
      [{ parentId: '110100', enCode: 'T4', fullName: 'x', sortCode: -1 }, 'sortCode'],
    ];
    for (const [body, field] of cases) {
      const res = (await server.call('POST', BASE, { token: xuming, body, headers: en })).json();
      expect(res.code, field).toBe(400);
      expect(res.msg, field).toContain(field);
    }
    const taken = (
      await server.call('POST', BASE, { token: xuming, body: { parentId: '110100', enCode: '110101', fullName: 'x' } })
    ).json();
    expect(taken.code).toBe(400);
    expect(taken.msg).toContain('110101');
    expect(await count()).toBe(before);
  });

  it('refuses deleting an area that has sub-areas', async () => {
    const res = (await server.call('DELETE', `${BASE}/110000`, { token: xuming })).json();
    expect(res.code).toBe(400);
    expect(res.msg).toContain('1');
    expect(await server.exists('area', '110000')).toBe(true);
  });

  it('two administrators adding the same code at once: exactly one area is created', async () => {
    const body = { parentId: '110100', enCode: 'T-SAME', fullName: '同码区' };
    const results = await Promise.all([
      server.call('POST', BASE, { token: xuming, body }),
      server.call('POST', BASE, { token: xuming, body }),
    ]);
    expect(results.map((r) => r.json().code).sort()).toEqual([200, 400]);
    const rows = await server.database.db.selectFrom('area').select('id').where('en_code', '=', 'T-SAME').execute();
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    const { codes } = await server.saveTwiceAtOnce(
      `${BASE}/${id}`,
      { token: xuming, body: { ...body, fullName: 'A', version: 0 } },
      { token: xuming, body: { ...body, fullName: 'B', version: 0 } },
    );
    expect(codes).toEqual([200, 409]);
    expect((await server.rowOf('area', id)).version).toBe(1);
  });

  it('S1-4-40 S2-4-30 the state action toggles; pickers then leave the area out', async () => {
    const id = (
      await server.call('POST', BASE, {
        token: xuming,
        body: { parentId: '-1', enCode: 'T-STATE', fullName: '测试省' },
      })
    ).json().data.id as string;
    const off = (await server.call('PUT', `${BASE}/${id}/Actions/State`, { token: xuming })).json();
    expect(off).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect((await list(`${BASE}/-1?enabledOnly=1`)).data.list.some((r: Row) => r.id === id)).toBe(false);
    expect((await list(`${BASE}/-1`)).data.list.find((r: Row) => r.id === id).enabledMark).toBe(0);
    // Two toggles at once flip it twice: back to enabled, two versions later.
    await Promise.all([
      server.call('PUT', `${BASE}/${id}/Actions/State`, { token: xuming }),
      server.call('PUT', `${BASE}/${id}/Actions/State`, { token: xuming }),
    ]);
    expect(await server.rowOf('area', id)).toMatchObject({ enabled: 0, version: 3 });
    expect((await server.call('PUT', `${BASE}/missing/Actions/State`, { token: xuming })).json().code).toBe(404);
  });

  it('management calls need the area menu and its buttons (403), and a token (602)', async () => {
    const body = { parentId: '110100', enCode: 'T-DENIED', fullName: 'x', version: 0 };
    const calls: [string, string, object?][] = [
      ['POST', BASE, body],
      ['PUT', `${BASE}/110101`, body],
      ['DELETE', `${BASE}/110101`],
      ['GET', `${BASE}/110101/Info`],
      ['PUT', `${BASE}/110101/Actions/State`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await server.call(method, url, { token: staff, body: payload })).json().code, url).toBe(403);
      expect((await server.call(method, url, { body: payload })).json().code, url).toBe(602);
    }
    expect(await server.rowOf('area', '110101')).toMatchObject({ full_name: '东城区', enabled: 1, version: 0 });
  });
});

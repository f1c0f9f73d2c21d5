import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

describe.each(dbTargets())('users list on $name', (target) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await createTestServer(target);
    admin = await server.login('admin');
  });
  afterAll(() => server.close());

  it('S2-3-13 pages with keyword, currentPage, pageSize and total', async () => {
    const page1 = (
      await server.call('GET', '/api/permission/Users?currentPage=1&pageSize=10', { token: admin })
    ).json();
    expect(page1.code).toBe(200);
    expect(page1.data.list).toHaveLength(10);
    expect(page1.data.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 40 });
    const page4 = (
      await server.call('GET', '/api/permission/Users?currentPage=4&pageSize=10', { token: admin })
    ).json();
    expect(page4.data.list).toHaveLength(10);
    const page5 = (
      await server.call('GET', '/api/permission/Users?currentPage=5&pageSize=10', { token: admin })
    ).json();
    expect(page5.data).toEqual({ list: [], pagination: { currentPage: 5, pageSize: 10, total: 40 } });
    const ids = new Set([...page1.data.list, ...page4.data.list].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(20);
  });

  it('filters by keyword, ignoring case, and treats wildcards literally', async () => {
    const res = (await server.call('GET', '/api/permission/Users?keyword=MANAGER', { token: admin })).json();
    expect(res.data.list.map((u: { account: string }) => u.account)).toEqual(['manager']);
    expect(res.data.list[0]).toMatchObject({
      realName: '王建国',
      organizeName: '研发中心',
      enabledMark: 1,
      lockMark: 0,
    });
    const byName = (
      await server.call('GET', `/api/permission/Users?keyword=${encodeURIComponent('晓梅')}`, { token: admin })
    ).json();
    expect(byName.data.list.map((u: { account: string }) => u.account)).toEqual(['staff']);
    const wildcard = (await server.call('GET', '/api/permission/Users?keyword=%25', { token: admin })).json();
    expect(wildcard.data.pagination.total).toBe(0);
  });

  it('rejects a bad page size naming the field, and refuses users without the right', async () => {
    const bad = (
      await server.call('GET', '/api/permission/Users?pageSize=0', {
        token: admin,
        headers: { 'accept-language': 'en-US' },
      })
    ).json();
    expect(bad).toEqual({ code: 400, msg: 'Invalid pageSize: must be at least 1' });
    const staff = await server.login('staff');
    expect((await server.call('GET', '/api/permission/Users', { token: staff })).json()).toEqual({
      code: 403,
      msg: '暂无权限',
    });
  });

  it('the keyword index follows creates, renames and deletes (trigram search on SQLite, pg_trgm on PostgreSQL)', async () => {
    const org = await server.idOfCode('organize', 'demo.hr');
    const search = async (keyword: string) =>
      (await server.call('GET', `/api/permission/Users?keyword=${encodeURIComponent(keyword)}`, { token: admin }))
        .json()
        .data.list.map((u: { account: string }) => u.account);
    const created = (
      await server.call('POST', '/api/permission/Users', {
        token: admin,
        body: { account: 'Findme01', realName: '检索测试员', mobilePhone: '13712345678', organizeIdList: [org] },
      })
    ).json();
    expect(await search('findME0')).toEqual(['Findme01']);
    expect(await search('检索测试')).toEqual(['Findme01']);
    expect(await search('7123456')).toEqual(['Findme01']);
    expect(await search('a"b')).toEqual([]);
    const info = (await server.call('GET', `/api/permission/Users/${created.data.id}`, { token: admin })).json().data;
    await server.call('PUT', `/api/permission/Users/${created.data.id}`, {
      token: admin,
      body: { ...info, account: 'Renamed02', version: info.version },
    });
    expect(await search('Findme')).toEqual([]);
    expect(await search('renamed')).toEqual(['Renamed02']);
    await server.call('DELETE', `/api/permission/Users/${created.data.id}`, { token: admin });
    expect(await search('renamed')).toEqual([]);
  });
});

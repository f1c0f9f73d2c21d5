import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TICKET_TTL_MS } from '../../core/file-ticket.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { forgeTicket, ticketKey, withTicketParam } from '../file/testing.ts';

const en = { 'accept-language': 'en-US' };

function multipart(fileName: string, bytes: Buffer) {
  const boundary = '----atrium' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function readSheet(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const values: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) values.push(String(row.getCell(i).value ?? ''));
    rows.push(values);
  });
  return rows;
}

describe.each(dbTargets())('user spreadsheet on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let hr: string;
  let staff: string;
  let dataDir: string;

  const upload = async (token: string, fileName: string, bytes: Buffer, headers: Record<string, string> = {}) => {
    const { payload, contentType } = multipart(fileName, bytes);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/permission/Users/Uploader',
      headers: { authorization: token, 'content-type': contentType, ...headers },
      payload,
    });
    return res.json() as { code: number; msg: string; data?: { name: string } };
  };
  const download = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return res.rawPayload;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-users-excel-'));
    server = await createTestServer(target, { dataDir });
    [admin, hr, staff] = await server.logins(['admin', 'hr', 'staff']);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S2-7-40 S2-3-15 S2-3-16 round trip: export, two bad rows, preview, import reports 2 failures, failed-row export', async () => {
    const rd = await server.idOfCode('organize', 'demo.rd');
    const exported = (
      await server.call('GET', `/api/permission/Users/ExportExcel?organizeId=${rd}`, { token: admin })
    ).json();
    expect(exported.code).toBe(200);
    expect(exported.data.url).toMatch(
      /^\/api\/permission\/Users\/Download\/[0-9a-f]{32}\.xlsx\?fullName=[^&]+&ticket=[^&]+$/,
    );
    const sheet = await readSheet(await download(exported.data.url));
    expect(sheet[0]).toEqual(['账户', '姓名', '性别', '手机', '邮箱', '所属组织', '岗位', '角色', '说明']);
    const managerRow = sheet.find((r) => r[0] === 'manager')!;
    expect(managerRow.slice(0, 3)).toEqual(['manager', '王建国', '男']);
    expect(managerRow[5]).toBe('示范科技有限公司/研发中心');
    expect(managerRow[7]).toContain('普通员工');
    const dataRows = sheet.slice(1);
    expect(dataRows.length).toBeGreaterThanOrEqual(4);

    // Re-import as new accounts; row 2 gets a bad mobile, row 3 an unknown role.
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('users');
    ws.addRow(sheet[0]!);
    dataRows.forEach((r, i) => {
      const row = [...r];
      while (row.length < 9) row.push('');
      row[0] = `${row[0]}copy`;
      row[3] = '';
      if (i === 1) row[3] = '12345';
      if (i === 2) row[7] = '不存在的角色';
      ws.addRow(row);
    });
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = await upload(admin, 'users.xlsx', bytes);
    expect(uploaded.code).toBe(200);

    const preview = (
      await server.call('GET', `/api/permission/Users/ImportPreview?fileName=${uploaded.data!.name}`, {
        token: admin,
        headers: en,
      })
    ).json();
    expect(preview.data.headerRow.map((h: { id: string }) => h.id)).toEqual([
      'account',
      'realName',
      'gender',
      'mobilePhone',
      'email',
      'organize',
      'position',
      'role',
      'description',
    ]);
    expect(preview.data.headerRow[0].fullName).toBe('Account');
    expect(preview.data.dataRow).toHaveLength(dataRows.length);
    expect(preview.data.dataRow[1].mobilePhone).toBe('12345');

    const result = (
      await server.call('POST', '/api/permission/Users/ImportData', {
        token: admin,
        body: { list: preview.data.dataRow },
        headers: en,
      })
    ).json();
    expect(result.code).toBe(200);
    expect(result.data).toMatchObject({ resultType: 1, snum: dataRows.length - 2, fnum: 2 });
    expect(
      result.data.failResult.map((r: { account: string; errorsInfo: string }) => [r.account, r.errorsInfo]),
    ).toEqual([
      [`${dataRows[1]![0]}copy`, 'Mobile number is not valid'],
      [`${dataRows[2]![0]}copy`, 'Role "不存在的角色" does not exist'],
    ]);
    const created = await server.database.db
      .selectFrom('users')
      .select(['account', 'organize_id'])
      .where('account', '=', `${dataRows[0]![0]}copy`)
      .executeTakeFirstOrThrow();
    expect(created.organize_id).toBeTruthy();
    const relations = await server.database.db
      .selectFrom('user_relation')
      .innerJoin('users', 'users.id', 'user_relation.user_id')
      .select('user_relation.object_type')
      .where('users.account', '=', 'managercopy')
      .execute();
    expect(relations.map((r) => r.object_type).sort()).toEqual(expect.arrayContaining(['Organize', 'Role']));

    const failed = (
      await server.call('POST', '/api/permission/Users/ExportExceptionData', {
        token: admin,
        body: { list: result.data.failResult },
        headers: en,
      })
    ).json();
    expect(failed.code).toBe(200);
    const failedSheet = await readSheet(await download(failed.data.url));
    expect(failedSheet[0]![9]).toBe('Errors');
    // The generic import widget's name for the same call.
    const alias = (
      await server.call('POST', '/api/permission/Users/ImportExceptionData', {
        token: admin,
        body: { list: result.data.failResult },
      })
    ).json();
    expect((await readSheet(await download(alias.data.url))).length).toBe(3);
    expect(failedSheet.slice(1).map((r) => [r[0], r[9]])).toEqual([
      [`${dataRows[1]![0]}copy`, 'Mobile number is not valid'],
      [`${dataRows[2]![0]}copy`, 'Role "不存在的角色" does not exist'],
    ]);

    // Importing the same rows again: every account now exists (or is still bad).
    const again = (
      await server.call('POST', '/api/permission/Users/ImportData', {
        token: admin,
        body: { list: preview.data.dataRow },
      })
    ).json();
    expect(again.data).toMatchObject({ resultType: 1, snum: 0, fnum: dataRows.length });
    expect(again.data.failResult[0].errorsInfo).toBe('账户已存在');
  });

  it('checks each row: required, duplicate in file, gender, email, organisation, control characters', async () => {
    const row = {
      account: 'rowtest1',
      realName: '测试',
      gender: '男',
      mobilePhone: '',
      email: '',
      organize: '研发中心',
      position: '',
      role: '',
      description: '',
    };
    const res = (
      await server.call('POST', '/api/permission/Users/ImportData', {
        token: admin,
        headers: en,
        body: {
          list: [
            row,
            { ...row, account: '', realName: '' },
            { ...row, account: 'dup1' },
            { ...row, account: 'dup1' },
            { ...row, account: 'g1', gender: 'x', email: 'nope' },
            { ...row, account: 'o1', organize: '火星部' },
            { ...row, account: 'c1', realName: 'Bell\u0007name' },
          ],
        },
      })
    ).json();
    expect(res.data.snum).toBe(1);
    expect(res.data.failResult.map((r: { errorsInfo: string }) => r.errorsInfo)).toEqual([
      'Account is required; Name is required',
      'Account appears more than once in the file',
      'Account appears more than once in the file',
      'Gender must be male or female; Email is not valid',
      'Organisation "火星部" does not exist',
      'Name must not contain control characters',
    ]);
  });

  it('S2-5-12 S2-5-13 S2-5-14 refuses wrong types, files over 500 KB, more than 1000 rows, empty imports', async () => {
    expect(await upload(admin, 'users.csv', Buffer.from('a,b'), en)).toEqual({
      code: 400,
      msg: 'Please choose an Excel file (.xls or .xlsx)',
    });
    expect(await upload(admin, 'users.xlsx', Buffer.from('not a zip'), en)).toMatchObject({ code: 400 });
    const ole = Buffer.alloc(64);
    ole.writeUInt32BE(0xd0cf11e0, 0);
    expect((await upload(admin, 'old.xls', ole, en)).msg).toBe(
      'The file cannot be read; save it as .xlsx and upload it again',
    );
    const big = Buffer.alloc(500 * 1024 + 10);
    big.writeUInt32BE(0x504b0304, 0);
    expect(await upload(admin, 'big.xlsx', big, en)).toEqual({ code: 400, msg: 'The file may not exceed 500KB' });

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('u');
    ws.addRow(['account']);
    for (let i = 0; i < 1001; i++) ws.addRow([`bulk${i}`, 'x']);
    const many = await upload(admin, 'many.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(many.code).toBe(200);
    const preview = (
      await server.call('GET', `/api/permission/Users/ImportPreview?fileName=${many.data!.name}`, {
        token: admin,
        headers: en,
      })
    ).json();
    expect(preview).toEqual({ code: 400, msg: 'At most 1000 rows can be imported' });
    const tooMany = (
      await server.call('POST', '/api/permission/Users/ImportData', {
        token: admin,
        headers: en,
        body: { list: Array.from({ length: 1001 }, (_, i) => ({ account: `b${i}`, realName: 'x' })) },
      })
    ).json();
    expect(tooMany.code).toBe(400);
    expect(tooMany.msg).toContain('list');
    expect(
      (
        await server.call('POST', '/api/permission/Users/ImportData', { token: admin, body: { list: [] }, headers: en })
      ).json(),
    ).toEqual({
      code: 400,
      msg: 'There is no data to import',
    });
    const missing = (
      await server.call('GET', `/api/permission/Users/ImportPreview?fileName=${'a'.repeat(32)}.xlsx`, {
        token: admin,
        headers: en,
      })
    ).json();
    expect(missing).toEqual({ code: 400, msg: 'Please upload a file first' });
    const traversal = (
      await server.call('GET', '/api/permission/Users/ImportPreview?fileName=..%2F..%2Fetc%2Fpasswd', {
        token: admin,
        headers: en,
      })
    ).json();
    expect(traversal.code).toBe(400);
    const noName = (
      await server.call('GET', '/api/permission/Users/ImportPreview', { token: admin, headers: en })
    ).json();
    expect(noName.msg).toContain('fileName');
  });

  it('template, permissions and downloads', async () => {
    const template = (await server.call('GET', '/api/permission/Users/TemplateDownload', { token: admin })).json();
    expect((await readSheet(await download(template.data.url))).length).toBe(1);
    // hr may export but not import; staff may do neither.
    expect((await server.call('GET', '/api/permission/Users/ExportExcel', { token: hr })).json().code).toBe(200);
    expect((await upload(hr, 'users.xlsx', Buffer.from('x'))).code).toBe(403);
    expect(
      (await server.call('POST', '/api/permission/Users/ImportData', { token: hr, body: { list: [] } })).json().code,
    ).toBe(403);
    expect((await server.call('GET', '/api/permission/Users/ExportExcel', { token: staff })).json().code).toBe(403);
    expect((await server.call('GET', '/api/permission/Users/TemplateDownload', { token: staff })).json().code).toBe(
      403,
    );
    expect(
      (
        await server.call('POST', '/api/permission/Users/ExportExceptionData', { token: staff, body: { list: [] } })
      ).json().code,
    ).toBe(403);
    // A link without its ticket is refused; a good ticket for a file that is not there answers 404.
    const noTicket = await server.call('GET', withTicketParam(template.data.url, null));
    expect(noTicket.statusCode).toBe(403);
    expect(noTicket.json().code).toBe(403);
    const gone = `${'0'.repeat(32)}.xlsx`;
    const ticket = forgeTicket(
      await ticketKey(server.database.db),
      `userExport/${gone}`,
      await server.userIdOf('admin'),
      server.clock.now + FILE_TICKET_TTL_MS,
    );
    expect((await server.call('GET', `/api/permission/Users/Download/${gone}?ticket=${ticket}`)).json().code).toBe(404);
    expect((await server.call('GET', '/api/permission/Users/Download/..%2Fsecret.xlsx')).json().code).toBe(400);
    // HR's export holds only its department and below (its data scheme).
    const hrExport = (await server.call('GET', '/api/permission/Users/ExportExcel', { token: hr })).json();
    const rows = await readSheet(await download(hrExport.data.url));
    expect(rows.slice(1).map((r) => r[0])).toContain('hr');
    expect(rows.slice(1).map((r) => r[0])).not.toContain('manager');
  });
});

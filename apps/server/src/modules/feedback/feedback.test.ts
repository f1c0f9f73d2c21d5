import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerSecrets } from '../../core/server-secrets.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { fileLinks } from '../file/links.ts';

const en = { 'accept-language': 'en-US' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----atrium-feedback';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe.each(dbTargets())('feedback on $name', (target) => {
  let server: TestServer;
  let dataDir: string;
  let admin: string;
  let staff: string;
  let manager: string;
  let feedbackId: string;
  let screenshot: string;

  const upload = async (token: string, filename: string, bytes: Buffer) => {
    const body = multipart(filename, bytes);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/file/Uploader/feedback',
      headers: { ...body.headers, authorization: token, ...en },
      payload: body.payload,
    });
    return res.json() as { code: number; msg: string; data?: { name: string; url: string } };
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-feedback-'));
    server = await createTestServer(target, { dataDir });
    [admin, staff, manager] = await server.logins(['admin', 'staff', 'manager']);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S1-2.4-30 stores feedback with a screenshot for the administrators', async () => {
    const uploaded = await upload(staff, 'screen.png', PNG);
    expect(uploaded.code).toBe(200);
    screenshot = uploaded.data!.name;
    expect(screenshot).toMatch(/^[0-9A-Z]{26}[0-9a-f]{16}\.png$/);
    // The uploader may look at it before sending; the link carries a ticket.
    const own = await server.call('GET', uploaded.data!.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');

    const sent = (
      await server.call('POST', '/api/feedback', {
        token: staff,
        body: { content: '审批页面打开很慢', contact: '13800000000', screenshot },
        headers: en,
      })
    ).json();
    expect(sent).toMatchObject({ code: 200, msg: 'Thank you, your feedback was sent' });
    feedbackId = sent.data.id;

    const list = (await server.call('GET', '/api/feedback', { token: admin })).json();
    expect(list.data.pagination.total).toBe(1);
    const row = list.data.list[0];
    expect(row).toMatchObject({
      id: feedbackId,
      content: '审批页面打开很慢',
      contact: '13800000000',
      status: 0,
      handledTime: null,
      handledBy: '',
    });
    expect(row.userName).toMatch(/\/staff$/);
    // The administrator's link to the screenshot works for the administrator.
    const image = await server.call('GET', row.screenshotUrl);
    expect(image.statusCode).toBe(200);
  });

  it('S1-2.4-30 refuses bad feedback naming the field', async () => {
    const empty = await server.call('POST', '/api/feedback', { token: staff, body: { content: '   ' }, headers: en });
    expect(empty.json().code).toBe(400);
    expect(empty.json().msg).toContain('content');
    const long = await server.call('POST', '/api/feedback', {
      token: staff,
      body: { content: 'x'.repeat(2001) },
      headers: en,
    });
    expect(long.json().msg).toContain('content');
    // A screenshot someone else uploaded, or one already attached, cannot be attached.
    const theirs = await upload(manager, 'b.png', PNG);
    for (const name of [theirs.data!.name, screenshot, '../../etc/passwd']) {
      const res = await server.call('POST', '/api/feedback', {
        token: staff,
        body: { content: '再来一次', screenshot: name },
        headers: en,
      });
      expect(res.json().code, name).toBe(400);
      expect(res.json().msg, name).toContain('screenshot');
    }
  });

  it('S1-2.4-30 takes images only, within the size limit', async () => {
    const text = await upload(staff, 'notes.png', Buffer.from('not an image at all'));
    expect(text.code).toBe(400);
    const big = await upload(staff, 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]));
    expect(big).toMatchObject({ code: 400, msg: 'The screenshot may not exceed 5 MB' });
  });

  it('S1-2.4-30 shows a user only their own feedback and keeps screenshots from others', async () => {
    await server.call('POST', '/api/feedback', { token: manager, body: { content: '希望增加夜间模式' } });
    const mine = (await server.call('GET', '/api/feedback/Mine', { token: staff })).json();
    expect(mine.data.list.map((f: { content: string }) => f.content)).toEqual(['审批页面打开很慢']);
    const theirs = (await server.call('GET', '/api/feedback/Mine', { token: manager })).json();
    expect(theirs.data.list.map((f: { content: string }) => f.content)).toEqual(['希望增加夜间模式']);
    // The administrators' list is refused to both.
    expect((await server.call('GET', '/api/feedback', { token: staff })).json().code).toBe(403);
    expect(
      (await server.call('PUT', `/api/feedback/${feedbackId}/Actions/Handle`, { token: manager })).json().code,
    ).toBe(403);
    expect((await server.call('DELETE', `/api/feedback/${feedbackId}`, { token: manager })).json().code).toBe(403);
    // The manager holds no ticket to the staff member's screenshot, and a ticket of theirs does not open it.
    const staffLink = mine.data.list[0].screenshotUrl as string;
    const managerId = await server.userIdOf('manager');
    const secrets = await loadServerSecrets(server.database.db);
    const managerLinks = fileLinks({ secrets, now: () => server.clock.now }, managerId);
    const forged = managerLinks.link('feedback', screenshot, new URL(staffLink, 'http://atrium.test').pathname);
    expect((await server.call('GET', forged)).statusCode).toBe(403);
  });

  it('S1-2.4-30 lets administrators mark feedback handled and delete it', async () => {
    const handled = (
      await server.call('PUT', `/api/feedback/${feedbackId}/Actions/Handle`, { token: admin, headers: en })
    ).json();
    expect(handled).toMatchObject({ code: 200, msg: 'Marked as handled' });
    const open = (await server.call('GET', '/api/feedback?status=0', { token: admin })).json();
    expect(open.data.list.map((f: { id: string }) => f.id)).not.toContain(feedbackId);
    const done = (await server.call('GET', '/api/feedback?status=1', { token: admin })).json();
    expect(done.data.list[0]).toMatchObject({ id: feedbackId, status: 1, handledBy: '系统管理员' });
    const mine = (await server.call('GET', '/api/feedback/Mine', { token: staff })).json();
    expect(mine.data.list[0].status).toBe(1);

    const removed = await server.call('DELETE', `/api/feedback/${feedbackId}`, { token: admin });
    expect(removed.json().code).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'files', 'feedback', screenshot))).toBe(false);
    const after = (await server.call('GET', '/api/feedback/Mine', { token: staff })).json();
    expect(after.data.list).toEqual([]);
    expect((await server.call('DELETE', `/api/feedback/${feedbackId}`, { token: admin })).json().code).toBe(404);
  });
});

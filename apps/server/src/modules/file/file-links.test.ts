import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TICKET_TTL_MS } from '../../core/file-ticket.ts';
import type { Db } from '../../db/index.ts';
import { dbTargets } from '../../testing/index.ts';
import { startCluster, TestSocket, type Cluster, type Frame } from '../socket/testing.ts';
import { expectRefused, forgeTicket, REFUSED, tampered, ticketKey, ticketOf, withTicketParam } from './testing.ts';

const en = { 'accept-language': 'en-US' };
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----atrium-links';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/**
 * Private file links (docs/files.md) of notice attachments, chat images and user exports: each list
 * hands out a fresh ticketed link that its user can download; an expired link, a link of someone who
 * may not see the file, a tampered link and a link without its ticket get the refusal envelope.
 */
describe.each(dbTargets())('private file links on $name', (target) => {
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      this.now += ms;
    },
  };
  let cluster: Cluster;
  let db: Db;
  let key: Buffer;
  let dataDir: string;
  const opened: TestSocket[] = [];

  const userIdOf = async (account: string) =>
    (await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
  const call = (method: string, url: string, token: string, body?: unknown) => cluster.call(method, url, token, body);
  const upload = async (token: string, route: string, filename: string, bytes: Buffer) => {
    const { contentType, payload } = multipart(filename, bytes);
    const res = await cluster.apps[0]!.inject({
      method: 'POST',
      url: `/api/file/Uploader/${route}`,
      headers: { authorization: token, 'content-type': contentType },
      payload,
    });
    expect(res.json().code).toBe(200);
    return res.json().data;
  };
  /** What a browser does with a link: a plain GET, no session. */
  const fetchLink = (url: string) => cluster.apps[0]!.inject({ method: 'GET', url, headers: en });
  const expectFile = async (url: string, bytes: Buffer) => {
    const res = await fetchLink(url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    return res;
  };
  /** Every refusal that does not depend on who may see the file, for one handed-out link. */
  const expectTicketRefusals = async (url: string, otherFileUrl: string) => {
    const ticket = ticketOf(url);
    expectRefused(await fetchLink(withTicketParam(url, null)), 403, REFUSED.missing);
    expectRefused(await fetchLink(withTicketParam(url, '')), 403, REFUSED.missing);
    for (const part of ['expiry', 'user', 'signature'] as const)
      expectRefused(await fetchLink(withTicketParam(url, tampered(ticket, part))), 403, REFUSED.invalid);
    expectRefused(await fetchLink(withTicketParam(url, 'forged.ticket')), 403, REFUSED.invalid);
    // This file's ticket moved onto another file the same user may see.
    expectRefused(await fetchLink(withTicketParam(otherFileUrl, ticket)), 403, REFUSED.invalid);
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-links-'));
    cluster = await startCluster(target, 1, { dataDir }, false, () => clock.now);
    db = cluster.database.db;
    key = await ticketKey(db);
  });
  afterAll(async () => {
    for (const socket of opened) socket.close();
    await cluster.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S1-3-10 S2-3-01 notice attachments: recipients and notice managers download with fresh links; everyone else is refused', async () => {
    const [manager, finance, hr] = [
      await cluster.login('zhangqiang'),
      await cluster.login('finance'),
      await cluster.login('hr'),
    ];
    const [financeId, hrId] = [await userIdOf('finance'), await userIdOf('hr')];
    const plan = Buffer.from('%PDF-1.4 the plan');
    const budget = Buffer.from('%PDF-1.4 the budget');
    const secret = Buffer.from('%PDF-1.4 draft only');
    const [r1, r2, r3] = [
      await upload(manager, 'annex', '计划.pdf', plan),
      await upload(manager, 'annex', 'budget.pdf', budget),
      await upload(manager, 'annex', 'secret.pdf', secret),
    ];
    // The upload answers a link for the uploader, usable before any notice carries the file.
    expect(r1.url).toMatch(new RegExp(`^/api/file/Annex/${r1.fileId}\\?fullName=.+&ticket=`));
    await expectFile(r1.url, plan);
    // hr was never handed a link to it: a ticket made for hr by anyone but the server does not verify.
    expectRefused(
      await fetchLink(withTicketParam(r1.url, tampered(ticketOf(r1.url), 'user', hrId))),
      403,
      REFUSED.invalid,
    );

    // The form sends back the records it was given (links with tickets); the notice stores plain paths.
    const created = await call('POST', '/api/message', manager, {
      title: 'With files',
      bodyText: '<p>see attached</p>',
      files: JSON.stringify([r1, r2]),
      toUserIds: [financeId],
    });
    expect(created.code).toBe(200);
    const stored = await db
      .selectFrom('message')
      .select('files')
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.files).not.toContain('ticket');
    expect(JSON.parse(stored.files!)).toEqual([
      { ...r1, url: `/api/file/Annex/${r1.fileId}` },
      { ...r2, url: `/api/file/Annex/${r2.fileId}` },
    ]);
    // A draft to finance carrying r3, never released.
    const draft = await call('POST', '/api/message', manager, {
      title: 'Draft',
      files: JSON.stringify([r3]),
      toUserIds: [financeId],
    });
    expect((await call('POST', '/api/message/Actions/Release', manager, { id: created.data.id })).code).toBe(200);

    // The recipient's detail hands out links for them; the content is the file.
    const read = async () => {
      const res = await call('GET', `/api/message/ReadInfo/${created.data.id}`, finance);
      expect(res.code).toBe(200);
      return JSON.parse(res.data.files) as { name: string; url: string }[];
    };
    const files = await read();
    expect(files.map((f) => f.name)).toEqual(['计划.pdf', 'budget.pdf']);
    const download = await expectFile(files[0]!.url, plan);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('计划.pdf')}`,
    );
    await expectFile(files[1]!.url, budget);
    // The manager's form shows the attachments with links for the manager.
    const form = await call('GET', `/api/message/${created.data.id}`, manager);
    const formFiles = JSON.parse(form.data.files) as { url: string }[];
    expect(ticketOf(formFiles[0]!.url)).not.toBe(ticketOf(files[0]!.url));
    await expectFile(formFiles[0]!.url, plan);

    await expectTicketRefusals(files[0]!.url, files[1]!.url);
    // hr did not receive the notice: hr's own ticket for its attachment is refused.
    const expiresAt = clock.now + FILE_TICKET_TTL_MS;
    const hrTicket = forgeTicket(key, `annex/${r1.fileId}`, hrId, expiresAt);
    expectRefused(await fetchLink(withTicketParam(files[0]!.url, hrTicket)), 403, REFUSED.notVisible);
    // finance's ticket for the attachment of a draft (finance has not received it) is refused.
    const draftTicket = forgeTicket(key, `annex/${r3.fileId}`, financeId, expiresAt);
    expectRefused(await fetchLink(`/api/file/Annex/${r3.fileId}?ticket=${draftTicket}`), 403, REFUSED.notVisible);
    expect(draft.code).toBe(200);
    // A valid ticket for a file that is gone: 404, still the envelope.
    const gone = '01ARZ3NDEKTSV4RRFFQ69G5FAV0123456789abcdef.pdf';
    const goneTicket = forgeTicket(key, `annex/${gone}`, await userIdOf('zhangqiang'), expiresAt);
    expectRefused(await fetchLink(`/api/file/Annex/${gone}?ticket=${goneTicket}`), 404, REFUSED.notFound);

    // Links expire; reading the notice again hands out fresh ones.
    clock.advance(FILE_TICKET_TTL_MS + 1);
    expectRefused(await fetchLink(files[0]!.url), 403, REFUSED.expired);
    const fresh = await read();
    await expectFile(fresh[0]!.url, plan);
    // Removed from finance's message centre: finance may no longer see it.
    expect((await call('DELETE', '/api/message/Record', finance, { ids: created.data.id })).code).toBe(200);
    expectRefused(await fetchLink(fresh[0]!.url), 403, REFUSED.notVisible);
    expect((await call('GET', `/api/message/ReadInfo/${created.data.id}`, hr)).code).toBe(404);
  });

  it('S1-3-15 S1-7-48 chat images: the sender and the receiver get fresh links in pushes and history; everyone else is refused', async () => {
    const connect = async (account: string) => {
      const token = await cluster.login(account);
      const socket = await TestSocket.open(cluster.bases[0]!, token);
      opened.push(socket);
      await socket.connect(token);
      return { token, socket, id: await userIdOf(account) };
    };
    const a = await connect('fengtao');
    const b = await connect('chujing');
    const outsiderId = await userIdOf('zoumin');
    const second = Buffer.concat([PNG, Buffer.from('second')]);
    const img1 = await upload(a.token, 'IM', 'a.png', PNG);
    const img2 = await upload(a.token, 'IM', 'b.png', second);
    const send = async (name: string) => {
      a.socket.send({
        method: 'SendMessage',
        token: a.token,
        toUserId: b.id,
        messageType: 'image',
        messageContent: { name, width: 1, height: 1 },
      });
      return { echo: await a.socket.next('sendMessage'), received: await b.socket.next('receiveMessage') };
    };
    const first = await send(img1.name);
    await send(img2.name);
    const pathOf = (content: string) => (JSON.parse(content) as { path: string }).path;
    // Each side's push carries its own link; the stored content keeps the plain path.
    const echoPath = pathOf(first.echo.toMessage);
    const receivedPath = pathOf(first.received.formMessage);
    expect(echoPath).toMatch(new RegExp(`^/api/file/Image/IM/${img1.name}\\?ticket=`));
    expect(receivedPath).toMatch(new RegExp(`^/api/file/Image/IM/${img1.name}\\?ticket=`));
    expect(ticketOf(echoPath)).not.toBe(ticketOf(receivedPath));
    const rows = await db.selectFrom('im_content').select('content').where('send_user_id', '=', a.id).execute();
    expect(rows.map((r) => JSON.parse(r.content).path)).toEqual([
      `/api/file/Image/IM/${img1.name}`,
      `/api/file/Image/IM/${img2.name}`,
    ]);
    await expectFile(echoPath, PNG);
    await expectFile(receivedPath, PNG);

    const history = async (conn: typeof a, other: string) => {
      conn.socket.send({
        method: 'MessageList',
        token: conn.token,
        toUserId: other,
        currentPage: 1,
        pageSize: 30,
        sord: 'asc',
      });
      const page: Frame = await conn.socket.next('messageList');
      return page.list.filter((m: Frame) => m.contentType === 'image').map((m: Frame) => pathOf(m.content));
    };
    const [link1, link2] = await history(b, a.id);
    await expectFile(link1!, PNG);
    await expectFile(link2!, second);
    // The conversation list's latest image is linked too.
    const conversations = await call('GET', '/api/message/imreply', b.token);
    const latest = conversations.data.list.find((c: { id: string }) => c.id === a.id);
    await expectFile(pathOf(latest.latestMessage), second);

    await expectTicketRefusals(link1!, link2!);
    // Someone who is neither the sender nor the receiver: their own ticket is refused.
    const outsider = forgeTicket(key, `IM/${img1.name}`, outsiderId, clock.now + FILE_TICKET_TTL_MS);
    expectRefused(await fetchLink(withTicketParam(link1!, outsider)), 403, REFUSED.notVisible);

    clock.advance(FILE_TICKET_TTL_MS + 1);
    expectRefused(await fetchLink(link1!), 403, REFUSED.expired);
    expectRefused(await fetchLink(echoPath), 403, REFUSED.expired);
    const [fresh1] = await history(b, a.id);
    await expectFile(fresh1!, PNG);
    // The receiver deletes their copy of the conversation: their links stop; the sender's still work.
    expect((await call('DELETE', `/api/message/imreply/deleteChatRecord/${a.id}`, b.token)).code).toBe(200);
    expectRefused(await fetchLink(fresh1!), 403, REFUSED.notVisible);
    const [senderLink] = await history(a, b.id);
    await expectFile(senderLink!, PNG);
  });

  it('S2-7-40 exports: only the user who exported downloads it, with the link of the answer', async () => {
    const [admin, hr] = [await cluster.login('admin'), await cluster.login('hr')];
    const hrId = await userIdOf('hr');
    const exportFor = async (token: string) => {
      const res = await call('GET', '/api/permission/Users/ExportExcel', token);
      expect(res.code).toBe(200);
      expect(res.data.url).toMatch(/^\/api\/permission\/Users\/Download\/[0-9a-f]{32}\.xlsx\?fullName=.+&ticket=/);
      return res.data.url as string;
    };
    const first = await exportFor(admin);
    const second = await exportFor(admin);
    const mine = await exportFor(hr);
    const nameOf = (url: string) => url.split('?')[0]!.split('/').pop()!;
    const bytesOf = (url: string) => fs.readFileSync(path.join(dataDir, 'files', 'userExport', nameOf(url)));
    const res = await expectFile(first, bytesOf(first));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    await expectFile(mine, bytesOf(mine));

    await expectTicketRefusals(first, second);
    // hr's own ticket for admin's export: not hr's.
    const hrTicket = forgeTicket(key, `userExport/${nameOf(first)}`, hrId, clock.now + FILE_TICKET_TTL_MS);
    expectRefused(await fetchLink(withTicketParam(first, hrTicket)), 403, REFUSED.notVisible);
    // hr's link to its own export presented for admin's.
    expectRefused(await fetchLink(withTicketParam(first, ticketOf(mine))), 403, REFUSED.invalid);

    clock.advance(FILE_TICKET_TTL_MS + 1);
    expectRefused(await fetchLink(first), 403, REFUSED.expired);
    // A new export answers a new link.
    const again = await exportFor(admin);
    await expectFile(again, bytesOf(again));
  });
});

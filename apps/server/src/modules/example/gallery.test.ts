import { GALLERY as G } from '@atrium/shared/forms';
import { galleryValidValues, validationFixtures } from '@atrium/shared/forms/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpRevision } from '../../core/revisions.ts';
import { newId } from '../../core/ids.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { GALLERY_MENU_CODE } from './routes.ts';

const URL = '/api/example/FormGallery/Validate';

describe.each(dbTargets())('widget gallery validation on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, staff] = await server.logins(['admin', 'staff']);
  });
  afterAll(() => server.close());

  const validate = (body: unknown, lang = 'zh-CN', token = admin) =>
    server.call('POST', URL, { token, body, headers: { 'accept-language': lang } });

  // The very fixtures the shared validator is tested with: the server must answer the same.
  it.each(validationFixtures().map((f) => [f.title, f] as const))('%s', async (_title, fixture) => {
    const res = await validate({ formJson: fixture.form, data: fixture.values }, fixture.lang);
    const body = res.json();
    if (fixture.errors.length === 0) {
      expect(res.statusCode).toBe(200);
      expect(body.code).toBe(200);
      for (const [key, value] of Object.entries(fixture.cleaned ?? {})) expect(body.data[key]).toEqual(value);
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(body.code).toBe(400);
    const errors = body.data.errors as { path: string; label: string; message: string }[];
    expect(errors.map(({ path, message }) => ({ path, message }))).toEqual(fixture.errors);
    // The message names the first failing field and its problem.
    const colon = fixture.lang === 'en-US' ? ': ' : '：';
    expect(body.msg).toBe(`${errors[0]!.label}${colon}${errors[0]!.message}`);
  });

  it('S2-5-19 the message names the first field in the caller language', async () => {
    const zh = (await validate({ data: {} }, 'zh-CN', staff)).json();
    expect(zh.msg).toBe('单行输入：请输入单行输入');
    const en = (await validate({ data: {} }, 'en-US', staff)).json();
    expect(en.msg).toBe('Single line: Please enter Single line');
    const tw = (await validate({ data: {} }, 'zh-TW', staff)).json();
    expect(tw.msg).toBe('單行輸入：請輸入單行輸入');
    expect(tw.data.errors).toHaveLength(6);
  });

  it('S2-3-42 a valid record answers the cleaned values with the total recomputed', async () => {
    const data = {
      ...galleryValidValues(),
      [G.table]: [{ [G.itemName]: 'Paper', [G.price]: 1.2, [G.quantity]: 3, [G.amount]: 99 }],
      [G.total]: 1,
      [G.modifyUser]: 'forged',
    };
    const body = (await validate({ data }, 'en-US', staff)).json();
    expect(body).toMatchObject({ code: 200, msg: 'All fields are valid' });
    expect(body.data[G.total]).toBe(3.6);
    expect(body.data[G.table]).toEqual([{ [G.itemName]: 'Paper', [G.price]: 1.2, [G.quantity]: 3, [G.amount]: 3.6 }]);
    expect(body.data).not.toHaveProperty(G.modifyUser);
  });

  it('requires sign-in', async () => {
    const res = await server.call('POST', URL, { body: { data: {} } });
    expect(res.json().code).toBe(602);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a form structure of their own from anyone but the administrator', async () => {
    const formJson = { fields: [{ __config__: { jnpfKey: 'comInput', label: 'X', required: true }, __vModel__: 'x' }] };
    const res = await validate({ formJson, data: {} }, 'en-US', staff);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Only an administrator may send a form structure of their own');
    const asAdmin = (await validate({ formJson, data: {} }, 'en-US')).json();
    expect(asAdmin.msg).toBe('X: Please enter X');
  });

  it('names the field of a malformed body', async () => {
    const noData = (await validate({}, 'en-US', staff)).json();
    expect(noData.code).toBe(400);
    expect(noData.msg).toContain('data');
    const badKind = (
      await validate({ formJson: { fields: [{ __config__: { jnpfKey: 'nope' } }] }, data: {} }, 'en-US')
    ).json();
    expect(badKind.code).toBe(400);
    expect(badKind.msg).toContain('fields[0].__config__.jnpfKey');
  });

  describe('with form grants on the gallery menu', () => {
    let granted: TestServer;
    let staffToken: string;
    let adminToken: string;

    beforeAll(async () => {
      granted = await createTestServer(target);
      const db = granted.database.db;
      const now = Date.now();
      // The gallery's menu is seeded; declaring form elements on it turns form grants on.
      const menu = await db
        .selectFrom('menu')
        .select('id')
        .where('en_code', '=', GALLERY_MENU_CODE)
        .executeTakeFirstOrThrow();
      const audit = { created_at: now, created_by: null, updated_at: null, updated_by: null, enabled: 1, sort_code: 0 };
      // Two declared form fields nobody is granted: one top-level field, one sub-table column.
      for (const code of [G.input, `${G.table}-${G.itemName}`])
        await db
          .insertInto('menu_element')
          .values({
            id: newId(now),
            menu_id: menu.id,
            kind: 'form',
            full_name: code,
            en_code: code,
            version: 0,
            ...audit,
          })
          .execute();
      await bumpRevision(db, 'authority', 'menus');
      [adminToken, staffToken] = await granted.logins(['admin', 'staff']);
    });
    afterAll(() => granted.close());

    it('S2-5-45 a field the caller lacks is neither required, kept nor answered', async () => {
      const data = {
        ...galleryValidValues(),
        [G.input]: 'sent anyway',
        [G.table]: [{ [G.itemName]: '', [G.price]: 2, [G.quantity]: 2 }],
      };
      const res = await granted.call('POST', URL, {
        token: staffToken,
        body: { data },
        headers: { 'accept-language': 'en-US' },
      });
      const body = res.json();
      expect(body.code).toBe(200);
      expect(body.data).not.toHaveProperty(G.input);
      expect(body.data[G.table]).toEqual([{ [G.price]: 2, [G.quantity]: 2, [G.amount]: 4 }]);

      // The administrator holds every field: the empty cell is required again, the field answered.
      const asAdmin = await granted.call('POST', URL, {
        token: adminToken,
        body: { data },
        headers: { 'accept-language': 'en-US' },
      });
      expect(asAdmin.json().data.errors).toEqual([
        expect.objectContaining({ path: `${G.table}.0.${G.itemName}`, message: 'Item cannot be empty' }),
      ]);
    });
  });
});

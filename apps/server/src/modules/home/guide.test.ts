import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { GUIDE_DIR, GUIDE_LANGUAGES } from './guide.ts';

describe('the user guide', () => {
  let server: TestServer;
  let staff: string;
  beforeAll(async () => {
    server = await createTestServer(dbTargets()[0]!);
    staff = await server.login('staff');
  });
  afterAll(() => server.close());

  it('S1-2.4-30 is written in both languages with the same pages', () => {
    const [zh, en] = GUIDE_LANGUAGES.map((lang) => fs.readdirSync(path.join(GUIDE_DIR, lang)).sort());
    expect(zh).toEqual(en);
    expect(zh!.length).toBeGreaterThanOrEqual(7);
  });

  it('S1-2.4-30 lists the pages in the caller language, titled by their first heading', async () => {
    const zh = (
      await server.call('GET', '/api/home/Guide', { token: staff, headers: { 'accept-language': 'zh-CN' } })
    ).json();
    expect(zh.data.language).toBe('zh-CN');
    expect(zh.data.pages[0]).toEqual({ name: '01-sign-in', title: '登录与账户' });
    const en = (
      await server.call('GET', '/api/home/Guide', { token: staff, headers: { 'accept-language': 'en-US' } })
    ).json();
    expect(en.data.pages[0]).toEqual({ name: '01-sign-in', title: 'Signing in and your account' });
    // Traditional Chinese readers get the Chinese guide.
    const tw = (
      await server.call('GET', '/api/home/Guide', { token: staff, headers: { 'accept-language': 'zh-TW' } })
    ).json();
    expect(tw.data.language).toBe('zh-CN');
  });

  it('S1-2.4-30 answers one page as Markdown, and nothing outside the guide', async () => {
    const page = (
      await server.call('GET', '/api/home/Guide/05-organisation', {
        token: staff,
        headers: { 'accept-language': 'en-US' },
      })
    ).json();
    expect(page.data.title).toBe('Organisation and people');
    expect(page.data.markdown).toContain('## Grades');
    expect((await server.call('GET', '/api/home/Guide/99-missing', { token: staff })).json().code).toBe(404);
    for (const name of ['..%2F..%2Fpackage', '01-sign-in.md', '%2Fetc%2Fpasswd'])
      expect((await server.call('GET', `/api/home/Guide/${name}`, { token: staff })).json().code, name).toBe(400);
    expect((await server.call('GET', '/api/home/Guide')).json().code).not.toBe(200);
  });
});

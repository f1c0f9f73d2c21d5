import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, messageKeys, translate } from './core/messages.ts';
import { createTestServer, dbTargets, type TestServer } from './testing/index.ts';

// Modules register their catalogues with core when the app registers their routes: the whole
// catalogue exists only in a built app, so it is checked here rather than in core.
describe('message catalogue of the built app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dbTargets()[0]!);
  });
  afterAll(() => server.close());

  it('holds the messages of core and of every module', () => {
    const keys = new Set(messageKeys());
    for (const key of [
      'success',
      'organizeHasChildren',
      'fileNotVisible',
      'areaHasChildren',
      'noticeNotDraft',
    ] as const)
      expect(keys.has(key), key).toBe(true);
  });

  it('every key is worded in zh-CN, zh-TW and en-US with the same placeholders', () => {
    const gaps: string[] = [];
    for (const key of messageKeys()) {
      const texts = LANGUAGES.map((language) => translate(language, key));
      if (texts.some((text) => typeof text !== 'string' || text.trim() === '')) gaps.push(`${key}: empty`);
      const placeholders = texts.map((text) =>
        [...text.matchAll(/\{(\w+)\}/g)]
          .map((m) => m[1])
          .sort()
          .join(','),
      );
      if (new Set(placeholders).size > 1) gaps.push(`${key}: placeholders ${placeholders.join(' | ')}`);
    }
    expect(gaps).toEqual([]);
  });
});

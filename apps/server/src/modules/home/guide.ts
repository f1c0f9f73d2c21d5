import fs from 'node:fs/promises';
import path from 'node:path';

/** The user guide: Markdown files in the repository, docs/user-guide/<language>/NN-name.md. */
export const GUIDE_DIR = path.resolve(import.meta.dirname, '../../../../../docs/user-guide');

/** The languages the guide is written in; others read the first. */
export const GUIDE_LANGUAGES = ['zh-CN', 'en-US'] as const;
type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

/** A page's name: its file name without `.md` (two digits give the order). */
export const GUIDE_PAGE = /^[0-9]{2}-[a-z0-9-]{1,60}$/;

export interface GuidePage {
  name: string;
  title: string;
}

/** Traditional Chinese readers get the Chinese guide; everyone else whose language has none, English. */
export function guideLanguage(language: string): GuideLanguage {
  if (language.startsWith('zh')) return 'zh-CN';
  return GUIDE_LANGUAGES.includes(language as GuideLanguage) ? (language as GuideLanguage) : 'en-US';
}

/** A page's title: its first level-one heading. */
export const titleOf = (markdown: string, fallback: string) => /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;

/** The pages of the guide in one language, in order, with the title of each (its first heading). */
export async function guidePages(dir: string, language: GuideLanguage): Promise<GuidePage[]> {
  const names = (await fs.readdir(path.join(dir, language)))
    .filter((f) => f.endsWith('.md') && GUIDE_PAGE.test(f.slice(0, -3)))
    .sort();
  return Promise.all(
    names.map(async (file) => {
      const name = file.slice(0, -3);
      return { name, title: titleOf(await fs.readFile(path.join(dir, language, file), 'utf8'), name) };
    }),
  );
}

/**
 * One page's Markdown, or null when the guide has no such page. The name is matched against the
 * listing, never joined into a path as given.
 */
export async function guidePage(dir: string, language: GuideLanguage, name: string): Promise<string | null> {
  const pages = await guidePages(dir, language);
  const page = pages.find((p) => p.name === name);
  if (!page) return null;
  return fs.readFile(path.join(dir, language, `${page.name}.md`), 'utf8');
}

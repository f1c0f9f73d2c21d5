import type { MenuItem } from '@atrium/shared';
import Fuse, { type IFuseOptions } from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import { menuTarget } from '../../router/menu-routes.ts';

/** A menu entry that leads somewhere, as the search sees it. */
export interface SearchEntry {
  id: string;
  title: string;
  /** In-app path, or the address a new window opens. */
  path: string;
  /** Group names above the entry, for telling apart two entries of the same name. */
  trail: string[];
  /** Pinyin of a Chinese title: initials ('sy' for 首页) and full ('shouye'); empty otherwise. */
  pinyin: string[];
  item: MenuItem;
}

const HAN = /\p{Script=Han}/u;

/** 'sy' and 'shouye' for 首页; nothing for a title without Chinese characters. */
export function pinyinOf(title: string): string[] {
  if (!HAN.test(title)) return [];
  const syllables = pinyin(title, { toneType: 'none', type: 'array' });
  const initials = pinyin(title, { pattern: 'first', toneType: 'none', type: 'array' });
  return [initials.join('').toLowerCase(), syllables.join('').toLowerCase()];
}

/**
 * Fuzzy over titles (weight 0.7) and paths (weight 0.3), threshold 0.4. A title
 * also matches by its pinyin, through the title key so the weights stay as they are.
 */
export const SEARCH_OPTIONS: IFuseOptions<SearchEntry> = {
  threshold: 0.4,
  ignoreLocation: true,
  keys: [
    { name: 'title', weight: 0.7, getFn: (entry) => [entry.title, ...entry.pinyin] },
    { name: 'path', weight: 0.3 },
  ],
};

function pathOf(item: MenuItem): string | null {
  const target = menuTarget(item);
  if (target.kind === 'route') return target.path;
  if (target.kind === 'window') return target.url;
  if (target.kind === 'screen') return `/${item.urlAddress || item.enCode}`;
  return null;
}

export function buildEntries(menuList: readonly MenuItem[]): SearchEntry[] {
  const out: SearchEntry[] = [];
  const walk = (items: readonly MenuItem[], trail: string[]) => {
    for (const item of items) {
      if (item.hidden) continue;
      if (item.children?.length) {
        walk(item.children, [...trail, item.fullName]);
        continue;
      }
      const path = pathOf(item);
      if (path) out.push({ id: item.id, title: item.fullName, path, trail, pinyin: pinyinOf(item.fullName), item });
    }
  };
  walk(menuList, []);
  return out;
}

// Pinyin is worked out once per menu list (the session store hands out a new list when it changes).
const indexes = new WeakMap<readonly MenuItem[], Fuse<SearchEntry>>();

export function searchIndex(menuList: readonly MenuItem[]): Fuse<SearchEntry> {
  let index = indexes.get(menuList);
  if (!index) {
    index = new Fuse(buildEntries(menuList), SEARCH_OPTIONS);
    indexes.set(menuList, index);
  }
  return index;
}

export const MAX_RESULTS = 20;

export function searchMenus(menuList: readonly MenuItem[], query: string): SearchEntry[] {
  const text = query.trim();
  if (!text) return [];
  return searchIndex(menuList)
    .search(text, { limit: MAX_RESULTS })
    .map((result) => result.item);
}

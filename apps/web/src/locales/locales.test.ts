import { describe, expect, it } from 'vitest';
import { detectLanguage } from './index.ts';
import enUS from './en-US.ts';
import zhCN from './zh-CN.ts';
import zhTW from './zh-TW.ts';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(node: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (n: unknown, prefix: string) => {
    if (typeof n === 'string')
      out[prefix] = [...n.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    else if (typeof n === 'object' && n !== null)
      for (const [k, v] of Object.entries(n)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(node, '');
  return out;
}

describe('locales', () => {
  it('have exactly the same keys in the three languages', () => {
    const base = keys(zhCN).sort();
    expect(keys(zhTW).sort()).toEqual(base);
    expect(keys(enUS).sort()).toEqual(base);
  });

  it('S1-9-06 have the same keys in every locale area, whether or not the main files register it', () => {
    // Every area folder holds one file per language, each exporting one object.
    const files = import.meta.glob<Record<string, unknown>>('./areas/*/*.ts', { eager: true });
    const areas = new Map<string, Record<string, unknown>>();
    for (const [path, module] of Object.entries(files)) {
      const [, area, language] = /\.\/areas\/([^/]+)\/([^/]+)\.ts$/.exec(path)!;
      const exported = Object.values(module);
      expect(exported, path).toHaveLength(1);
      areas.set(`${area}/${language}`, exported[0] as Record<string, unknown>);
    }
    const names = new Set([...areas.keys()].map((key) => key.split('/')[0]));
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) {
      const base = areas.get(`${name}/zh-CN`);
      expect(base, `${name}/zh-CN.ts`).toBeDefined();
      for (const language of ['zh-TW', 'en-US']) {
        const other = areas.get(`${name}/${language}`);
        expect(other, `${name}/${language}.ts`).toBeDefined();
        expect(keys(other).sort(), `${name}/${language}.ts`).toEqual(keys(base).sort());
      }
    }
  });

  it('S1-9-06 the parity check reports a key missing in one language', () => {
    const zh = { a: { b: '甲', c: '乙' } };
    const en = { a: { b: 'A' } };
    expect(keys(en).sort()).not.toEqual(keys(zh).sort());
    expect(keys(zh).filter((k) => !keys(en).includes(k))).toEqual(['a.c']);
  });

  it('use the same interpolation placeholders', () => {
    const base = placeholders(zhCN);
    expect(placeholders(zhTW)).toEqual(base);
    expect(placeholders(enUS)).toEqual(base);
  });

  it('have no empty text', () => {
    for (const messages of [zhCN, zhTW, enUS]) {
      const texts = JSON.stringify(messages).match(/"[^"]*"/g) ?? [];
      expect(texts).not.toContain('""');
    }
  });

  it('keeps the original texts in zh-CN', () => {
    expect(zhCN.request.defaultError).toBe('请求出错，请重试');
    expect(zhCN.layout.logoutConfirm).toBe('您确定要退出系统吗？');
    expect(zhCN.layout.noPermission).toBe('您的权限不足，请联系管理员');
    expect(enUS.layout.logoutConfirm).toBe('Are you sure you want to exit the application?');
    expect(enUS.request.verificationFailed).toBe('verification failed, please log in again');
  });
});

describe('detectLanguage', () => {
  it('prefers the stored preference', () => {
    expect(detectLanguage('en-US', 'zh-TW')).toBe('en-US');
  });
  it('maps any tw browser language to zh-TW', () => {
    expect(detectLanguage(null, 'zh-TW')).toBe('zh-TW');
    expect(detectLanguage(null, 'zh-tw')).toBe('zh-TW');
  });
  it('uses a supported browser language', () => {
    expect(detectLanguage(null, 'en-GB')).toBe('en-US');
    expect(detectLanguage(null, 'zh')).toBe('zh-CN');
  });
  it('S1-9-06 takes the short codes zh, zhtw and en as a stored preference', () => {
    expect(detectLanguage('zhtw', 'en-US')).toBe('zh-TW');
    expect(detectLanguage('en', 'zh-CN')).toBe('en-US');
    expect(detectLanguage('zh', 'en-US')).toBe('zh-CN');
  });
  it('falls back to zh-CN', () => {
    expect(detectLanguage('klingon', 'fr-FR')).toBe('zh-CN');
    expect(detectLanguage(null, undefined)).toBe('zh-CN');
  });
});

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

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../core/messages.ts';
import { MENUS, SYSTEMS } from '../../seed/demo-data.ts';
import { MENU_NAMES, NAVIGATION_LABELS, SYSTEM_NAMES } from './menu-names.ts';

describe('menu names in three languages', () => {
  it('S1-2.4-39 navigation labels exist in zh, zhtw and en for every area of the navigation', () => {
    expect(Object.keys(NAVIGATION_LABELS).sort()).toEqual(
      [
        'home',
        'dashboard',
        'onlineDev',
        'webDesign',
        'appDesign',
        'reportDesign',
        'screenDesign',
        'portalDesign',
        'codeGenerator',
        'systemManagement',
        'dataApplications',
        'weChat',
        'permissions',
        'workflow',
        'messageCenter',
        'extensionDemos',
      ].sort(),
    );
    for (const [key, names] of Object.entries(NAVIGATION_LABELS)) {
      for (const language of LANGUAGES) expect(names[language].trim(), `${key} ${language}`).not.toBe('');
      // English is English, the Chinese ones are Chinese.
      expect(names['en-US'], key).toMatch(/^[A-Za-z][A-Za-z ()&-]*$/);
      expect(names['zh-CN'], key).toMatch(/\p{Script=Han}/u);
      expect(names['zh-TW'], key).toMatch(/\p{Script=Han}/u);
    }
    expect(NAVIGATION_LABELS.home).toEqual({ 'zh-CN': '首页', 'zh-TW': '首頁', 'en-US': 'Home' });
    expect(NAVIGATION_LABELS.messageCenter['en-US']).toBe('Message center');
  });

  it('S1-2.4-39 every seeded system and menu has its name in each language, zh-CN as seeded', () => {
    const menus = [...MENUS.map((m) => [m.code, m.name] as const), ['basic.dict.nation', '民族字典'] as const];
    for (const [code, name] of menus) {
      const names = MENU_NAMES[code];
      expect(names, `menu ${code} has no translations in menu-names.ts`).toBeDefined();
      expect(names!['zh-CN']).toBe(name);
      for (const language of LANGUAGES) expect(names![language].trim(), `${code} ${language}`).not.toBe('');
    }
    for (const s of SYSTEMS) {
      expect(SYSTEM_NAMES[s.code]?.['zh-CN'], `system ${s.code}`).toBe(s.name);
      expect(SYSTEM_NAMES[s.code]!['en-US']).not.toBe(s.name);
    }
    // Menus named after a navigation area use its labels.
    expect(MENU_NAMES['workbench.home']).toBe(NAVIGATION_LABELS.home);
    expect(MENU_NAMES.system).toBe(NAVIGATION_LABELS.systemManagement);
    expect(MENU_NAMES.message).toBe(NAVIGATION_LABELS.messageCenter);
  });
});

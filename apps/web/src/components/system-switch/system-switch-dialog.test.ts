import type { MenuItem } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { landingAfterSwitch } from './system-switch-dialog.tsx';

const menu = (over: Partial<MenuItem>): MenuItem =>
  ({
    id: over.enCode ?? 'm',
    enCode: 'm',
    fullName: 'm',
    type: 2,
    urlAddress: null,
    icon: '',
    linkTarget: '_self',
    hasChildren: false,
    children: [],
    ...over,
  }) as MenuItem;

const officeMenus = [
  menu({ enCode: 'area', fullName: '行政区划', urlAddress: 'system/area' }),
  menu({ enCode: 'ext', fullName: '外站', type: 7, urlAddress: 'https://other.example' }),
];
const devMenus = [
  menu({ enCode: 'menus', fullName: '菜单管理', urlAddress: 'system/menu' }),
  menu({ enCode: 'api', fullName: '接口文档', type: 7, urlAddress: '/api/docs/' }),
];

describe('system switch landing', () => {
  it('S1-2.4-07 stays on a page the new system has, or one of no system (profile)', () => {
    expect(landingAfterSwitch('/system/menu?x=1', officeMenus, devMenus)).toBe('/system/menu?x=1');
    expect(landingAfterSwitch('/profile', officeMenus, devMenus)).toBe('/profile');
    expect(landingAfterSwitch(`/externalLink?url=${encodeURIComponent('/api/docs/')}`, officeMenus, devMenus)).toBe(
      '/externalLink?url=%2Fapi%2Fdocs%2F',
    );
  });

  it('S1-2.4-07 goes to the new system first page (through /home) from a page it lacks', () => {
    expect(landingAfterSwitch('/system/area', officeMenus, devMenus)).toBe('/home');
    expect(landingAfterSwitch('/externalLink?url=https%3A%2F%2Fother.example', officeMenus, devMenus)).toBe('/home');
    expect(landingAfterSwitch('/404', officeMenus, devMenus)).toBe('/home');
  });
});

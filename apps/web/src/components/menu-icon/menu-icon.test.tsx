import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENU_ICON_NAMES } from './icon-set.ts';
import { loadMenuIcons, menuIcon } from './menu-icon.tsx';

// Each call renders into a container of its own; the queries of `render` would see every earlier one.
const iconClass = (node: ReturnType<typeof menuIcon>) =>
  render(<span>{node}</span>).container.querySelector('.anticon')?.className ?? '';

describe('menu icons', () => {
  beforeAll(async () => {
    await loadMenuIcons();
  });

  it('S1-2.2-12 draws the antd icon a record names', () => {
    expect(iconClass(menuIcon('TeamOutlined', 2))).toContain('anticon-team');
    expect(iconClass(menuIcon('FundProjectionScreenOutlined', 6))).toContain('anticon-fund-projection-screen');
    expect(iconClass(menuIcon(' EnvironmentOutlined ', 2))).toContain('anticon-environment');
  });

  it('S1-2.2-12 reads a keyword of an older icon-font class, else a folder or a grid by type', () => {
    expect(iconClass(menuIcon('icon-ym icon-ym-generator-role', 2))).toContain('anticon-team');
    expect(iconClass(menuIcon('', 1))).toContain('anticon-folder');
    expect(iconClass(menuIcon('NoSuchOutlined', 2))).toContain('anticon-appstore');
  });

  it('offers only names it can draw, each once', () => {
    expect(new Set(MENU_ICON_NAMES).size).toBe(MENU_ICON_NAMES.length);
    for (const name of MENU_ICON_NAMES) expect(iconClass(menuIcon(name, 2)), name).toMatch(/anticon-/);
  });
});

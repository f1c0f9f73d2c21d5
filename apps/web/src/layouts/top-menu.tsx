import { EllipsisOutlined } from '@ant-design/icons';
import type { MenuItem } from '@atrium/shared';
import { Menu, type MenuProps } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../components/menu-icon/menu-icon.tsx';
import { toMenuItems } from './menu-items.tsx';
import styles from './layout.module.css';

type AntdMenuItem = Required<MenuProps>['items'][number];

/** Each top menu item is 116 px wide. */
export const TOP_MENU_ITEM_WIDTH = 116;
/** Key of the virtual 'More ...' group (/menuMore). */
export const MORE_KEY = '/menuMore';

/** How many of `total` items fit in `width` px; when some overflow, one slot goes to 'More ...'. */
export function visibleItemCount(width: number, total: number): number {
  if (width <= 0) return total;
  const fit = Math.max(1, Math.floor(width / TOP_MENU_ITEM_WIDTH));
  return total <= fit ? total : fit - 1;
}

interface Props {
  menuList: readonly MenuItem[];
  /** functional: whole tree with pop-up sub-menus; blend: top-level entries only (they pick a group). */
  mode: 'tree' | 'groups';
  selectedKeys: string[];
  onClick(id: string): void;
}

function topLevelItems(menuList: readonly MenuItem[]): AntdMenuItem[] {
  return menuList
    .filter((item) => !item.hidden)
    .map((item) => ({
      key: item.id,
      icon: menuIcon(item.icon, item.type),
      // The full name on hover: a long one is cut to the item's width.
      label: (
        <span data-menu-id={item.id} title={item.fullName}>
          {item.fullName}
        </span>
      ),
    }));
}

/** The horizontal menu of the functional and blend layouts, with the overflow under 'More ...'. */
export function TopMenu({ menuList, mode, selectedKeys, onClick }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const all = useMemo(() => (mode === 'tree' ? toMenuItems(menuList) : topLevelItems(menuList)), [menuList, mode]);
  const items = useMemo(() => {
    const count = visibleItemCount(width, all.length);
    if (count >= all.length) return all;
    const more: AntdMenuItem = {
      key: MORE_KEY,
      icon: <EllipsisOutlined />,
      label: <span data-testid="top-menu-more">{t('shell.more')}</span>,
      children: all.slice(count),
    };
    return [...all.slice(0, count), more];
  }, [all, width, t]);

  return (
    <div ref={box} className={styles.topMenu} data-testid="top-menu">
      <Menu
        mode="horizontal"
        disabledOverflow
        items={items}
        selectedKeys={selectedKeys}
        onClick={({ key }) => onClick(key)}
      />
    </div>
  );
}

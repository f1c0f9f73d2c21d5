import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { MenuItem } from '@atrium/shared';
import { Button, Dropdown, theme, type MenuProps } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { refreshCachedPage } from '../keep-alive/cache-control.ts';
import { HOME_PATH } from '../router/guard.ts';
import { buildMenuRoutes } from '../router/menu-routes.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { useTagsStore, type VisitedView } from '../stores/tags.ts';
import styles from './layout.module.css';
import { framedLinkMenus } from '../router/link-menus.ts';
import { menuIcon } from '../components/menu-icon/menu-icon.tsx';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** How far one arrow click scrolls the tags. */
const SCROLL_STEP = 240;

/**
 * The tags bar: visited views, arrows when they overflow, a context menu
 * (refresh, close, close others, close all), middle-click closes; affix views cannot be closed.
 */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { pathname, search } = useLocation();
  const current = pathname + search;
  const views = useTagsStore((s) => s.visitedViews);
  const tagsIcon = useSettingsStore((s) => s.tagsIcon);
  // Menu pages are named as the menu is now: the names follow the language the menus came in.
  const menuList = useSessionStore((s) => s.menuList);
  const menuNames = useMemo(
    () => new Map(buildMenuRoutes(menuList).map((route) => [route.path.toLowerCase(), route.meta.fullName])),
    [menuList],
  );
  const linkMenus = useMemo(() => framedLinkMenus(menuList), [menuList]);
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (el) setOverflow(el.scrollWidth > el.clientWidth + 1);
  }, []);

  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, views.length]);

  // Bring the current tag into view.
  useEffect(() => {
    const el = scroller.current?.querySelector<HTMLElement>('[data-active="true"]');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current, views.length]);

  const titleOf = (view: VisitedView) => {
    const link = linkMenus.get(view.path);
    if (link) return link.fullName;
    return view.titleKey ? t(view.titleKey) : (menuNames.get(view.path.split('?')[0]!.toLowerCase()) ?? view.title);
  };
  const iconOf = (view: VisitedView) =>
    linkMenus.get(view.path)?.icon ?? view.icon ?? (view.path === HOME_PATH ? 'HomeOutlined' : '');

  /** After closing: stay if the current view is left, else go to the last one left (or home). */
  function leaveIfClosed(left: VisitedView[]) {
    if (left.some((v) => v.path === current)) return;
    navigate(left.length ? left[left.length - 1].path : HOME_PATH);
  }

  function act(action: Action, view: VisitedView) {
    const store = useTagsStore.getState();
    switch (action) {
      case 'refresh':
        refreshCachedPage(view.path);
        navigate(`/redirect${view.path}`);
        return;
      case 'close':
        if (view.affix) return;
        leaveIfClosed(store.delView(view.path));
        return;
      case 'closeOthers':
        if (view.path !== current) navigate(view.path);
        store.delOthers(view.path);
        return;
      case 'closeAll':
        leaveIfClosed(store.delAll());
        return;
    }
  }

  function contextMenu(view: VisitedView): MenuProps {
    return {
      items: [
        { key: 'refresh', label: <span data-testid="tag-refresh">{t('tags.refresh')}</span> },
        { key: 'close', label: <span data-testid="tag-close">{t('tags.close')}</span>, disabled: !!view.affix },
        { key: 'closeOthers', label: <span data-testid="tag-close-others">{t('tags.closeOthers')}</span> },
        { key: 'closeAll', label: <span data-testid="tag-close-all">{t('tags.closeAll')}</span> },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        act(key as Action, view);
      },
    };
  }

  function onMouseUp(event: MouseEvent, view: VisitedView) {
    // Middle button closes, as in a browser's tab strip.
    if (event.button === 1) {
      event.preventDefault();
      act('close', view);
    }
  }

  const scrollBy = (delta: number) => scroller.current?.scrollBy({ left: delta, behavior: 'smooth' });

  return (
    <div
      className={styles.tags}
      data-testid="tags-view"
      style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}
    >
      {overflow && (
        <Button
          size="small"
          type="text"
          className={styles.tagsArrow}
          aria-label={t('tags.previous')}
          data-testid="tags-prev"
          icon={<LeftOutlined />}
          onClick={() => scrollBy(-SCROLL_STEP)}
        />
      )}
      <div className={styles.tagsScroll} ref={scroller} role="tablist" aria-label={t('tags.label')}>
        {views.map((view) => {
          const active = view.path === current;
          return (
            <Dropdown key={view.path} trigger={['contextMenu']} menu={contextMenu(view)}>
              <span
                role="tab"
                aria-selected={active}
                tabIndex={0}
                data-active={active}
                data-testid={`tag-${view.path}`}
                className={[styles.tag, active ? styles.tagActive : ''].join(' ')}
                style={
                  active
                    ? { background: token.colorPrimary, borderColor: token.colorPrimary }
                    : { borderColor: token.colorBorder, color: token.colorText }
                }
                onClick={() => !active && navigate(view.path)}
                onKeyDown={(e) => e.key === 'Enter' && !active && navigate(view.path)}
                onMouseDown={(e) => e.button === 1 && e.preventDefault()}
                onMouseUp={(e) => onMouseUp(e, view)}
              >
                {tagsIcon && menuIcon(iconOf(view), 2 as MenuItem['type'])}
                <span>{titleOf(view)}</span>
                {!view.affix && (
                  <span
                    role="button"
                    aria-label={t('tags.close')}
                    data-testid={`tag-close-${view.path}`}
                    className={styles.tagClose}
                    onClick={(e) => {
                      e.stopPropagation();
                      act('close', view);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </span>
            </Dropdown>
          );
        })}
      </div>
      {overflow && (
        <Button
          size="small"
          type="text"
          className={styles.tagsArrow}
          aria-label={t('tags.next')}
          data-testid="tags-next"
          icon={<RightOutlined />}
          onClick={() => scrollBy(SCROLL_STEP)}
        />
      )}
    </div>
  );
}

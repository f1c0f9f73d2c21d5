import { Spin, theme } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { DemoNotice } from '../components/dialogs/demo-notice.tsx';
import { KeepAliveOutlet } from '../keep-alive/keep-alive-outlet.tsx';
import { useSettingsStore } from '../stores/settings.ts';
import styles from './layout.module.css';
import { TagsView } from './tags-view.tsx';

function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/** Below the top bar in every layout: the demo-data notice, the tags bar and the page. */
export function AppMain() {
  const { token } = theme.useToken();
  const scroller = useRef<HTMLElement>(null);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const useCache = useSettingsStore((s) => s.useCache);

  // Pages that fill the view (external link frame) size themselves with --atrium-shell-top: how far
  // down the content area starts (top bar, demo notice, tags bar).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () =>
      element.style.setProperty('--atrium-shell-top', `${Math.round(element.getBoundingClientRect().top)}px`);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [tagsView]);

  return (
    <div className={styles.appMain}>
      <DemoNotice />
      {tagsView && <TagsView />}
      <main
        ref={scroller}
        className={styles.scroller}
        data-testid="app-main"
        style={{ background: token.colorBgLayout }}
      >
        <KeepAliveOutlet scroller={scroller} enabled={useCache} fallback={<PageLoading />} />
      </main>
    </div>
  );
}

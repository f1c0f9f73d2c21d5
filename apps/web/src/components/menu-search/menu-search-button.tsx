import { SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Its own chunk: fuse.js and pinyin-pro (with its dictionary) load only when the user searches.
const MenuSearchDialog = lazy(() => import('./menu-search-dialog.tsx'));

/** Loads the dialog chunk ahead of the click (on hover or focus), so it opens without a wait. */
function preload(): void {
  void import('./menu-search-dialog.tsx');
}

/** The top bar's search button; Ctrl+K / Cmd+K opens the dialog from anywhere in the shell. */
export function MenuSearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // Opened with Ctrl+K, the dialog has no element to give the focus back to: it would be left on the
  // page where the dialog was, so the next Tab went into the page's content (a long table) instead of
  // the top bar. The search button stands in as the dialog's opener.
  function afterClose() {
    const focused = document.activeElement;
    if (!focused || focused === document.body) button.current?.focus({ preventScroll: true });
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Tooltip title={t('search.tooltip')}>
        <Button
          ref={button}
          type="text"
          data-testid="menu-search-button"
          aria-label={t('search.placeholder')}
          aria-keyshortcuts="Control+K Meta+K"
          icon={<SearchOutlined />}
          onMouseEnter={preload}
          onFocus={preload}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <MenuSearchDialog open={open} onClose={() => setOpen(false)} afterClose={afterClose} />
        </Suspense>
      )}
    </>
  );
}

import { EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Modal, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openMenu } from '../../router/open-menu.ts';
import { useSessionStore } from '../../stores/session.ts';
import { searchMenus, type SearchEntry } from './search-index.ts';
import styles from './menu-search.module.css';

interface Props {
  open: boolean;
  onClose(): void;
  /** Called once the dialog has gone (its closing animation over). */
  afterClose?(): void;
}

/**
 * The menu search dialog (its own chunk, with fuse.js and pinyin-pro): type to search, arrows move,
 * Enter opens, Esc closes.
 */
export default function MenuSearchDialog({ open, onClose, afterClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuList = useSessionStore((s) => s.menuList);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);

  const results = useMemo(() => searchMenus(menuList, query), [menuList, query]);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function choose(entry: SearchEntry | undefined) {
    if (!entry) return;
    onClose();
    setQuery('');
    openMenu(entry.item, navigate, useSessionStore.getState().token);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!results.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[active]);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      closable={false}
      title={null}
      width={560}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setQuery('');
      }}
      styles={{ body: { padding: 0 } }}
      className={styles.dialog}
    >
      <div data-testid="menu-search-dialog">
        <Input
          autoFocus
          size="large"
          variant="borderless"
          data-testid="menu-search-input"
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          aria-label={t('search.placeholder')}
          aria-controls="menu-search-results"
          aria-activedescendant={results.length ? `menu-search-result-${active}` : undefined}
        />
        <div className={styles.results}>
          {query.trim() && results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.noResult')} />
          ) : (
            <ul ref={list} id="menu-search-results" role="listbox" className={styles.list}>
              {results.map((entry, index) => (
                <li
                  key={entry.id}
                  id={`menu-search-result-${index}`}
                  role="option"
                  aria-selected={index === active}
                  data-index={index}
                  data-testid="menu-search-result"
                  className={[styles.item, index === active ? styles.itemActive : ''].join(' ')}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(entry)}
                >
                  <div className={styles.itemText}>
                    <span className={styles.itemTitle}>{entry.title}</span>
                    <Typography.Text type="secondary" className={styles.itemPath} ellipsis>
                      {[...entry.trail, entry.path].join(' / ')}
                    </Typography.Text>
                  </div>
                  {index === active && <EnterOutlined />}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={styles.footer}>
          <Typography.Text type="secondary">{t('search.hint')}</Typography.Text>
        </div>
      </div>
    </Modal>
  );
}

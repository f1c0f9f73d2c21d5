import { Avatar, Empty, Input, List, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listContacts, type ChatContact } from '../../api/chat.ts';
import { avatarUrl } from '../../api/file.ts';
import { useScrollPages } from '../message-drawer/scroll-pages.ts';
import styles from './chat.module.css';

/** Contacts page 20 at a time, the next page within 300 px of the bottom. */
export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_SCROLL_THRESHOLD = 300;

/** Everyone the user can chat with, searchable, growing as it is scrolled. */
export function ContactList({ onOpen }: { onOpen(contact: ChatContact): void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const fetchPage = useCallback(
    async (page: number) => (await listContacts({ keyword, currentPage: page, pageSize: CONTACT_PAGE_SIZE })).list,
    [keyword],
  );
  const pages = useScrollPages<ChatContact>({
    fetch: fetchPage,
    pageSize: CONTACT_PAGE_SIZE,
    threshold: CONTACT_SCROLL_THRESHOLD,
  });
  const { reload } = pages;
  useEffect(() => reload(), [keyword, reload]);

  return (
    <div className={styles.pane}>
      <Input.Search
        allowClear
        className={styles.search}
        placeholder={t('chat.searchContacts')}
        onSearch={(value) => setKeyword(value.trim())}
        data-testid="chat-contact-search"
      />
      <div className={styles.scroll} onScroll={pages.onScroll} data-testid="chat-contacts">
        <List<ChatContact>
          className={styles.list}
          dataSource={pages.items}
          locale={{
            emptyText: pages.loading ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noContacts')} />
            ),
          }}
          renderItem={(c) => (
            <List.Item className={styles.row} onClick={() => onOpen(c)} data-testid={`chat-contact-${c.account}`}>
              <Avatar src={avatarUrl(c.headIcon)}>{c.realName.slice(0, 1)}</Avatar>
              <div className={styles.rowMain}>
                <Typography.Text strong ellipsis className={styles.rowName}>
                  {c.realName}
                  <span className={styles.account}>{c.account}</span>
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis className={styles.rowPreview}>
                  {c.department}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
        {pages.loading && (
          <div className={styles.more}>
            <Spin size="small" />
          </div>
        )}
        {pages.done && pages.items.length > 0 && <div className={styles.more}>{t('chat.noMore')}</div>}
      </div>
    </div>
  );
}

import { PaperClipOutlined } from '@ant-design/icons';
import { Empty, Modal, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageType, parseFiles, readMessage, type MessageDetail } from '../../api/message.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { FileLink } from '../file-link/index.ts';
import { safeHtml } from './safe-html.ts';
import styles from './notice-view-dialog.module.css';

/** Notice dialogs are 80% wide. */
export const NOTICE_DIALOG_WIDTH = '80%';

interface Props {
  /** The message to show; null keeps the dialog closed. */
  messageId: string | null;
  onClose(): void;
  /**
   * The detail arrived, so the server has marked the message read. `since` is the bell's
   * countsVersion when the call started (see readOne).
   */
  onRead?(detail: MessageDetail, since: number): void;
}

/**
 * The view-notice / view-message dialog: title, sender and time, the rich body
 * and the attachments. Loading the detail marks the message read on the server. Attachment links are
 * the ones the detail hands out (each with a short-lived ticket); a refused download shows the
 * server's message and loads the detail again, so the next click has a fresh link.
 */
export function NoticeViewDialog({ messageId, onClose, onRead }: Props) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<MessageDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!messageId) return;
    let alive = true;
    setDetail(null);
    setFailed(false);
    setLoading(true);
    const since = useMessagesStore.getState().countsVersion;
    readMessage(messageId)
      .then((loaded) => {
        if (!alive) return;
        setDetail(loaded);
        onRead?.(loaded, since);
      })
      .catch(() => {
        if (alive) setFailed(true);
      })
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
    // Loads once per message; the callback's identity changes with every render of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messageId]);

  /** A download was refused: the detail again, with fresh links. */
  async function refreshLinks() {
    if (!messageId) return;
    try {
      const fresh = await readMessage(messageId);
      setDetail((shown) => (shown?.id === fresh.id ? fresh : shown));
    } catch {
      // Shown by the request wrapper; the old links stay.
    }
  }

  const files = parseFiles(detail?.files);
  const isNotice = !detail || detail.type === MessageType.notice;
  return (
    <Modal
      open={!!messageId}
      title={t(isNotice ? 'message.noticeDialog' : 'message.messageDialog')}
      width={NOTICE_DIALOG_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="notice-view-dialog"
    >
      <Spin spinning={loading}>
        {detail ? (
          <article className={styles.article} data-testid="notice-view">
            <Typography.Title level={4} className={styles.title}>
              {detail.title}
            </Typography.Title>
            <div className={styles.meta}>
              <span>{detail.releaseUser}</span>
              {detail.releaseTime ? <span>{dayjs(detail.releaseTime).format('YYYY-MM-DD HH:mm')}</span> : null}
            </div>
            <div
              className={styles.body}
              data-testid="notice-view-body"
              // Sanitised by the server and again by safeHtml.
              dangerouslySetInnerHTML={{ __html: safeHtml(detail.bodyText) }}
            />
            {files.length > 0 && (
              <div className={styles.files}>
                <div className={styles.filesLabel}>{t('message.attachments')}</div>
                <ul>
                  {files.map(({ url, name, fileId }, i) => (
                    <li key={`${fileId ?? name}-${i}`}>
                      <PaperClipOutlined />{' '}
                      {url ? <FileLink url={url} name={name} onRefused={() => void refreshLinks()} /> : name}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </article>
        ) : (
          failed && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.loadFailed')} />
        )}
      </Spin>
    </Modal>
  );
}

import { PaperClipOutlined } from '@ant-design/icons';
import { Empty, Modal, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageType, parseFiles, readMessage, type MessageDetail } from '../../api/message.ts';
import { apiUrl } from '../../api/request.ts';
import { safeHtml } from './safe-html.ts';
import styles from './notice-view-dialog.module.css';

/** Spec 1 section 9: notice dialogs are 80% wide. */
export const NOTICE_DIALOG_WIDTH = '80%';

interface Props {
  /** The message to show; null keeps the dialog closed. */
  messageId: string | null;
  onClose(): void;
  /** The detail arrived, so the server has marked the message read. */
  onRead?(detail: MessageDetail): void;
}

/**
 * The view-notice / view-message dialog (spec 1 section 2.4): title, sender and time, the rich body
 * and the attachments. Loading the detail marks the message read on the server.
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
    readMessage(messageId)
      .then((loaded) => {
        if (!alive) return;
        setDetail(loaded);
        onRead?.(loaded);
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
                  {files.map((file, i) => (
                    <li key={`${file.fileId ?? file.name}-${i}`}>
                      <PaperClipOutlined />{' '}
                      {file.url ? (
                        <a
                          href={
                            file.url.startsWith('/api/')
                              ? `${apiUrl(file.url)}${file.url.includes('?') ? '&' : '?'}fullName=${encodeURIComponent(file.name)}`
                              : file.url
                          }
                          target="_blank"
                          rel="noreferrer noopener"
                        >
                          {file.name}
                        </a>
                      ) : (
                        file.name
                      )}
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

import { PictureOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Popconfirm } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentApi } from '../../api/workflow.ts';
import { feedback } from '../../app/feedback.ts';
import type { FileRecord, ImageRecord } from '../../components/upload/index.ts';
import { useSessionStore } from '../../stores/session.ts';
import { AttachmentUpload, FlowFiles, FlowImages, ImageUpload } from './attachments.tsx';
import styles from './work-flow-detail.module.css';

/** A comment carries at most 20 images and 20 files (`FlowComment` body). */
const COMMENT_IMAGES = { limit: 20 };
const COMMENT_FILES = { limit: 20, showTip: false };

/**
 * The flow's comment thread: anyone who may read the flow writes, with images and files if he
 * likes; each comment shows its images (click to view) and files (download, preview); each deletes
 * his own.
 */
export function FlowComments({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSessionStore((s) => s.userInfo?.userId);
  const [text, setText] = useState('');
  const [images, setImages] = useState<ImageRecord[]>([]);
  const [files, setFiles] = useState<FileRecord[]>([]);
  const [addingImages, setAddingImages] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = ['workflow', 'comments', taskId];
  const comments = useQuery({ queryKey: key, queryFn: () => commentApi.list(taskId) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });

  const post = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      await commentApi.create({ taskId, text: text.trim(), image: images, file: files });
      setText('');
      setImages([]);
      setFiles([]);
      setAddingImages(false);
      reload();
    } catch {
      // The wrapper has shown why; the text and the uploads stay to try again.
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    try {
      const res = await commentApi.remove(id);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('admin.removed'));
      reload();
    } catch {
      // shown by the wrapper
    }
  };

  return (
    <div data-testid="flow-comments">
      <div className={`${styles.composer} noPrint`}>
        <Input.TextArea
          rows={2}
          maxLength={500}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('workflow.comment.placeholder')}
          data-testid="flow-comment-input"
        />
        {(addingImages || images.length > 0) && (
          <div data-testid="flow-comment-images">
            <ImageUpload field={COMMENT_IMAGES} value={images} onChange={setImages} />
          </div>
        )}
        <div className={styles.composerTools}>
          <Button
            icon={<PictureOutlined />}
            onClick={() => setAddingImages(true)}
            disabled={addingImages || images.length > 0}
            data-testid="flow-comment-add-images"
          >
            {t('workflow.comment.images')}
          </Button>
          <div className={styles.composerFiles} data-testid="flow-comment-files">
            <AttachmentUpload field={COMMENT_FILES} value={files} onChange={setFiles} />
          </div>
          <Button
            type="primary"
            loading={busy}
            disabled={!text.trim()}
            onClick={() => void post()}
            data-testid="flow-comment-post"
          >
            {t('workflow.comment.post')}
          </Button>
        </div>
      </div>
      {comments.data?.length ? (
        comments.data.map((c) => (
          <div key={c.id} className={styles.comment} data-testid="flow-comment">
            <div className={styles.commentHead}>
              <span>
                {c.creatorUserName} · {dayjs(c.creatorTime).format('YYYY-MM-DD HH:mm')}
              </span>
              {(c.isDel || c.creatorUserId === me) && (
                <Popconfirm title={t('admin.confirmRemove')} onConfirm={() => void remove(c.id)}>
                  <Button type="link" size="small" danger>
                    {t('admin.remove')}
                  </Button>
                </Popconfirm>
              )}
            </div>
            <div className={styles.commentText}>{c.text}</div>
            <FlowImages images={c.image} testId="flow-comment-image-list" />
            <FlowFiles files={c.file} testId="flow-comment-file-list" />
          </div>
        ))
      ) : (
        <Empty description={t('admin.empty')} />
      )}
    </div>
  );
}

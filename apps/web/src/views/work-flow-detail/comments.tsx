import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Popconfirm, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentApi } from '../../api/workflow.ts';
import { feedback } from '../../app/feedback.ts';
import { useSessionStore } from '../../stores/session.ts';
import styles from './work-flow-detail.module.css';

/** The flow's comment thread: anyone who may read the flow writes; each deletes his own. */
export function FlowComments({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSessionStore((s) => s.userInfo?.userId);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const key = ['workflow', 'comments', taskId];
  const comments = useQuery({ queryKey: key, queryFn: () => commentApi.list(taskId) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });

  const post = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      await commentApi.create({ taskId, text: text.trim(), image: [], file: [] });
      setText('');
      reload();
    } catch {
      // The wrapper has shown why; the text stays to try again.
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
      <Space.Compact block className="noPrint">
        <Input.TextArea
          rows={2}
          maxLength={500}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('workflow.comment.placeholder')}
          data-testid="flow-comment-input"
        />
        <Button
          type="primary"
          loading={busy}
          disabled={!text.trim()}
          onClick={() => void post()}
          data-testid="flow-comment-post"
        >
          {t('workflow.comment.post')}
        </Button>
      </Space.Compact>
      {comments.data?.length ? (
        comments.data.map((c) => (
          <div key={c.id} className={styles.comment}>
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
            <div>{c.text}</div>
          </div>
        ))
      ) : (
        <Empty description={t('admin.empty')} />
      )}
    </div>
  );
}

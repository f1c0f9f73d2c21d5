import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Image, Input, List, Pagination, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileLinkHref } from '../../api/file-link.ts';
import { feedbackApi, type FeedbackForm } from '../../api/feedback.ts';
import { feedback as toasts } from '../../app/feedback.ts';
import { ScreenshotField } from './screenshot-field.tsx';
import styles from './feedback.module.css';

const MINE_KEY = ['feedback', 'mine'] as const;
const PAGE_SIZE = 10;

/** The navbar's feedback page: a form to the administrators and the feedback this user sent. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FeedbackForm>();
  const [sending, setSending] = useState(false);
  const [page, setPage] = useState(1);
  const mine = useQuery({
    queryKey: [...MINE_KEY, page],
    queryFn: () => feedbackApi.mine({ currentPage: page, pageSize: PAGE_SIZE }),
  });

  async function send(values: FeedbackForm) {
    setSending(true);
    try {
      const res = await feedbackApi.send(values);
      void toasts().message.success(res.msg);
      form.resetFields();
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: MINE_KEY });
    } catch {
      // The request wrapper has shown the server's reason; the form keeps what was typed.
    } finally {
      setSending(false);
    }
  }

  const total = mine.data?.pagination.total ?? 0;
  return (
    <div className={styles.page} data-testid="feedback-page">
      <Card title={t('feedback.title')}>
        <p className={styles.intro}>{t('feedback.intro')}</p>
        <Form form={form} layout="vertical" onFinish={(v) => void send(v)} requiredMark="optional">
          <Form.Item
            name="content"
            label={t('feedback.content')}
            rules={[{ required: true, whitespace: true, message: t('feedback.contentRequired') }]}
          >
            <Input.TextArea
              rows={6}
              maxLength={2000}
              showCount
              placeholder={t('feedback.contentPlaceholder')}
              data-testid="feedback-content"
            />
          </Form.Item>
          <Form.Item name="contact" label={t('feedback.contact')}>
            <Input maxLength={100} placeholder={t('feedback.contactPlaceholder')} data-testid="feedback-contact" />
          </Form.Item>
          <Form.Item name="screenshot" label={t('feedback.screenshot')}>
            <ScreenshotField />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending} data-testid="feedback-submit">
            {t('feedback.submit')}
          </Button>
        </Form>
      </Card>
      <Card title={t('feedback.mine')} data-testid="feedback-mine">
        {total === 0 && !mine.isPending ? (
          <Empty description={t('feedback.mineEmpty')} />
        ) : (
          <List
            loading={mine.isPending}
            dataSource={mine.data?.list ?? []}
            renderItem={(item) => (
              <List.Item key={item.id}>
                <div className={styles.item}>
                  <div className={styles.itemHead}>
                    <span>{dayjs(item.creatorTime).format('YYYY-MM-DD HH:mm')}</span>
                    {item.status === 1 ? (
                      <Tag color="success">{t('feedback.handled')}</Tag>
                    ) : (
                      <Tag color="processing">{t('feedback.open')}</Tag>
                    )}
                  </div>
                  <p className={styles.itemText}>{item.content}</p>
                  {item.screenshotUrl && (
                    <Image
                      src={fileLinkHref(item.screenshotUrl)}
                      alt={t('feedback.screenshot')}
                      width={96}
                      className={styles.thumb}
                    />
                  )}
                </div>
              </List.Item>
            )}
          />
        )}
        {total > PAGE_SIZE && (
          <Pagination
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            onChange={setPage}
            style={{ marginTop: 12, textAlign: 'end' }}
          />
        )}
      </Card>
    </div>
  );
}

import { Button, Image, Select, Space, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import { fileLinkHref } from '../../../api/file-link.ts';
import { feedbackApi, type FeedbackItem } from '../../../api/feedback.ts';
import { feedback as toasts } from '../../../app/feedback.ts';
import {
  actionsColumn,
  AdminPage,
  DataTable,
  removeWithConfirm,
  SearchBar,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';

const KEY = ['feedback', 'manage'] as const;

/** The administrators' feedback list (menu 意见反馈): read, mark handled, delete. */
export default function FeedbackManagePage() {
  const { t } = useTranslation();
  const list = usePagedList<FeedbackItem, { status: '' | '0' | '1' }>({
    queryKey: KEY,
    fetch: feedbackApi.list,
    initialFilters: { status: '' },
  });

  async function handle(id: string) {
    try {
      const res = await feedbackApi.handle(id);
      void toasts().message.success(res.msg);
      list.reload();
    } catch {
      // The request wrapper has shown why.
    }
  }

  const columns: TableColumnsType<FeedbackItem> = [
    { key: 'userName', dataIndex: 'userName', title: t('feedback.user'), width: 140, ellipsis: true },
    {
      key: 'content',
      dataIndex: 'content',
      title: t('feedback.content'),
      width: 320,
      render: (v: string) => <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{v}</span>,
    },
    { key: 'contact', dataIndex: 'contact', title: t('feedback.contact'), width: 140, ellipsis: true },
    {
      key: 'screenshot',
      dataIndex: 'screenshotUrl',
      title: t('feedback.screenshot'),
      width: 110,
      render: (url: string | null) =>
        url ? (
          <Image
            src={fileLinkHref(url)}
            alt={t('feedback.screenshot')}
            width={72}
            height={48}
            style={{ objectFit: 'cover' }}
          />
        ) : (
          t('feedback.noScreenshot')
        ),
    },
    {
      key: 'creatorTime',
      dataIndex: 'creatorTime',
      title: t('feedback.time'),
      width: 160,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('feedback.status'),
      width: 100,
      render: (v: number, row) =>
        v === 1 ? (
          <Tag color="success" title={row.handledBy}>
            {t('feedback.handled')}
          </Tag>
        ) : (
          <Tag color="processing">{t('feedback.open')}</Tag>
        ),
    },
    { key: 'handledBy', dataIndex: 'handledBy', title: t('feedback.handledBy'), width: 110, ellipsis: true },
    actionsColumn<FeedbackItem>(
      t,
      (row) => (
        <Space size={0}>
          {row.status === 0 && (
            <Has code="btn_edit">
              <Button type="link" size="small" onClick={() => void handle(row.id)} data-testid="feedback-handle">
                {t('feedback.handle')}
              </Button>
            </Has>
          )}
          <Has code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => void removeWithConfirm(() => feedbackApi.remove(row.id), list.reload)}
              data-testid="feedback-remove"
            >
              {t('admin.remove')}
            </Button>
          </Has>
        </Space>
      ),
      170,
    ),
  ];

  return (
    <AdminPage data-testid="feedback-manage-page">
      <SearchBar
        onSearch={list.search}
        onReset={() => {
          list.search('');
          list.filter({ status: '' });
        }}
      >
        <Select
          value={list.query.status}
          onChange={(status) => list.filter({ status })}
          options={[
            { value: '', label: t('feedback.allStatus') },
            { value: '0', label: t('feedback.open') },
            { value: '1', label: t('feedback.handled') },
          ]}
          style={{ minWidth: 120 }}
          data-testid="feedback-status"
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()} />
      <DataTable<FeedbackItem>
        rowKey="id"
        {...list.table}
        columns={columns}
        scroll={{ x: 1250 }}
        data-testid="feedback-table"
      />
    </AdminPage>
  );
}

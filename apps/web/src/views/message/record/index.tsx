import { DeleteOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  listMessages,
  MessageType,
  readAllMessages,
  readMessage,
  removeMessageRecords,
  type MessageItem,
  type MessageQuery,
} from '../../../api/message.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  actionsColumn,
  AdminPage,
  confirmRemove,
  DataTable,
  SearchBar,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { confirmReadAll } from '../../../components/message-drawer/message-drawer.tsx';
import { flowDetailPath } from '../../../components/message-drawer/flow-link.ts';
import { NoticeViewDialog } from '../../../components/notice-view-dialog/notice-view-dialog.tsx';
import { getNavigator } from '../../../router/navigation.ts';
import { useMessagesStore } from '../../../stores/messages.ts';

const KEY = ['message', 'record'] as const;
type Filters = Pick<MessageQuery, 'type' | 'isRead'>;

/**
 * The full message centre (fixed route /messageRecord): the user's messages with keyword, type and
 * read filters and paging; reading opens the message (and marks it read), deleting asks first, and
 * 'mark all read' covers what the filters select.
 */
export default function MessageRecordPage() {
  const { t } = useTranslation();
  const list = usePagedList<MessageItem, Filters>({
    queryKey: KEY,
    fetch: (query) => listMessages(query),
    initialFilters: { type: '', isRead: '' },
  });
  const [type, setType] = useState<Filters['type']>('');
  const [isRead, setIsRead] = useState<Filters['isRead']>('');
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const listVersion = useMessagesStore((s) => s.listVersion);
  const { reload } = list;

  // A push (new notice) reloads the page on screen.
  useEffect(() => {
    if (listVersion) reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listVersion]);

  const typeLabel = (value: number) =>
    value === MessageType.flow
      ? t('message.flow')
      : value === MessageType.notice
        ? t('message.notice')
        : t('message.system');

  function afterRead(row: Pick<MessageItem, 'type' | 'isRead'>, since: number) {
    if (row.isRead === '0') useMessagesStore.getState().readOne(row.type, since);
    reload();
  }

  async function open(row: MessageItem) {
    if (row.type !== MessageType.flow) {
      setViewing(row.id);
      return;
    }
    const since = useMessagesStore.getState().countsVersion;
    try {
      const detail = await readMessage(row.id);
      afterRead(row, since);
      const path = flowDetailPath(detail.bodyText);
      if (path) getNavigator().navigate(path);
    } catch {
      // The request wrapper has shown why.
    }
  }

  async function remove(ids: string[]) {
    if (!ids.length || !(await confirmRemove())) return;
    try {
      const res = await removeMessageRecords(ids);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('admin.removed'));
    } catch {
      return;
    }
    setSelected([]);
    reload();
  }

  async function readAll() {
    if (!(await confirmReadAll())) return;
    try {
      const res = await readAllMessages({ keyword: list.query.keyword, type, isRead });
      void feedback().message.success({ content: res.msg || t('message.markAllRead'), duration: 1.5 });
      if (res.data) useMessagesStore.getState().setCounts(res.data);
    } catch {
      return;
    }
    reload();
  }

  const columns: TableColumnsType<MessageItem> = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('message.title'),
      ellipsis: true,
      render: (title: string, row) => (
        <Button type="link" size="small" onClick={() => void open(row)} data-testid={`record-open-${row.id}`}>
          {title}
        </Button>
      ),
    },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('message.type'),
      width: 90,
      render: (value: number) => (
        <Tag color={value === MessageType.flow ? 'blue' : value === MessageType.notice ? 'green' : 'default'}>
          {typeLabel(value)}
        </Tag>
      ),
    },
    { key: 'releaseUser', dataIndex: 'releaseUser', title: t('message.releaseUser'), width: 160 },
    {
      key: 'releaseTime',
      dataIndex: 'releaseTime',
      title: t('message.releaseTime'),
      width: 170,
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    {
      key: 'isRead',
      dataIndex: 'isRead',
      title: t('message.state'),
      width: 80,
      render: (v: string) =>
        v === '0' ? <Tag color="error">{t('message.unread')}</Tag> : <Tag>{t('message.read')}</Tag>,
    },
    actionsColumn<MessageItem>(t, (row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => void open(row)} data-testid="record-view">
          {t('message.view')}
        </Button>
        <Button type="link" size="small" danger onClick={() => void remove([row.id])} data-testid="record-remove">
          {t('message.remove')}
        </Button>
      </Space>
    )),
  ];

  return (
    <AdminPage data-testid="message-record-page">
      <SearchBar
        onSearch={list.search}
        onReset={() => {
          setType('');
          setIsRead('');
          list.filter({ type: '', isRead: '' });
          list.search('');
        }}
      >
        <Select<Filters['type']>
          value={type}
          onChange={(v) => {
            setType(v);
            list.filter({ type: v, isRead });
          }}
          style={{ width: 130 }}
          data-testid="record-type"
          options={[
            { value: '', label: t('message.anyType') },
            { value: MessageType.notice, label: t('message.notice') },
            { value: MessageType.flow, label: t('message.flow') },
            { value: MessageType.system, label: t('message.system') },
          ]}
        />
        <Select<Filters['isRead']>
          value={isRead}
          onChange={(v) => {
            setIsRead(v);
            list.filter({ type, isRead: v });
          }}
          style={{ width: 130 }}
          data-testid="record-read"
          options={[
            { value: '', label: t('message.anyState') },
            { value: '0', label: t('message.unread') },
            { value: '1', label: t('message.read') },
          ]}
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()}>
        <Button type="primary" icon={<CheckOutlined />} onClick={() => void readAll()} data-testid="record-read-all">
          {t('message.markAllRead')}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!selected.length}
          onClick={() => void remove(selected)}
          data-testid="record-remove-selected"
        >
          {t('message.removeSelected')}
        </Button>
      </Toolbar>
      <DataTable<MessageItem>
        {...list.table}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        data-testid="message-record-table"
      />
      <NoticeViewDialog
        messageId={viewing}
        onClose={() => setViewing(null)}
        onRead={(detail, since) => {
          const row = list.list.find((r) => r.id === detail.id);
          afterRead(row ?? detail, since);
        }}
      />
    </AdminPage>
  );
}

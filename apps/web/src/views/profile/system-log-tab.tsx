import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Segmented, Skeleton, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getSystemLog,
  type SystemLogCategory,
  type SystemLogEntry,
  type SystemLogQuery,
} from '../../api/current-user.ts';
import type { DateRange } from './date-range-filter.tsx';
import styles from './profile.module.css';

const DateRangeFilter = lazy(() => import('./date-range-filter.tsx'));

/** Default page size 20, sizes 20/50/100/500. */
const PAGE_SIZES = [20, 50, 100, 500];

const formatTime = (time: number) => dayjs(time).format('YYYY-MM-DD HH:mm:ss');

export function SystemLogTab() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<SystemLogCategory>(1);
  const [keywordInput, setKeywordInput] = useState('');
  const [range, setRange] = useState<DateRange>(null);
  const [query, setQuery] = useState<Omit<SystemLogQuery, 'category'>>({ currentPage: 1, pageSize: PAGE_SIZES[0] });

  const { data, isFetching } = useQuery({
    queryKey: ['current-user', 'system-log', category, query],
    queryFn: async () => (await getSystemLog({ category, ...query })).data ?? null,
    placeholderData: keepPreviousData,
  });

  function search(keyword = keywordInput, dates = range) {
    setQuery((q) => ({
      currentPage: 1,
      pageSize: q.pageSize,
      keyword: keyword.trim() || undefined,
      startTime: dates?.[0] ? dates[0].startOf('day').valueOf() : undefined,
      endTime: dates?.[1] ? dates[1].endOf('day').valueOf() : undefined,
    }));
  }

  function reset() {
    setKeywordInput('');
    setRange(null);
    search('', null);
  }

  const timeColumn = {
    key: 'creatorTime',
    dataIndex: 'creatorTime',
    title: t('profile.log.time'),
    width: 160,
    render: formatTime,
  };
  const ipColumn = { key: 'ipAddress', dataIndex: 'ipAddress', title: t('profile.log.ip'), width: 130 };
  // What happened, in the reader's language (the server words it): the column that matters most
  // keeps its width and wraps rather than being cut.
  const abstractsColumn = (width: number) => ({
    key: 'abstracts',
    dataIndex: 'abstracts',
    title: t('profile.log.abstracts'),
    width,
    render: (text: string) => <span data-testid="log-abstracts">{text}</span>,
  });
  const columns: TableColumnsType<SystemLogEntry> =
    category === 1
      ? [
          timeColumn,
          ipColumn,
          { key: 'ipAddressName', dataIndex: 'ipAddressName', title: t('profile.log.place'), width: 110 },
          { key: 'platForm', dataIndex: 'platForm', title: t('profile.log.platform'), ellipsis: true },
          abstractsColumn(240),
        ]
      : [
          timeColumn,
          ipColumn,
          { key: 'requestMethod', dataIndex: 'requestMethod', title: t('profile.log.method'), width: 90 },
          { key: 'requestURL', dataIndex: 'requestURL', title: t('profile.log.url'), ellipsis: true },
          abstractsColumn(190),
          {
            key: 'requestDuration',
            dataIndex: 'requestDuration',
            title: t('profile.log.duration'),
            width: 120,
            align: 'right',
          },
        ];

  return (
    <div>
      <Segmented<SystemLogCategory>
        value={category}
        onChange={(value) => {
          setCategory(value);
          setQuery((q) => ({ ...q, currentPage: 1 }));
        }}
        options={[
          { value: 1, label: <span data-testid="log-category-1">{t('profile.log.signIn')}</span> },
          { value: 5, label: <span data-testid="log-category-5">{t('profile.log.operation')}</span> },
        ]}
        style={{ marginBottom: 12 }}
      />
      <div className={styles.filters}>
        <Input
          allowClear
          style={{ width: 220 }}
          value={keywordInput}
          placeholder={t('profile.log.keyword')}
          aria-label={t('profile.log.keyword')}
          onChange={(e) => setKeywordInput(e.target.value)}
          onPressEnter={() => search()}
          data-testid="log-keyword"
        />
        <Suspense fallback={<Skeleton.Input active style={{ width: 260 }} />}>
          <DateRangeFilter
            value={range}
            onChange={setRange}
            placeholder={[t('profile.log.startDate'), t('profile.log.endDate')]}
          />
        </Suspense>
        <Button type="primary" onClick={() => search()} data-testid="log-search">
          {t('profile.log.search')}
        </Button>
        <Button onClick={reset}>{t('profile.log.reset')}</Button>
      </div>
      <div data-testid="system-log-table">
        <Table<SystemLogEntry>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          scroll={{ x: 760 }}
          pagination={{
            current: query.currentPage,
            pageSize: query.pageSize,
            total: data?.pagination.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('profile.log.total', { total }),
            onChange: (currentPage, pageSize) =>
              setQuery((q) => ({ ...q, currentPage: pageSize !== q.pageSize ? 1 : currentPage, pageSize })),
          }}
        />
      </div>
    </div>
  );
}

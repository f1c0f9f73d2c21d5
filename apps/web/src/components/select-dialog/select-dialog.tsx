import {
  Button,
  Col,
  Drawer,
  Flex,
  Input,
  Modal,
  Row,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import type { Key, ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../admin/paging.ts';
import pager from '../admin/pager.module.css';
import { SELECT_ALL_PAGE_SIZE, SELECT_PAGE_SIZE } from './select-defaults.ts';

export interface SelectQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

/** A page of records; a plain array counts as everything there is. */
export type SelectPage<T> = { list: T[]; total: number } | T[];

export interface SelectDialogProps<T extends object> {
  open: boolean;
  title?: ReactNode;
  /** Loads one page; called on open, on search and on page changes. */
  fetchRecords(query: SelectQuery): Promise<SelectPage<T>>;
  columns: TableColumnsType<T>;
  rowKey: Extract<keyof T, string> | ((row: T) => string);
  multiple?: boolean;
  /** Pages of 20 (default; sizes 20, 50, 100, 500); false loads up to 10000 rows at once. */
  paging?: boolean;
  /** Rows selected when the dialog opens; cancelling returns to them. */
  value?: readonly T[];
  /** Drawer or dialog width in px (capped by the screen). */
  width?: number;
  /** A side drawer (default) or a centred dialog. */
  container?: 'drawer' | 'dialog';
  /** A first column numbering the rows across pages. */
  index?: boolean;
  /** Rows a page when paging (default 20). */
  pageSize?: number;
  /** The keyword box's placeholder. */
  keywordPlaceholder?: string;
  /** Changing it reloads the page on show: the caller changed one of its records (deleted one, say). */
  reloadKey?: number;
  'data-testid'?: string;
  onConfirm(rows: T[]): void;
  onCancel(): void;
}

/**
 * Generic record picker in a drawer or a dialog: keyword search (10 of 24 columns) with search and
 * reset (8 of 24) and refresh, paging (total, sizes, prev, pager, next, jumper), single (radio) or
 * multiple selection, an optional index column. Confirm stays disabled
 * until a row is selected; cancel drops the changes. The notice recipients and the popup-select
 * form fields use it.
 */
export function SelectDialog<T extends object>({
  open,
  title,
  fetchRecords,
  columns,
  rowKey,
  multiple = false,
  paging = true,
  value,
  width = 720,
  container = 'drawer',
  index = false,
  pageSize: pagedSize = SELECT_PAGE_SIZE,
  keywordPlaceholder,
  reloadKey,
  onConfirm,
  onCancel,
  ...rest
}: SelectDialogProps<T>) {
  const { t } = useTranslation();
  const testId = rest['data-testid'] ?? 'select-dialog';
  const keyOf = useCallback(
    (row: T): string => (typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey])),
    [rowKey],
  );
  const pageSize = paging ? pagedSize : SELECT_ALL_PAGE_SIZE;
  const [keywordInput, setKeywordInput] = useState('');
  // What is typed right now: a click can arrive before the render that carries the new state.
  const typed = useRef('');
  // Null until the dialog opens: the opening sets the first query, so it is fetched once.
  const [query, setQuery] = useState<SelectQuery | null>(null);
  const [rows, setRows] = useState<T[]>([]);
  // The table may call a selection handler from an earlier render; it must still see this page.
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<T[]>([]);
  // Answers of superseded queries arrive late; only the newest may fill the table.
  const latest = useRef(0);
  // The fetch function is often an inline arrow; its identity must not trigger reloads.
  const fetchRef = useRef(fetchRecords);
  fetchRef.current = fetchRecords;

  // Each opening starts from the caller's value and the first page without a keyword.
  useEffect(() => {
    if (!open) return;
    setSelected(value ? [...value] : []);
    setKeywordInput('');
    typed.current = '';
    setQuery({ keyword: '', currentPage: 1, pageSize });
    // `value` is read only at opening: later changes by the caller must not discard the user's picks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, pageSize]);

  useEffect(() => {
    if (reloadKey) setQuery((q) => (q ? { ...q } : q));
  }, [reloadKey]);

  useEffect(() => {
    if (!open || !query) return;
    const id = ++latest.current;
    setLoading(true);
    fetchRef
      .current(query)
      .then((page) => {
        if (id !== latest.current) return;
        const list = Array.isArray(page) ? page : page.list;
        setRows(list);
        setTotal(Array.isArray(page) ? list.length : page.total);
      })
      .catch(() => {
        // A failed list call just stops loading (the wrapper showed why).
        if (id === latest.current) setRows([]);
      })
      .finally(() => {
        if (id === latest.current) setLoading(false);
      });
  }, [open, query]);

  function search(keyword: string) {
    setQuery((q) => ({ keyword: keyword.trim(), currentPage: 1, pageSize: q?.pageSize ?? pageSize }));
  }

  function toggle(row: T) {
    const key = keyOf(row);
    if (!multiple) {
      setSelected([row]);
      return;
    }
    setSelected((prev) => (prev.some((r) => keyOf(r) === key) ? prev.filter((r) => keyOf(r) !== key) : [...prev, row]));
  }

  function onSelectionChange(keys: Key[], picked: T[]) {
    if (!multiple) {
      setSelected(picked.slice(0, 1));
      return;
    }
    // With preserveSelectedRowKeys the table reports every selected key, other pages' included;
    // records come from what was already picked or from this change.
    setSelected((prev) => {
      const known = new Map([...prev, ...picked].map((r) => [keyOf(r), r]));
      return keys.map((k) => known.get(String(k))).filter((r): r is T => r !== undefined);
    });
  }

  function confirm() {
    if (selected.length === 0) return;
    onConfirm(selected);
  }

  const shownSize = query?.pageSize ?? pageSize;
  const pagination: TablePaginationConfig | false = paging
    ? {
        className: pager.pager,
        current: query?.currentPage ?? 1,
        pageSize: shownSize,
        total,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showQuickJumper: true,
        // At most 5 page buttons: the first, the last and the pages beside the current one.
        showLessItems: true,
        size: 'small',
        showTotal: (count) => t('selectDialog.total', { total: count }),
        // A new page size starts again at page 1.
        onChange: (currentPage, size) =>
          setQuery((q) => (q ? { ...q, currentPage: size !== q.pageSize ? 1 : currentPage, pageSize: size } : q)),
      }
    : false;

  const footer = (
    <Flex justify="space-between" align="center" gap={8}>
      <span data-testid={`${testId}-count`}>{t('selectDialog.selected', { count: selected.length })}</span>
      <Flex gap={8}>
        <Button onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" onClick={confirm} disabled={selected.length === 0} data-testid={`${testId}-confirm`}>
          {t('common.ok')}
        </Button>
      </Flex>
    </Flex>
  );
  const indexColumn: TableColumnsType<T> = index
    ? [
        {
          key: '__index',
          title: t('pickers.index'),
          width: 60,
          align: 'center',
          render: (_v, _row, i) => ((query?.currentPage ?? 1) - 1) * shownSize + i + 1,
        },
      ]
    : [];
  const body = (
    <>
      <Row gutter={[16, 8]} style={{ marginBottom: 12 }} data-testid={`${testId}-search-row`}>
        <Col xs={24} md={10}>
          <Input
            allowClear
            value={keywordInput}
            placeholder={keywordPlaceholder ?? t('selectDialog.keyword')}
            aria-label={t('selectDialog.keyword')}
            onChange={(e) => {
              typed.current = e.target.value;
              setKeywordInput(e.target.value);
            }}
            onPressEnter={() => search(typed.current)}
            data-testid={`${testId}-keyword`}
          />
        </Col>
        <Col xs={24} md={8}>
          <Flex gap={8} wrap>
            <Button type="primary" onClick={() => search(typed.current)} data-testid={`${testId}-search`}>
              {t('selectDialog.search')}
            </Button>
            <Button
              onClick={() => {
                setKeywordInput('');
                typed.current = '';
                search('');
              }}
            >
              {t('selectDialog.reset')}
            </Button>
          </Flex>
        </Col>
        <Col xs={24} md={6}>
          <Flex justify="end">
            <Button onClick={() => setQuery((q) => (q ? { ...q } : q))} data-testid={`${testId}-refresh`}>
              {t('pickers.refresh')}
            </Button>
          </Flex>
        </Col>
      </Row>
      <Table<T>
        size="small"
        rowKey={keyOf}
        columns={[...indexColumn, ...columns]}
        dataSource={rows}
        loading={loading}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: selected.map(keyOf),
          preserveSelectedRowKeys: true,
          onChange: onSelectionChange,
        }}
        onRow={(row) => ({
          onClick: (event) => {
            // The checkbox or radio has already changed the selection through onSelectionChange.
            if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            toggle(row);
          },
          style: { cursor: 'pointer' },
        })}
      />
    </>
  );

  return container === 'dialog' ? (
    <Modal
      open={open}
      title={title ?? t('selectDialog.title')}
      width={`min(${width}px, calc(100vw - 16px))`}
      onCancel={onCancel}
      destroyOnHidden
      footer={footer}
      data-testid={testId}
    >
      {body}
    </Modal>
  ) : (
    <Drawer
      open={open}
      title={title ?? t('selectDialog.title')}
      size={`min(${width}px, 100vw)`}
      onClose={onCancel}
      destroyOnHidden
      data-testid={testId}
      footer={footer}
    >
      {body}
    </Drawer>
  );
}

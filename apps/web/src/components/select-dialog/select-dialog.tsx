import { Button, Drawer, Flex, Input, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { Key, ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  /** Pages of 20 (default); false loads up to 10000 rows at once. */
  paging?: boolean;
  /** Rows selected when the dialog opens; cancelling returns to them. */
  value?: readonly T[];
  /** Drawer width in px (capped by the screen). */
  width?: number;
  onConfirm(rows: T[]): void;
  onCancel(): void;
}

/**
 * Generic record picker in a drawer: keyword search, paging, single or multiple
 * selection. Confirm does nothing until a row is selected; cancel drops the changes.
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
  onConfirm,
  onCancel,
}: SelectDialogProps<T>) {
  const { t } = useTranslation();
  const keyOf = useCallback(
    (row: T): string => (typeof rowKey === 'function' ? rowKey(row) : String(row[rowKey])),
    [rowKey],
  );
  const pageSize = paging ? SELECT_PAGE_SIZE : SELECT_ALL_PAGE_SIZE;
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
    setQuery({ keyword: keyword.trim(), currentPage: 1, pageSize });
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

  const pagination: TablePaginationConfig | false = paging
    ? {
        current: query?.currentPage ?? 1,
        pageSize,
        total,
        showSizeChanger: false,
        size: 'small',
        showTotal: (count) => t('selectDialog.total', { total: count }),
        onChange: (currentPage) => setQuery((q) => (q ? { ...q, currentPage } : q)),
      }
    : false;

  return (
    <Drawer
      open={open}
      title={title ?? t('selectDialog.title')}
      size={`min(${width}px, 100vw)`}
      onClose={onCancel}
      destroyOnHidden
      data-testid="select-dialog"
      footer={
        <Flex justify="space-between" align="center" gap={8}>
          <span data-testid="select-dialog-count">{t('selectDialog.selected', { count: selected.length })}</span>
          <Flex gap={8}>
            <Button onClick={onCancel} data-testid="select-dialog-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="primary" onClick={confirm} data-testid="select-dialog-confirm">
              {t('common.ok')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex gap={8} style={{ marginBottom: 12 }} wrap>
        <Input
          allowClear
          style={{ flex: '1 1 220px' }}
          value={keywordInput}
          placeholder={t('selectDialog.keyword')}
          aria-label={t('selectDialog.keyword')}
          onChange={(e) => {
            typed.current = e.target.value;
            setKeywordInput(e.target.value);
          }}
          onPressEnter={() => search(typed.current)}
          data-testid="select-dialog-keyword"
        />
        <Button type="primary" onClick={() => search(typed.current)} data-testid="select-dialog-search">
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
      <Table<T>
        size="small"
        rowKey={keyOf}
        columns={columns}
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
    </Drawer>
  );
}

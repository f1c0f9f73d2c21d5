import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { DictionaryDataRow, DictionaryTypeNode } from '@atrium/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import { dictionaryDataApi, dictionaryTypeApi } from '../../../api/dictionary.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  branchIds,
  DataTable,
  descriptionColumn,
  findNode,
  RowActions,
  SearchBar,
  sortCodeColumn,
  stateSwitchColumn,
  Toolbar,
} from '../../../components/admin/index.ts';
import styles from './dictionary.module.css';
import { exportItems } from './export-items.ts';
import { ItemDialog } from './item-dialog.tsx';
import { afterDictionaryChange, itemsKey, TYPES_KEY } from './keys.ts';
import { TypeDialog } from './type-dialog.tsx';
import { TypeTree } from './type-tree.tsx';

/** The first type that holds items (a leaf), so the screen opens on a real dictionary. */
function firstLeaf(nodes: DictionaryTypeNode[]): DictionaryTypeNode | undefined {
  for (const n of nodes) {
    if (!n.children?.length) return n;
    const leaf = firstLeaf(n.children);
    if (leaf) return leaf;
  }
  return undefined;
}

/**
 * Dictionaries: the type tree on the left (add/edit/delete types), the chosen
 * type's items on the right, a tree table for tree types, with keyword search, add/edit/delete,
 * the state switch and the export.
 */
export default function DictionaryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: TYPES_KEY, queryFn: dictionaryTypeApi.tree });
  const [picked, setPicked] = useState<string | undefined>();
  const type = useMemo(() => {
    const list = types.data ?? [];
    return (picked ? findNode(list, picked) : undefined) ?? firstLeaf(list);
  }, [types.data, picked]);
  const [keyword, setKeyword] = useState('');
  const items = useQuery({
    queryKey: itemsKey(type?.id, keyword),
    queryFn: () => dictionaryDataApi.list(type!.id, { keyword }),
    enabled: !!type,
  });
  const isTree = type?.isTree === 1;
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  // Opens fully for each type and each search; the user may then fold branches.
  const expandedKeys = expanded ?? branchIds(items.data ?? []);
  const [typeDialog, setTypeDialog] = useState<{ id?: string; parentId?: string } | null>(null);
  const [itemDialog, setItemDialog] = useState<{ id?: string; parentId?: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const changed = () => afterDictionaryChange(queryClient);

  const columns: TableColumnsType<DictionaryDataRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('dictionary.itemName'), width: 180 },
    { key: 'enCode', dataIndex: 'enCode', title: t('dictionary.itemCode'), width: 120 },
    { key: 'simpleSpelling', dataIndex: 'simpleSpelling', title: t('dictionary.simpleSpelling'), width: 80 },
    {
      key: 'isDefault',
      dataIndex: 'isDefault',
      title: t('dictionary.isDefault'),
      width: 70,
      render: (v: number) => (v === 1 ? <Tag color="blue">{t('admin.yes')}</Tag> : null),
    },
    stateSwitchColumn<DictionaryDataRow>(t, dictionaryDataApi.stateUrl, changed),
    sortCodeColumn(t),
    descriptionColumn(t, 160),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId="dictionary-item"
          onEdit={() => setItemDialog({ id: row.id })}
          onRemove={() => dictionaryDataApi.remove(row.id)}
          onRemoved={changed}
          leading={
            isTree && (
              <Has code="btn_add">
                <Button type="link" size="small" onClick={() => setItemDialog({ parentId: row.id })}>
                  {t('dictionary.addChildItem')}
                </Button>
              </Has>
            )
          }
        />
      ),
      isTree ? 190 : 130,
    ),
  ];

  return (
    <AdminPage
      data-testid="dictionary-page"
      treeTitle={t('dictionary.types')}
      toggleLabels={{ show: t('dictionary.types'), hide: t('dictionary.types') }}
      tree={
        <TypeTree
          types={types.data ?? []}
          loading={types.isFetching}
          failed={types.isError}
          onRetry={() => void types.refetch()}
          value={type?.id}
          onSelect={(id) => {
            setPicked(id);
            // The search bar starts empty for the new type, so does its filter.
            setKeyword('');
            setExpanded(null);
          }}
          onEdit={setTypeDialog}
          onRemoved={(id) => {
            if (id === type?.id) setPicked(undefined);
            changed();
          }}
        />
      }
    >
      {type ? (
        <>
          <div className={styles.heading} data-testid="dictionary-heading">
            {type.fullName}
            <span className={styles.headingCode}>{type.enCode}</span>
            <Tag>{t(isTree ? 'dictionary.treeYes' : 'dictionary.treeNo')}</Tag>
          </div>
          <SearchBar
            key={type.id}
            onSearch={(k) => {
              setKeyword(k);
              setExpanded(null);
            }}
          />
          <Toolbar onRefresh={() => void items.refetch()}>
            <AddButton onClick={() => setItemDialog({})} data-testid="dictionary-item-add">
              {t('dictionary.addItem')}
            </AddButton>
            <Has code="btn_download">
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={async () => {
                  setExporting(true);
                  try {
                    if (await exportItems(type.id, type.fullName))
                      void feedback().message.success(t('dictionary.exported'));
                  } finally {
                    setExporting(false);
                  }
                }}
                data-testid="dictionary-export"
              >
                {t('dictionary.export')}
              </Button>
            </Has>
          </Toolbar>
          <DataTable<DictionaryDataRow>
            columns={columns}
            dataSource={items.data ?? []}
            loading={items.isFetching}
            error={items.isError}
            onRetry={() => void items.refetch()}
            expandable={
              isTree
                ? {
                    expandedRowKeys: expandedKeys as React.Key[],
                    onExpandedRowsChange: (keys) => setExpanded(keys),
                  }
                : undefined
            }
            data-testid="dictionary-items"
          />
        </>
      ) : (
        !types.isFetching && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dictionary.noType')}>
            <Has code="btn_add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTypeDialog({})}>
                {t('dictionary.addType')}
              </Button>
            </Has>
          </Empty>
        )
      )}
      <TypeDialog target={typeDialog} onClose={() => setTypeDialog(null)} onSaved={changed} />
      {type && (
        <ItemDialog
          target={itemDialog}
          typeId={type.id}
          isTree={isTree}
          onClose={() => setItemDialog(null)}
          onSaved={changed}
        />
      )}
    </AdminPage>
  );
}

import { AreaType } from '@atrium/shared';
import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import { areaApi } from '../../../api/area.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  DataTable,
  RowActions,
  SearchBar,
  sortCodeColumn,
  stateSwitchColumn,
  Toolbar,
} from '../../../components/admin/index.ts';
import { AddressPicker } from '../../../components/area-picker/index.ts';
import { AreaDialog, type AreaDialogState } from './area-dialog.tsx';
import { useAreaTree, type AreaTreeRow } from './use-area-tree.ts';
import styles from './area.module.css';

const TYPE_COLORS = ['', 'blue', 'cyan', 'green', 'default'];

/** The row with this id anywhere in the loaded tree. */
function findRow(rows: readonly AreaTreeRow[], id: string): AreaTreeRow | undefined {
  for (const row of rows) {
    const found = row.id === id ? row : row.children && findRow(row.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Administrative areas: a lazy tree-table of provinces, cities,
 * districts and streets, a keyword search over every level, and a 'locate' address picker that
 * opens the tree at the chosen place.
 */
export default function AreaPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [located, setLocated] = useState<string[]>([]);
  const [dialog, setDialog] = useState<AreaDialogState | null>(null);
  const tree = useAreaTree(keyword);
  const target = located[located.length - 1];
  const locatedPath = target ? findRow(tree.rows, target)?.fullPath : undefined;

  const locate = async (path: string[]) => {
    setLocated(path);
    if (!path.length) return;
    setKeyword('');
    await tree.reveal(path);
    // The row exists once its parent's level has rendered.
    requestAnimationFrame(() =>
      document
        .querySelector(`[data-row-key="${CSS.escape(path[path.length - 1]!)}"]`)
        ?.scrollIntoView({ block: 'nearest' }),
    );
  };

  const columns: TableColumnsType<AreaTreeRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('area.fullName'), width: 260 },
    { key: 'enCode', dataIndex: 'enCode', title: t('area.enCode'), width: 140 },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('area.type'),
      width: 80,
      render: (type: number) => <Tag color={TYPE_COLORS[type]}>{t(`area.type${type}`)}</Tag>,
    },
    ...(keyword ? [{ key: 'fullPath', dataIndex: 'fullPath', title: t('area.fullPath'), width: 320 }] : []),
    { key: 'quickQuery', dataIndex: 'quickQuery', title: t('area.quickQuery'), width: 110 },
    stateSwitchColumn<AreaTreeRow>(t, areaApi.stateUrl, () => void tree.reload()),
    sortCodeColumn(t),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId="area"
          onEdit={() => setDialog({ id: row.id })}
          onRemove={() => areaApi.remove(row.id)}
          onRemoved={() => void tree.reload()}
          leading={
            row.type < AreaType.street && (
              <Has code="btn_add">
                <Button
                  type="link"
                  size="small"
                  onClick={() => setDialog({ parentId: row.id, parentPath: row.fullPath })}
                  data-testid="area-add-child"
                >
                  {t('area.addChild')}
                </Button>
              </Has>
            )
          }
        />
      ),
      200,
    ),
  ];

  return (
    <AdminPage data-testid="area-page">
      <SearchBar
        onSearch={(k) => {
          setLocated([]);
          setKeyword(k);
        }}
        onReset={() => {
          setLocated([]);
          setKeyword('');
        }}
        placeholder={t('area.keywordPlaceholder')}
      >
        <AddressPicker
          value={located}
          onChange={(v) => void locate(v as string[])}
          placeholder={t('area.locatePlaceholder')}
          style={{ width: 300 }}
          data-testid="area-locate"
        />
      </SearchBar>
      <Toolbar
        onRefresh={tree.refetch}
        extra={
          keyword ? (
            <Typography.Text type="secondary">{t('area.searchHint')}</Typography.Text>
          ) : locatedPath ? (
            <Typography.Text type="secondary" data-testid="area-located">
              {t('area.located', { path: locatedPath })}
            </Typography.Text>
          ) : undefined
        }
      >
        <AddButton onClick={() => setDialog({ parentId: '-1' })} data-testid="area-add">
          {t('area.add')}
        </AddButton>
      </Toolbar>
      <DataTable<AreaTreeRow>
        columns={columns}
        dataSource={tree.rows}
        loading={tree.loading}
        error={tree.error}
        onRetry={tree.refetch}
        rowClassName={(row) => (row.id === target ? styles.located : '')}
        expandable={{
          expandedRowKeys: tree.expanded as string[],
          onExpand: (open, row) => void tree.onExpand(open, row),
        }}
        data-testid="area-table"
      />
      <AreaDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          void tree.reload();
          // A new sub-area shows under its parent, opened if it was closed.
          const parent = dialog?.id ? undefined : dialog?.parentId;
          if (parent && parent !== '-1') void tree.open(parent);
        }}
      />
    </AdminPage>
  );
}

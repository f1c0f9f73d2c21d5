import { Button, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import { printDevApi, type PrintListItem } from '../../../api/print-dev.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  creatorTimeColumn,
  DataTable,
  descriptionColumn,
  enabledTagColumn,
  RowActions,
  sortCodeColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { CategorySearchBar } from '../../../components/dictionary-select/index.ts';
import { PrintDesigner } from './designer.tsx';
import { PreviewLauncher } from './preview-launcher.tsx';
import { CATEGORY_DICTIONARY, saveExport } from './print-dev-helpers.ts';
import { feedback } from '../../../app/feedback.ts';

const KEY = ['system', 'printDev'] as const;

/** Print templates: list, designer, copy, export, delete and print preview. */
export default function PrintDevPage() {
  const { t } = useTranslation();
  const { message } = feedback();
  const list = usePagedList<PrintListItem, { category?: string }>({ queryKey: KEY, fetch: printDevApi.list });
  const [designing, setDesigning] = useState<{ id?: string } | null>(null);
  const [previewing, setPreviewing] = useState<PrintListItem | null>(null);
  const reload = list.reload;

  const copy = async (row: PrintListItem) => {
    const res = await printDevApi.copy(row.id);
    void message.success(res.msg || t('printDev.copied'));
    reload();
  };

  const columns: TableColumnsType<PrintListItem> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('printDev.fullName'), width: 180, ellipsis: true },
    { key: 'enCode', dataIndex: 'enCode', title: t('printDev.enCode'), width: 140, ellipsis: true },
    { key: 'category', dataIndex: 'categoryName', title: t('printDev.category'), width: 90 },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('printDev.type'),
      width: 100,
      render: (type: number) => (
        <Tag color={type === 1 ? 'blue' : 'green'}>{t(type === 1 ? 'printDev.typeFlow' : 'printDev.typeFunction')}</Tag>
      ),
    },
    { key: 'creatorUser', dataIndex: 'creatorUser', title: t('printDev.creatorUser'), width: 90 },
    creatorTimeColumn(t),
    enabledTagColumn(t),
    sortCodeColumn(t),
    descriptionColumn(t, 160),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId="print"
          onEdit={() => setDesigning({ id: row.id })}
          onRemove={() => printDevApi.remove(row.id)}
          onRemoved={reload}
          leading={
            <Button type="link" size="small" onClick={() => setPreviewing(row)} data-testid="print-preview-open">
              {t('printDev.preview')}
            </Button>
          }
        >
          <Has code="btn_add">
            <Button type="link" size="small" onClick={() => void copy(row)} data-testid="print-copy">
              {t('printDev.copy')}
            </Button>
          </Has>
          <Has code="btn_download">
            <Button
              type="link"
              size="small"
              onClick={() => void printDevApi.exportFile(row.id).then((file) => saveExport(file, row.fullName))}
              data-testid="print-export"
            >
              {t('printDev.export')}
            </Button>
          </Has>
        </RowActions>
      ),
      280,
    ),
  ];

  return (
    <AdminPage data-testid="print-dev-page">
      <CategorySearchBar
        list={list}
        typeCode={CATEGORY_DICTIONARY}
        placeholder={t('printDev.allCategories')}
        data-testid="print-category-filter"
      />
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDesigning({})} data-testid="print-add">
          {t('printDev.add')}
        </AddButton>
      </Toolbar>
      <DataTable<PrintListItem> {...list.table} columns={columns} data-testid="print-table" />
      {designing && <PrintDesigner id={designing.id} onClose={() => setDesigning(null)} onSaved={reload} />}
      <PreviewLauncher template={previewing} onClose={() => setPreviewing(null)} />
    </AdminPage>
  );
}

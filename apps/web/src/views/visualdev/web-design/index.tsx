import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Upload, type MenuProps, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Has } from '../../../access/has.tsx';
import { useHas } from '../../../access/use-has.ts';
import { feedback } from '../../../app/feedback.ts';
import { modelApi, type ModelSummary } from '../../../api/visualdev.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  creatorTimeColumn,
  DataTable,
  descriptionColumn,
  removeWithConfirm,
  sortCodeColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { codePreviewTexts } from '../../../components/code-preview/texts.ts';
import { CategorySearchBar, useDictionary } from '../../../components/dictionary-select/index.ts';
import { formDesignerTexts } from '../../../components/form-designer/texts.ts';
import { listDesignerTexts } from '../../../components/list-designer/texts.ts';
import { saveFile } from '../../../components/print-preview/save-file.ts';
import { mergeAreaTexts } from '../../../locales/index.ts';
import { visualdevTexts } from '../texts.ts';
import { fromDesignFile, toDesignFile } from './design-file.ts';
import { CATEGORY_DICTIONARY, stateTag } from './model-state.tsx';
import { ReleaseDialog } from './release-dialog.tsx';

/** The designers' texts ship with this page, not with the shell. */
export const texts = mergeAreaTexts(visualdevTexts, formDesignerTexts, listDesignerTexts, codePreviewTexts);

const KEY = ['visualdev', 'models'] as const;

// The designers and the code viewer load when first opened: the list alone is a light page.
const ModelDesigner = lazy(() => import('./model-designer.tsx').then((m) => ({ default: m.ModelDesigner })));
const CodePreviewDialog = lazy(() =>
  import('../../../components/code-preview/index.ts').then((m) => ({ default: m.CodePreviewDialog })),
);

/**
 * Function design: the models of visual development by category and keyword, with their designer,
 * preview, release, rollback, copy, code generation, design export and import, and delete.
 */
export default function WebDesignPage() {
  const { t } = useTranslation();
  const { message, modal } = feedback();
  const navigate = useNavigate();
  const has = useHas();
  const list = usePagedList<ModelSummary, { category?: string }>({ queryKey: KEY, fetch: modelApi.list });
  const categories = useDictionary(CATEGORY_DICTIONARY);
  const [designing, setDesigning] = useState<{ id?: string } | null>(null);
  const [releasing, setReleasing] = useState<ModelSummary | null>(null);
  const [coding, setCoding] = useState<string | null>(null);
  const reload = list.reload;

  const copy = async (row: ModelSummary) => {
    await modelApi.copy(row.id);
    void message.success(t('admin.saved'));
    reload();
  };

  const exportDesign = async (row: ModelSummary) => {
    const file = toDesignFile(await modelApi.info(row.id));
    saveFile([JSON.stringify(file, null, 2)], `${row.fullName}.json`, 'application/json;charset=utf-8');
  };

  const importDesign = async (file: File) => {
    const model = fromDesignFile(await file.text());
    if (!model) {
      void message.error(t('visualdev.importFailed'));
      return;
    }
    const id = await modelApi.create(model);
    void message.success(t('admin.saved'));
    reload();
    setDesigning({ id });
  };

  const rollback = (row: ModelSummary) =>
    modal.confirm({
      title: t('visualdev.rollbackConfirm'),
      onOk: async () => {
        const res = await modelApi.rollback(row.id);
        void message.success(res.msg || t('admin.saved'));
        reload();
      },
    });

  const more = (row: ModelSummary): MenuProps['items'] =>
    [
      has('btn_add') && { key: 'copy', label: t('visualdev.copy'), onClick: () => void copy(row) },
      has('btn_edit') &&
        row.releasedAt &&
        row.state === 0 && { key: 'rollback', label: t('visualdev.rollback'), onClick: () => rollback(row) },
      { key: 'code', label: t('visualdev.code'), onClick: () => setCoding(row.id) },
      { key: 'export', label: t('visualdev.exportDesign'), onClick: () => void exportDesign(row) },
      has('btn_remove') && {
        key: 'remove',
        danger: true,
        label: t('admin.remove'),
        onClick: () => void removeWithConfirm(() => modelApi.remove(row.id), reload),
      },
    ].filter((item) => !!item);

  const columns: TableColumnsType<ModelSummary> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('visualdev.fullName'), width: 180, ellipsis: true },
    { key: 'enCode', dataIndex: 'enCode', title: t('visualdev.enCode'), width: 140, ellipsis: true },
    {
      key: 'category',
      dataIndex: 'category',
      title: t('visualdev.category'),
      width: 100,
      render: (code: string) => categories.labelOf(code),
    },
    {
      key: 'webType',
      dataIndex: 'webType',
      title: t('visualdev.webType'),
      width: 110,
      render: (type: number) => t(`visualdev.webType${type}`),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('visualdev.state'),
      width: 120,
      render: (state: number, row) => stateTag(t, state, row.releasedAt),
    },
    creatorTimeColumn(t),
    sortCodeColumn(t),
    descriptionColumn(t, 160),
    actionsColumn(
      t,
      (row) => (
        <>
          <Has code="btn_edit">
            <Button type="link" size="small" onClick={() => setDesigning({ id: row.id })} data-testid="model-design">
              {t('visualdev.design')}
            </Button>
          </Has>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(`/previewModel?id=${encodeURIComponent(row.id)}`)}
            data-testid="model-preview-open"
          >
            {t('visualdev.preview')}
          </Button>
          <Has code="btn_edit">
            <Button type="link" size="small" onClick={() => setReleasing(row)} data-testid="model-release-open">
              {t('visualdev.release')}
            </Button>
          </Has>
          <Dropdown menu={{ items: more(row) }} trigger={['click']}>
            <Button type="link" size="small" data-testid="model-more">
              {t('admin.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </>
      ),
      260,
    ),
  ];

  return (
    <AdminPage data-testid="web-design-page">
      <CategorySearchBar
        list={list}
        typeCode={CATEGORY_DICTIONARY}
        placeholder={t('visualdev.allCategories')}
        data-testid="model-category-filter"
      />
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDesigning({})} data-testid="model-add">
          {t('visualdev.add')}
        </AddButton>
        <Has code="btn_add">
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void importDesign(file);
              return false;
            }}
          >
            <Button data-testid="model-import">{t('visualdev.importDesign')}</Button>
          </Upload>
        </Has>
      </Toolbar>
      <DataTable<ModelSummary> {...list.table} columns={columns} data-testid="model-table" />
      <Suspense>
        {designing && <ModelDesigner id={designing.id} onClose={() => setDesigning(null)} onSaved={reload} />}
        {coding && <CodePreviewDialog modelId={coding} open onClose={() => setCoding(null)} />}
      </Suspense>
      {releasing && <ReleaseDialog model={releasing} onClose={() => setReleasing(null)} onReleased={reload} />}
    </AdminPage>
  );
}

import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Select, Switch, Tag, Upload, type MenuProps, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import { useHas } from '../../../access/use-has.ts';
import { flowTemplateApi, type FlowTemplateQuery, type FlowTemplateSummary } from '../../../api/flow-template.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  DataTable,
  removeWithConfirm,
  sortCodeColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { CategorySearchBar, useDictionary } from '../../../components/dictionary-select/index.ts';
import { flowDesignerTexts } from '../../../components/flow-designer/texts.ts';
import { formDesignerTexts } from '../../../components/form-designer/texts.ts';
import { mergeAreaTexts } from '../../../locales/index.ts';
import { TemplateDialog } from './template-dialog.tsx';
import { downloadTemplate, readTemplateFile } from './template-file.ts';
import { FLOW_CATEGORY_DICTIONARY, FormType, versionTag } from './template-state.tsx';
import { VersionsDrawer } from './versions-drawer.tsx';

/**
 * The designer's texts ship with this page, not with the shell; the form designer's are there for the
 * data-interface select the approver and trigger panels share with it.
 */
export const texts = mergeAreaTexts(flowDesignerTexts, formDesignerTexts);

const KEY = ['workflow', 'templates'] as const;

// The designer loads when first opened: the list alone is a light page.
const TemplateDesigner = lazy(() => import('./template-designer.tsx').then((m) => ({ default: m.TemplateDesigner })));

type Filters = Pick<FlowTemplateQuery, 'category' | 'enabledMark'>;

/** Enable or stop launching a template (read-only without btn_edit). */
function StateCell({ row, onChanged }: { row: FlowTemplateSummary; onChanged: () => void }) {
  const { t } = useTranslation();
  const has = useHas();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={row.enabledMark === 1}
      loading={busy}
      disabled={!has('btn_edit')}
      checkedChildren={t('flowDesigner.engine.enabled')}
      unCheckedChildren={t('flowDesigner.engine.stopped')}
      aria-label={t('admin.status')}
      data-testid={`flow-template-state-${row.id}`}
      onChange={async (on) => {
        setBusy(true);
        try {
          await flowTemplateApi.setState(row.id, on ? 1 : 0);
          void feedback().message.success(t('admin.saved'));
          onChanged();
        } catch {
          // The request wrapper already showed why.
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/**
 * Flow design: the templates by category, keyword and state, with their designer, publish, enable
 * and stop, copy, export and import, versions, and delete.
 */
export default function FlowEnginePage() {
  const { t } = useTranslation();
  const { message } = feedback();
  const has = useHas();
  const list = usePagedList<FlowTemplateSummary, Filters>({ queryKey: KEY, fetch: flowTemplateApi.list });
  const categories = useDictionary(FLOW_CATEGORY_DICTIONARY);
  const [state, setState] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [designing, setDesigning] = useState<string | null>(null);
  const [versionsOf, setVersionsOf] = useState<FlowTemplateSummary | null>(null);
  const reload = list.reload;

  const copy = async (row: FlowTemplateSummary) => {
    await flowTemplateApi.copy(row.id);
    void message.success(t('admin.saved'));
    reload();
  };

  const importFile = async (file: File) => {
    const data = readTemplateFile(await file.text());
    if (!data) {
      void message.error(t('flowDesigner.engine.importFailed'));
      return;
    }
    await flowTemplateApi.importFile(data);
    void message.success(t('flowDesigner.engine.imported'));
    reload();
  };

  const more = (row: FlowTemplateSummary): MenuProps['items'] =>
    [
      has('btn_edit') && {
        key: 'edit',
        label: t('flowDesigner.engine.editFields'),
        onClick: () => setEditing({ id: row.id }),
      },
      has('btn_add') && {
        key: 'copy',
        label: t('flowDesigner.engine.copy'),
        onClick: () => void copy(row).catch(() => undefined),
      },
      {
        key: 'export',
        label: t('flowDesigner.engine.export'),
        onClick: () => void downloadTemplate(row.id, row.fullName).catch(() => undefined),
      },
      { key: 'versions', label: t('flowDesigner.engine.versions'), onClick: () => setVersionsOf(row) },
      has('btn_remove') && {
        key: 'remove',
        danger: true,
        label: t('admin.remove'),
        onClick: () => void removeWithConfirm(() => flowTemplateApi.remove(row.id), reload),
      },
    ].filter((item) => !!item);

  const columns: TableColumnsType<FlowTemplateSummary> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('flowDesigner.engine.fullName'), width: 180, ellipsis: true },
    { key: 'enCode', dataIndex: 'enCode', title: t('flowDesigner.engine.enCode'), width: 140, ellipsis: true },
    {
      key: 'category',
      dataIndex: 'category',
      title: t('flowDesigner.engine.category'),
      width: 110,
      render: (code: string) => categories.labelOf(code),
    },
    {
      key: 'formName',
      dataIndex: 'formName',
      title: t('flowDesigner.engine.form'),
      width: 150,
      ellipsis: true,
      render: (name: string | null, row) =>
        row.formType === FormType.code ? <Tag>{t('flowDesigner.engine.formTypes.2')}</Tag> : name,
    },
    {
      key: 'currentVersion',
      dataIndex: 'currentVersion',
      title: t('flowDesigner.engine.version'),
      width: 150,
      render: (v: number | null, row) => versionTag(t, v, row.hasDraft),
    },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('admin.status'),
      width: 90,
      render: (_: number, row) => <StateCell row={row} onChanged={reload} />,
    },
    sortCodeColumn(t),
    {
      key: 'lastModifyTime',
      dataIndex: 'lastModifyTime',
      title: t('flowDesigner.engine.updatedAt'),
      width: 170,
      render: (at: number | null, row) => dayjs(at ?? row.creatorTime).format('YYYY-MM-DD HH:mm:ss'),
    },
    actionsColumn(
      t,
      (row) => (
        <>
          <Has code="btn_edit">
            <Button
              type="link"
              size="small"
              onClick={() => setDesigning(row.id)}
              data-testid={`flow-template-design-${row.id}`}
            >
              {t('flowDesigner.engine.design')}
            </Button>
          </Has>
          <Dropdown menu={{ items: more(row) }} trigger={['click']}>
            <Button type="link" size="small" data-testid={`flow-template-more-${row.id}`}>
              {t('admin.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </>
      ),
      160,
    ),
  ];

  return (
    <AdminPage data-testid="flow-engine-page">
      <CategorySearchBar
        list={list}
        typeCode={FLOW_CATEGORY_DICTIONARY}
        placeholder={t('flowDesigner.engine.allCategories')}
        data-testid="flow-template-category-filter"
        onReset={() => {
          setState(null);
          list.filter({ enabledMark: '' });
        }}
      >
        <Select<number>
          allowClear
          value={state ?? undefined}
          onChange={(value) => {
            setState(value ?? null);
            list.filter({ enabledMark: value ?? '' });
          }}
          placeholder={t('flowDesigner.engine.allStates')}
          options={[
            { value: 1, label: t('flowDesigner.engine.enabled') },
            { value: 0, label: t('flowDesigner.engine.stopped') },
          ]}
          style={{ width: 120 }}
          data-testid="flow-template-state-filter"
        />
      </CategorySearchBar>
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setEditing({})} data-testid="flow-template-add">
          {t('flowDesigner.engine.add')}
        </AddButton>
        <Has code="btn_add">
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file).catch(() => undefined);
              return false;
            }}
          >
            <Button data-testid="flow-template-import">{t('flowDesigner.engine.import')}</Button>
          </Upload>
        </Has>
      </Toolbar>
      <DataTable<FlowTemplateSummary> {...list.table} columns={columns} data-testid="flow-template-table" />
      {editing && (
        <TemplateDialog
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={(createdId) => {
            reload();
            if (createdId) setDesigning(createdId);
          }}
        />
      )}
      {versionsOf && (
        <VersionsDrawer id={versionsOf.id} title={versionsOf.fullName} onClose={() => setVersionsOf(null)} />
      )}
      <Suspense>
        {designing && <TemplateDesigner id={designing} onClose={() => setDesigning(null)} onSaved={reload} />}
      </Suspense>
    </AdminPage>
  );
}

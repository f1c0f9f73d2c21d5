import type {
  DataSchemeInfo,
  MatchLogic,
  MenuInfo,
  ModuleElementBody,
  ModuleElementInfo,
  ModuleElementKind,
  SchemeField,
} from '@atrium/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Drawer, Form, Grid, Radio, Switch, Tabs, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  AddButton,
  DataTable,
  enabledTagColumn,
  FormDialog,
  RowActions,
  sortCodeColumn,
  Toolbar,
} from '../../../components/admin/index.ts';
import { CodeField, EnabledField, NameField, SortCodeField } from '../../../components/admin/fields.tsx';
import { elementApi, schemeApi } from './api.ts';
import { RuleEditor, useFieldLabel } from './rule-editor.tsx';
import { conditionJsonOf, rowsOf, type RuleRow } from './scheme-rules.ts';

const ADD_LABEL: Record<ModuleElementKind, string> = {
  button: 'authorize.addButton',
  column: 'authorize.addColumn',
  form: 'authorize.addForm',
};

/** The buttons, list columns or form fields of one menu. */
function ElementTab({ menu, kind }: { menu: MenuInfo; kind: ModuleElementKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const api = elementApi(kind);
  const key = ['system', 'menu', 'elements', kind, menu.id];
  const list = useQuery({ queryKey: key, queryFn: () => api.list(menu.id) });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });
  const codeLabel = kind === 'column' ? t('authorize.columnCode') : t('authorize.elementCode');

  const columns: TableColumnsType<ModuleElementInfo> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('authorize.elementName'), width: 140 },
    { key: 'enCode', dataIndex: 'enCode', title: codeLabel, width: 140 },
    sortCodeColumn(t),
    enabledTagColumn(t),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId={kind}
          onEdit={() => setDialog({ id: row.id })}
          onRemove={() => api.remove(row.id)}
          onRemoved={reload}
        />
      ),
      110,
    ),
  ];
  const id = dialog?.id;
  return (
    <>
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDialog({})} data-testid={`add-${kind}`}>
          {t(ADD_LABEL[kind])}
        </AddButton>
      </Toolbar>
      <DataTable<ModuleElementInfo>
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        error={list.isError}
        onRetry={() => void list.refetch()}
        data-testid={`elements-${kind}`}
      />
      <FormDialog<ModuleElementBody>
        open={!!dialog}
        width={480}
        title={t(id ? 'authorize.editElement' : ADD_LABEL[kind])}
        load={id ? () => api.info(id) : undefined}
        initialValues={id ? undefined : { enabledMark: 1, sortCode: 0 }}
        submit={(values, version) =>
          id ? api.update(id, { ...values, moduleId: menu.id, version }) : api.create({ ...values, moduleId: menu.id })
        }
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        <NameField label={t('authorize.elementName')} />
        <CodeField label={codeLabel} />
        <SortCodeField />
        <EnabledField />
      </FormDialog>
    </>
  );
}

interface SchemeForm {
  fullName: string;
  enCode: string;
  matchLogic: MatchLogic;
  allData: number;
  sortCode: number;
  enabledMark: number;
  rows: RuleRow[];
}

/** Summary of a scheme's rules for the table. */
function ruleSummary(scheme: DataSchemeInfo, label: (f: string) => string, t: TFunction) {
  if (scheme.allData === 1) return t('authorize.allData');
  const rows = rowsOf(scheme.conditionJson);
  const joiner = scheme.matchLogic === 'or' ? ' ∨ ' : ' ∧ ';
  return rows
    .map((r) => `${label(r.field)} ${r.op} ${r.mode === 'variable' ? t(`authorize.${r.value}`) : r.value}`)
    .join(joiner);
}

/** The data schemes of one menu with the rule editor. */
function SchemeTab({ menu }: { menu: MenuInfo }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const queryClient = useQueryClient();
  const key = ['system', 'menu', 'schemes', menu.id];
  const list = useQuery({ queryKey: key, queryFn: () => schemeApi.list(menu.id) });
  const fields = useQuery({
    queryKey: ['system', 'menu', 'schemeFields', menu.id],
    queryFn: () => schemeApi.fields(menu.id),
  });
  const fieldList: SchemeField[] = fields.data ?? [];
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });

  const columns: TableColumnsType<DataSchemeInfo> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('authorize.schemeName'), width: 140 },
    { key: 'enCode', dataIndex: 'enCode', title: t('authorize.schemeCode'), width: 120 },
    {
      key: 'rules',
      title: t('authorize.rules'),
      width: 240,
      ellipsis: true,
      render: (_, row) => ruleSummary(row, label, t),
    },
    enabledTagColumn(t),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId="scheme"
          onEdit={() => setDialog({ id: row.id })}
          onRemove={() => schemeApi.remove(row.id)}
          onRemoved={reload}
        />
      ),
      110,
    ),
  ];

  const id = dialog?.id;
  return (
    <>
      {fields.isSuccess && fieldList.length === 0 && (
        <Alert type="info" showIcon title={t('authorize.noFields')} style={{ marginBottom: 12 }} />
      )}
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDialog({})} data-testid="add-scheme">
          {t('authorize.addScheme')}
        </AddButton>
      </Toolbar>
      <DataTable<DataSchemeInfo>
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        error={list.isError}
        onRetry={() => void list.refetch()}
        data-testid="elements-scheme"
      />
      <FormDialog<SchemeForm>
        open={!!dialog}
        width={720}
        title={t(id ? 'authorize.editElement' : 'authorize.addScheme')}
        load={
          id
            ? async () => {
                const info = await schemeApi.info(id);
                return { ...info, rows: rowsOf(info.conditionJson) };
              }
            : undefined
        }
        initialValues={id ? undefined : { matchLogic: 'and', allData: 0, enabledMark: 1, sortCode: 0, rows: [] }}
        submit={(values, version) => {
          const result = conditionJsonOf(values.rows ?? [], fieldList, values.allData === 1);
          const { rows: _rows, ...rest } = values;
          void _rows;
          const body = {
            ...rest,
            moduleId: menu.id,
            conditionJson: 'json' in result ? result.json : '[]',
          };
          return id ? schemeApi.update(id, { ...body, version }) : schemeApi.create(body);
        }}
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        {(form) => (
          <>
            <NameField label={t('authorize.schemeName')} />
            <CodeField label={t('authorize.schemeCode')} />
            <Form.Item
              name="allData"
              label={t('authorize.allData')}
              extra={t('authorize.allDataHint')}
              getValueProps={(v: number | undefined) => ({ checked: v === 1 })}
              normalize={(checked: boolean) => (checked ? 1 : 0)}
            >
              <Switch data-testid="scheme-all-data" />
            </Form.Item>
            <Form.Item name="matchLogic" label={t('authorize.matchLogic')}>
              <Radio.Group
                options={[
                  { value: 'and', label: t('authorize.matchAnd') },
                  { value: 'or', label: t('authorize.matchOr') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="rows"
              label={t('authorize.rules')}
              // Checked on save only: a row just added is not an error yet.
              validateTrigger={[]}
              // The rule rows need the dialog's full width: label above them.
              labelCol={{ span: 24 }}
              wrapperCol={{ span: 24 }}
              rules={[
                {
                  validator: (_, rows: RuleRow[] | undefined) => {
                    const result = conditionJsonOf(rows ?? [], fieldList, form.getFieldValue('allData') === 1);
                    if ('json' in result) return Promise.resolve();
                    const message =
                      result.problem === 'empty' ? t('authorize.needRule') : t('authorize.ruleIncomplete');
                    return Promise.reject(new Error(message));
                  },
                },
              ]}
            >
              <RuleEditor fields={fieldList} />
            </Form.Item>
            <SortCodeField />
            <EnabledField />
          </>
        )}
      </FormDialog>
    </>
  );
}

interface Props {
  menu: MenuInfo | null;
  onClose: () => void;
}

/** Per-menu drawer: its buttons, list columns, form fields and data schemes. */
export function ElementsDrawer({ menu, onClose }: Props) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={!!menu}
      onClose={onClose}
      title={menu ? t('authorize.elementsOf', { name: menu.fullName }) : ''}
      size={screens.md === false ? '100%' : 760}
      destroyOnHidden
      data-testid="elements-drawer"
    >
      {menu && (
        <Tabs
          items={[
            { key: 'button', label: t('authorize.buttons'), children: <ElementTab menu={menu} kind="button" /> },
            { key: 'column', label: t('authorize.columns'), children: <ElementTab menu={menu} kind="column" /> },
            { key: 'form', label: t('authorize.forms'), children: <ElementTab menu={menu} kind="form" /> },
            { key: 'scheme', label: t('authorize.schemes'), children: <SchemeTab menu={menu} /> },
          ]}
        />
      )}
    </Drawer>
  );
}

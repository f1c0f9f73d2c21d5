import { commentText, indent, lines, lit, member, num, prop } from './emit.ts';
import type { GenPlan, GenSearch } from './plan.ts';
import { filterParams, webApiNames } from './web-api.ts';

/**
 * apps/web/src/views/<area>/<name>/index.tsx: the list page of the generated module, built from the
 * admin kit like the hand-written screens (AdminPage, SearchBar, Toolbar, DataTable, RowActions),
 * with the list's columns shown as the registry displays their values, the list's search fields,
 * and the form runtime (FormRenderer) in the add and edit dialog.
 */

const widthOf = (text: string | undefined) => (text && /^\d+(\.\d+)?(px|%|vw)$/.test(text) ? text : '600px');

/** The search-bar control of one search field. */
function searchControl(s: GenSearch): string {
  const label = lit(s.field.label);
  const set = (name: string, value: string) => `setFilters((f) => ({ ...f, ${prop(name)}: ${value} }))`;
  if (s.type === 3 && s.from && s.to) {
    const from = `filters${member(s.from)}`;
    const to = `filters${member(s.to)}`;
    if (s.field.storage === 'timestamp')
      return lines(
        '<DatePicker.RangePicker',
        `  aria-label={${label}}`,
        `  value={[${from} === undefined ? null : dayjs(${from}), ${to} === undefined ? null : dayjs(${to})]}`,
        '  onChange={(dates) =>',
        '    setFilters((f) => ({',
        '      ...f,',
        `      ${prop(s.from)}: dates?.[0]?.startOf('day').valueOf(),`,
        `      ${prop(s.to)}: dates?.[1]?.endOf('day').valueOf(),`,
        '    }))',
        '  }',
        '/>',
      );
    return lines(
      '<Space.Compact>',
      `  <InputNumber<number> placeholder={${label}} value={${from}} onChange={(v) => ${set(s.from, 'v ?? undefined')}} />`,
      `  <InputNumber<number> placeholder={${label}} value={${to}} onChange={(v) => ${set(s.to, 'v ?? undefined')}} />`,
      '</Space.Compact>',
    );
  }
  const param = s.param!;
  const value = `filters${member(param)}`;
  if (s.field.storage === 'number' || s.field.storage === 'decimal' || s.field.storage === 'timestamp')
    return `<InputNumber<number> placeholder={${label}} value={${value}} onChange={(v) => ${set(param, 'v ?? undefined')}} />`;
  if (s.field.options.length) {
    const options = s.field.options.map((o) => `{ value: ${lit(String(o.id))}, label: ${lit(String(o.fullName))} }`);
    return lines(
      '<Select',
      '  allowClear',
      '  style={{ width: 160 }}',
      `  placeholder={${label}}`,
      `  value={${value}}`,
      `  options={[${options.join(', ')}]}`,
      `  onChange={(v?: string) => ${set(param, 'v')}}`,
      '/>',
    );
  }
  return `<Input allowClear style={{ width: 160 }} placeholder={${label}} value={${value}} onChange={(e) => ${set(param, 'e.target.value || undefined')}} />`;
}

export function webPage(plan: GenPlan): string {
  const n = webApiNames(plan);
  const params = filterParams(plan);
  const searches = plan.searches.filter((s) => s.type !== 2);
  const hasFilters = params.length > 0;
  const usesDates = searches.some((s) => s.type === 3 && s.field.storage === 'timestamp');
  const usesRange = searches.some((s) => s.type === 3 && s.field.storage !== 'timestamp');
  const usesNumber =
    usesRange || searches.some((s) => s.type === 1 && ['number', 'decimal', 'timestamp'].includes(s.field.storage));
  const usesSelect = searches.some(
    (s) => s.type === 1 && s.field.options.length && !['number', 'decimal', 'timestamp'].includes(s.field.storage),
  );
  const usesInput = searches.some(
    (s) => s.type === 1 && !s.field.options.length && !['number', 'decimal', 'timestamp'].includes(s.field.storage),
  );
  const antd = [
    ...(usesDates ? ['DatePicker'] : []),
    ...(usesInput ? ['Input'] : []),
    ...(usesNumber ? ['InputNumber'] : []),
    'Modal',
    ...(usesSelect ? ['Select'] : []),
    ...(usesRange ? ['Space'] : []),
    'Spin',
    'type TableColumnsType',
  ];
  const testId = plan.kebab;
  const listed = plan.listed.length > 0;
  const pageName = `${plan.className}Page`;

  const columns = plan.listed.map((l) =>
    lines(
      '  {',
      `    key: ${lit(l.field.key)},`,
      `    title: ${lit(l.label)},`,
      l.width !== undefined ? `    width: ${num(l.width)},` : null,
      l.align ? `    align: ${lit(l.align)},` : null,
      `    render: (_, row) => cellText(${lit(l.field.key)}, row.data${member(l.field.key)}, lang, names),`,
      '  },',
    ),
  );

  const searchBar = hasFilters
    ? lines(
        '<SearchBar',
        '  onSearch={(keyword) => {',
        '    list.filter(filters);',
        '    list.search(keyword);',
        '  }}',
        '  onReset={() => {',
        '    setFilters(NO_FILTERS);',
        '    list.filter(NO_FILTERS);',
        "    list.search('');",
        '  }}',
        '>',
        ...searches.map((s) => searchControl(s).replace(/^/gm, '  ')),
        '</SearchBar>',
      )
    : '<SearchBar onSearch={list.search} />';

  return lines(
    "import { ResultCode } from '@atrium/shared';",
    listed ? "import { dataFields, kindOf, toFormLang, type FormLang } from '@atrium/shared/forms';" : null,
    `import { ${antd.join(', ')} } from 'antd';`,
    usesDates ? "import dayjs from 'dayjs';" : null,
    `import { useCallback, useEffect, useMemo, useState } from 'react';`,
    "import { useTranslation } from 'react-i18next';",
    "import { RequestError } from '../../../api/request.ts';",
    "import { feedback } from '../../../app/feedback.ts';",
    'import {',
    '  actionsColumn,',
    '  AddButton,',
    '  AdminPage,',
    '  DataTable,',
    '  RowActions,',
    '  SearchBar,',
    '  Toolbar,',
    '  usePagedList,',
    "} from '../../../components/admin/index.ts';",
    "import { FormRenderer, submitForm, useFormRuntime, type Values } from '../../../components/form-runtime/index.ts';",
    `import { ${[n.api, ...(hasFilters ? [`type ${n.filters}`] : []), ...(listed ? [`type ${n.list}`] : []), `type ${n.row}`, `type ${n.values}`].join(', ')} } from './api.ts';`,
    "import { form } from './form.ts';",
    '',
    `const KEY = [${lit(plan.area)}, ${lit(plan.camel)}] as const;`,
    '',
    listed
      ? lines(
          "/** The form's stored fields by name: the list shows each value as the field kind displays it. */",
          'const FIELDS = dataFields(form);',
          '',
          'function cellText(key: string, value: unknown, lang: FormLang, names: Record<string, string>): string {',
          '  const field = FIELDS.get(key)?.field;',
          '  const kind = field && kindOf(field);',
          "  if (!field || !kind) return value === null || value === undefined ? '' : String(value);",
          '  return kind.display(value, field, { lang, names });',
          '}',
          '',
        )
      : null,
    hasFilters
      ? lines(
          '/** The search fields, all empty (a reset sets each back). */',
          `const NO_FILTERS: ${n.filters} = {`,
          ...params.map((p) => `  ${prop(p.name)}: undefined,`),
          '};',
          '',
        )
      : null,
    'interface DialogProps {',
    '  /** The record to edit; undefined adds one. */',
    '  id?: string;',
    '  onClose: () => void;',
    '  onSaved: () => void;',
    '}',
    '',
    '/**',
    ' * Adds or edits a record through the form runtime: checked in the browser by the rules the server',
    ' * runs, saved with the version it read. A 409 (someone else saved first) loads the latest record',
    ' * and keeps the dialog open.',
    ' */',
    'function RecordDialog({ id, onClose, onSaved }: DialogProps) {',
    '  const { t } = useTranslation();',
    '  const [loaded, setLoaded] = useState<{ values?: Values; version: number } | null>(id ? null : { version: 0 });',
    '  const [saving, setSaving] = useState(false);',
    '',
    '  const load = useCallback(async () => {',
    '    if (!id) return;',
    '    try {',
    `      const record = await ${n.api}.info(id);`,
    '      setLoaded({ values: record.data, version: record.version });',
    '    } catch {',
    '      // A record that cannot be read (deleted meanwhile) cannot be edited: the wrapper said why.',
    '      onClose();',
    '    }',
    '  }, [id, onClose]);',
    '',
    '  useEffect(() => {',
    '    void load();',
    '  }, [load]);',
    '',
    '  const options = useMemo(() => ({ values: loaded?.values }), [loaded]);',
    '  const runtime = useFormRuntime(form, options);',
    '',
    '  const save = async () => {',
    '    const { values } = submitForm(runtime);',
    '    if (!values || !loaded) return;',
    `    const data = values as ${n.values};`,
    '    setSaving(true);',
    '    try {',
    `      const res = id ? await ${n.api}.update(id, data, loaded.version) : await ${n.api}.create(data);`,
    "      void feedback().message.success(res.msg || t('admin.saved'));",
    '      onSaved();',
    '      onClose();',
    '    } catch (error) {',
    '      if (error instanceof RequestError && error.code === ResultCode.conflict) await load();',
    '    } finally {',
    '      setSaving(false);',
    '    }',
    '  };',
    '',
    '  return (',
    '    <Modal',
    '      open',
    `      title={${lit(plan.fullName)}}`,
    `      width={${lit(widthOf(plan.form.generalWidth))}}`,
    '      onCancel={onClose}',
    '      onOk={() => void save()}',
    '      okButtonProps={{ disabled: !loaded }}',
    '      confirmLoading={saving}',
    '      mask={{ closable: false }}',
    '      destroyOnHidden',
    `      data-testid=${lit(`${testId}-dialog`)}`,
    '    >',
    '      {loaded ? (',
    '        <FormRenderer',
    '          key={loaded.version}',
    '          form={form}',
    '          model={runtime.model}',
    '          store={runtime.store}',
    '          formContext={runtime.formContext}',
    '          formInfo={{ recordId: id }}',
    '        />',
    '      ) : (',
    '        <Spin />',
    '      )}',
    '    </Modal>',
    '  );',
    '}',
    '',
    '/**',
    ` * ${commentText(plan.fullName)}: the records of the visual-development model ${commentText(plan.enCode)}, with add, edit`,
    ' * and delete behind their buttons, in a page of its own.',
    ' */',
    `export default function ${pageName}() {`,
    listed ? '  const { t, i18n } = useTranslation();' : '  const { t } = useTranslation();',
    listed ? '  const lang = toFormLang(i18n.language);' : null,
    `  const list = usePagedList<${n.row}${hasFilters ? `, ${n.filters}` : ''}>({`,
    '    queryKey: KEY,',
    `    fetch: ${n.api}.list,`,
    hasFilters ? '    initialFilters: NO_FILTERS,' : null,
    '  });',
    listed ? '  // The page answers the names of the ids its cells hold beside the rows.' : null,
    listed ? `  const names = (list.data as ${n.list} | undefined)?.names ?? {};` : null,
    hasFilters ? `  const [filters, setFilters] = useState<${n.filters}>(NO_FILTERS);` : null,
    '  const [editing, setEditing] = useState<{ id?: string } | null>(null);',
    '  const close = useCallback(() => setEditing(null), []);',
    '',
    `  const columns: TableColumnsType<${n.row}> = [`,
    ...columns.map((c) => indent(c, 2)),
    '    actionsColumn(t, (row) => (',
    '      <RowActions',
    `        testId=${lit(testId)}`,
    '        onEdit={() => setEditing({ id: row.id })}',
    `        onRemove={() => ${n.api}.remove(row.id)}`,
    '        onRemoved={list.reload}',
    '      />',
    '    )),',
    '  ];',
    '',
    '  return (',
    `    <AdminPage data-testid=${lit(`${testId}-page`)}>`,
    searchBar.replace(/^/gm, '      '),
    '      <Toolbar onRefresh={() => void list.refetch()}>',
    `        <AddButton onClick={() => setEditing({})} data-testid=${lit(`${testId}-add`)}>`,
    "          {t('admin.add')}",
    '        </AddButton>',
    '      </Toolbar>',
    `      <DataTable<${n.row}> {...list.table} columns={columns} data-testid=${lit(`${testId}-table`)} />`,
    '      {editing && <RecordDialog id={editing.id} onClose={close} onSaved={list.reload} />}',
    '    </AdminPage>',
    '  );',
    '}',
    '',
  );
}

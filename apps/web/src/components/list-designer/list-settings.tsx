import type { DictionaryTypeNode } from '@atrium/shared';
import { listTreeProblem, type ColumnData, type ListType, type TreeDataSource } from '@atrium/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { Divider, Input, Radio, Segmented, Select, Switch, TreeSelect } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dataInterfaceApi } from '../../api/data-interface.ts';
import { dictionaryTypeApi } from '../../api/dictionary.ts';
import { findNode } from '../admin/tree-filter.ts';
import { DataInterfaceSelect } from '../form-designer/pickers.tsx';
import type { FieldChoice } from './fields.ts';
import styles from './list-designer.module.css';

const LIST_TYPES: ListType[] = [1, 2, 3, 4, 5];
const TREE_SOURCES: TreeDataSource[] = ['dictionary', 'organize', 'api'];
/** The keys of an interface tree's rows, with the key each falls back to when left empty. */
const TREE_PROPS = [
  ['treePropsValue', 'value', 'id'],
  ['treePropsLabel', 'label', 'fullName'],
  ['treePropsChildren', 'children', 'children'],
  ['treePropsParent', 'parent', ''],
] as const;
const PAGE_SIZES = [20, 50, 100, 500];

interface Props {
  value: ColumnData;
  onChange: (value: ColumnData) => void;
  choices: readonly FieldChoice[];
}

interface TypeNode {
  value: string;
  title: string;
  children?: TypeNode[];
}

const toTypeTree = (nodes: DictionaryTypeNode[]): TypeNode[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    children: n.children?.length ? toTypeTree(n.children) : undefined,
  }));

/** The dictionary types as a tree; the stored value is the type's id, as form designs store it. */
function DictionaryTypePicker({ value, onChange }: { value?: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const types = useQuery({ queryKey: ['system', 'dictionaryType', 'tree'], queryFn: dictionaryTypeApi.tree });
  const tree = useMemo(() => toTypeTree(types.data ?? []), [types.data]);
  return (
    <TreeSelect
      size="small"
      value={value || undefined}
      onChange={(id: string | undefined) => onChange(id ?? '')}
      treeData={tree}
      loading={types.isFetching}
      treeDefaultExpandAll
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={t('listDesigner.tree.dictionaryPlaceholder')}
      aria-label={t('listDesigner.tree.dictionaryPick')}
      style={{ width: '100%' }}
      data-testid="tree-dictionary"
    />
  );
}

interface RowProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The hint says what is wrong rather than what the setting does. */
  error?: boolean;
  children: ReactNode;
}

function Row({ label, hint, error, children }: RowProps) {
  return (
    <div className={styles.formRow}>
      <span>{label}</span>
      <div className={styles.formControl}>
        {children}
        {hint && <div className={error ? `${styles.hint} ${styles.hintError}` : styles.hint}>{hint}</div>}
      </div>
    </div>
  );
}

/**
 * The interface of an interface tree and the keys of its rows. The interface's name is stored
 * beside its id, so a list whose interface was since removed still says which one it was.
 */
function TreeInterfaceSettings({ value, set }: { value: ColumnData; set: (patch: Partial<ColumnData>) => void }) {
  const { t } = useTranslation();
  // The picker's own list (same key), read here for the chosen interface's name.
  const interfaces = useQuery({
    queryKey: ['formDesigner', 'dataInterfaces'],
    queryFn: dataInterfaceApi.selector,
    staleTime: 5 * 60_000,
  });
  const problem = listTreeProblem(value);
  const gone =
    !!value.treeInterfaceId &&
    interfaces.isSuccess &&
    findNode(interfaces.data, value.treeInterfaceId)?.type !== 'interface';
  const interfaceHint =
    problem?.kind === 'interfaceMissing'
      ? t('listDesigner.tree.interfaceRequired')
      : gone
        ? t('listDesigner.tree.interfaceGone', { name: value.treeInterfaceName || value.treeInterfaceId })
        : undefined;
  return (
    <>
      <Row label={t('listDesigner.tree.interfacePick')} hint={interfaceHint} error={!!interfaceHint}>
        <div data-testid="tree-interface">
          <DataInterfaceSelect
            value={value.treeInterfaceId}
            onChange={(id) =>
              set({
                treeInterfaceId: id ?? '',
                treeInterfaceName: (id && interfaces.data && findNode(interfaces.data, id)?.fullName) || '',
              })
            }
          />
        </div>
      </Row>
      {TREE_PROPS.map(([key, name, fallback]) => {
        const invalid = problem?.kind === 'keyInvalid' && problem.field === key;
        const hint = invalid
          ? t('listDesigner.tree.propsInvalid')
          : name === 'children' || name === 'parent'
            ? t(`listDesigner.tree.propsHint.${name}`)
            : undefined;
        return (
          <Row key={key} label={t(`listDesigner.tree.props.${name}`)} hint={hint} error={invalid}>
            <Input
              size="small"
              value={value[key] ?? ''}
              placeholder={fallback}
              status={invalid ? 'error' : undefined}
              onChange={(e) => set({ [key]: e.target.value })}
              aria-label={t(`listDesigner.tree.props.${name}`)}
              data-testid={`tree-props-${name}`}
            />
          </Row>
        );
      })}
    </>
  );
}

/**
 * The list as a whole: its type with the settings that type needs (tree source and relation,
 * group field, parent field), paging, default sort, the summary row and thousands separators.
 */
export function ListSettings({ value, onChange, choices }: Props) {
  const { t } = useTranslation();
  const type = value.type ?? 1;
  const source = TREE_SOURCES.find((v) => v === value.treeDataSource) ?? 'dictionary';
  const set = (patch: Partial<ColumnData>) => onChange({ ...value, ...patch });
  // The list reads, sorts and filters the main table: sub-table columns are no use here.
  const main = choices.filter((c) => !c.table);
  const fieldOptions = main.map((c) => ({ value: c.key, label: `${c.label} (${c.key})` }));
  const columnOptions = value.columnList
    .filter((c) => !choices.find((x) => x.key === c.prop)?.table)
    .map((c) => ({ value: c.prop, label: c.label || c.prop }));
  const numberColumns = value.columnList
    .filter((c) => choices.find((x) => x.key === c.prop)?.category === 'number')
    .map((c) => ({ value: c.prop, label: c.label || c.prop }));
  const select = (placeholder = t('listDesigner.selectPlaceholder')) => ({
    size: 'small' as const,
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    placeholder,
    style: { width: '100%' },
  });

  return (
    <div className={styles.settings} data-testid="list-designer-list">
      <div className={styles.sectionTitle}>{t('listDesigner.listType.label')}</div>
      <Radio.Group
        className={styles.typeGroup}
        value={type}
        onChange={(e) => set({ type: e.target.value as ListType })}
        data-testid="list-type"
      >
        {LIST_TYPES.map((v) => (
          <Radio key={v} value={v} className={styles.typeOption} data-testid={`list-type-${v}`}>
            <span className={styles.typeName}>{t(`listDesigner.listType.${v}`)}</span>
            <span className={styles.hint}>{t(`listDesigner.listTypeHint.${v}`)}</span>
          </Radio>
        ))}
      </Radio.Group>

      {type === 2 && (
        <div className={styles.typeSettings} data-testid="tree-settings">
          <Row label={t('listDesigner.tree.title')}>
            <Input
              size="small"
              value={value.treeTitle ?? ''}
              onChange={(e) => set({ treeTitle: e.target.value })}
              data-testid="tree-title"
            />
          </Row>
          <Row label={t('listDesigner.tree.source')}>
            <Segmented
              size="small"
              block
              value={source}
              onChange={(treeDataSource) => set({ treeDataSource: treeDataSource as TreeDataSource })}
              options={TREE_SOURCES.map((v) => ({ value: v, label: t(`listDesigner.tree.${v}`) }))}
              data-testid="tree-source"
            />
          </Row>
          {source === 'dictionary' && (
            <Row label={t('listDesigner.tree.dictionaryPick')}>
              <DictionaryTypePicker
                value={value.treeDictionary}
                onChange={(treeDictionary) => set({ treeDictionary, treeDataSource: 'dictionary' })}
              />
            </Row>
          )}
          {source === 'api' && <TreeInterfaceSettings value={value} set={set} />}
          <Row label={t('listDesigner.tree.relation')} hint={t('listDesigner.tree.relationHint')}>
            <Select
              {...select()}
              value={value.treeRelation || undefined}
              onChange={(treeRelation: string | undefined) => set({ treeRelation: treeRelation ?? '' })}
              options={fieldOptions}
              aria-label={t('listDesigner.tree.relation')}
              data-testid="tree-relation"
            />
          </Row>
        </div>
      )}
      {type === 3 && (
        <div className={styles.typeSettings} data-testid="group-settings">
          <Row label={t('listDesigner.group.field')} hint={t('listDesigner.group.hint')}>
            <Select
              {...select()}
              value={value.groupField || undefined}
              onChange={(groupField: string | undefined) => set({ groupField: groupField ?? '' })}
              options={columnOptions}
              aria-label={t('listDesigner.group.field')}
              data-testid="group-field"
            />
          </Row>
        </div>
      )}
      {type === 4 && <div className={`${styles.typeSettings} ${styles.hint}`}>{t('listDesigner.inlineHint')}</div>}
      {type === 5 && (
        <div className={styles.typeSettings} data-testid="parent-settings">
          <Row label={t('listDesigner.parent.field')} hint={t('listDesigner.parent.hint')}>
            <Select
              {...select()}
              value={value.parentField || undefined}
              onChange={(parentField: string | undefined) => set({ parentField: parentField ?? '' })}
              options={fieldOptions}
              aria-label={t('listDesigner.parent.field')}
              data-testid="parent-field"
            />
          </Row>
        </div>
      )}

      <Divider size="small" />
      <Row label={t('listDesigner.paging')}>
        <Switch
          size="small"
          checked={value.hasPage !== false}
          onChange={(hasPage) => set({ hasPage })}
          data-testid="has-page"
        />
      </Row>
      {value.hasPage !== false && (
        <Row label={t('listDesigner.pageSize')}>
          <Segmented
            size="small"
            block
            value={PAGE_SIZES.includes(value.pageSize ?? 20) ? (value.pageSize ?? 20) : 20}
            onChange={(pageSize) => set({ pageSize: Number(pageSize) })}
            options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
            data-testid="page-size"
          />
        </Row>
      )}
      <Row label={t('listDesigner.sortField')}>
        <Select
          {...select(t('listDesigner.sortFieldNone'))}
          value={value.defaultSidx || undefined}
          onChange={(defaultSidx: string | undefined) => set({ defaultSidx: defaultSidx ?? '' })}
          options={fieldOptions}
          aria-label={t('listDesigner.sortField')}
          data-testid="sort-field"
        />
      </Row>
      <Row label={t('listDesigner.sort')}>
        <Segmented
          size="small"
          block
          value={value.sort === 'asc' ? 'asc' : 'desc'}
          onChange={(sort) => set({ sort: sort as 'asc' | 'desc' })}
          options={[
            { value: 'asc', label: t('listDesigner.asc') },
            { value: 'desc', label: t('listDesigner.desc') },
          ]}
          data-testid="sort-direction"
        />
      </Row>

      <Divider size="small" />
      <Row label={t('listDesigner.summary')}>
        <Switch
          size="small"
          checked={value.showSummary === true}
          onChange={(showSummary) => set({ showSummary })}
          data-testid="show-summary"
        />
      </Row>
      {value.showSummary && (
        <Row label={t('listDesigner.summaryField')} hint={t('listDesigner.numberOnly')}>
          <Select
            {...select()}
            mode="multiple"
            value={value.summaryField ?? []}
            onChange={(summaryField: string[]) => set({ summaryField })}
            options={numberColumns}
            aria-label={t('listDesigner.summaryField')}
            data-testid="summary-field"
          />
        </Row>
      )}
      <Row label={t('listDesigner.thousandsField')} hint={t('listDesigner.numberOnly')}>
        <Select
          {...select()}
          mode="multiple"
          value={value.thousandsField ?? []}
          onChange={(thousandsField: string[]) => set({ thousandsField })}
          options={numberColumns}
          aria-label={t('listDesigner.thousandsField')}
          data-testid="thousands-field"
        />
      </Row>
    </div>
  );
}
